import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { OidcBearerGuard, OidcUser, Public, type OidcPrincipal } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { PaginaParamDto, PaginaQueryDto } from './dto/pagina.dto';
import { SECCIONES_PAGINA } from './layout';
import { PaginasService } from './paginas.service';

const HTML = 'text/html; charset=utf-8';

/**
 * Reporting pages for people (docs/accounting.md "Reporting pages"): public routes for browsers (no caller key), each needing a signed-in
 * end user's OIDC bearer token with the role `contador` or the group `empresa:<RUT>`.
 */
@ApiTags('paginas')
@Public()
@UseGuards(OidcBearerGuard)
@Controller('contable/paginas')
export class PaginasController {
  constructor(private readonly paginas: PaginasService) {}

  @Get(':empresa_id/:seccion')
  @ApiOperation({
    summary: "An empresa's balance, estado de resultados, libro mayor, F29 draft or RCV reconciliation, as an HTML page in Spanish",
  })
  @ApiParam({ name: 'seccion', enum: SECCIONES_PAGINA })
  @ApiProduces(HTML)
  @ApiOkResponse({ description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiProblemResponses(
    400,
    { status: 401, errors: ['unauthenticated', 'invalid_token'] },
    { status: 403, errors: ['forbidden_empresa'] },
    404,
    { status: 422, errors: ['periodo_out_of_range'] },
  )
  async show(
    @Param() p: PaginaParamDto,
    @Query() q: PaginaQueryDto,
    @OidcUser() user: OidcPrincipal | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const page = await this.paginas.render(p.empresa_id, p.seccion, q.periodo, user);
    await reply.header('Cache-Control', 'private, no-store').type(HTML).send(page);
  }
}
