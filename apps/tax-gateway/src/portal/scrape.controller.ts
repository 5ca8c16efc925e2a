import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { Callers } from '@lib/auth';
import { ApiProblemResponses, CARPETA_TRIBUTARIA_JSON_SCHEMA } from '@lib/schemas';
import { CarpetaService } from './carpeta.service';
import { openApiSchema, PORTAL_PROBLEMS } from './openapi-schema';
import { CarpetaRequestDto } from './dto/carpeta.dto';
import type { CarpetaTributaria } from '@lib/portal';

const CARPETA_SCHEMA = openApiSchema(CARPETA_TRIBUTARIA_JSON_SCHEMA);

/** The SII portal's carpeta tributaria (docs/tax-gateway.md "Carpeta tributaria"), once a day per RUT. */
@ApiTags('portal')
@Callers('admin', 'assistant', 'accounting')
@Controller('tax/scrape')
export class ScrapeController {
  constructor(private readonly carpetas: CarpetaService) {}

  @Post('carpeta')
  @HttpCode(200)
  // Spec 1 "Limits": every route that reaches the portal is rate limited.
  @Throttle({ default: { limit: 10, ttl: 60_000 } })
  @ApiOperation({
    summary: "The carpeta tributaria as the portal generates it (PDF); the day's visit answers later requests (X-Scrape-Cache: hit)",
  })
  @ApiBody({ type: CarpetaRequestDto })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiProblemResponses(...PORTAL_PROBLEMS)
  async pdf(@Body() dto: CarpetaRequestDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const c = await this.carpetas.getCarpeta(dto.tenant, carpetaRut(dto), dto.proposito ?? 'creditos', dto.representado_rut);
    reply
      .header('content-type', 'application/pdf')
      .header('x-scrape-cache', c.cache ? 'hit' : 'miss')
      .header('x-scraped-at', c.scrapedAt.toISOString());
    return c.pdf;
  }

  @Post('carpeta/json')
  @HttpCode(200)
  @Throttle({ default: { limit: 10, ttl: 60_000 } })
  @ApiOperation({ summary: 'The carpeta tributaria as data (CarpetaTributaria, JSON Schema in libs/schemas)' })
  @ApiOkResponse({
    description: 'CarpetaTributaria with `scraped_at` (JSON Schema CARPETA_TRIBUTARIA_JSON_SCHEMA)',
    schema: CARPETA_SCHEMA,
  })
  @ApiProblemResponses(...PORTAL_PROBLEMS)
  async json(
    @Body() dto: CarpetaRequestDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CarpetaTributaria & { scraped_at: string }> {
    const c = await this.carpetas.getCarpeta(dto.tenant, carpetaRut(dto), dto.proposito ?? 'creditos', dto.representado_rut);
    reply.header('x-scrape-cache', c.cache ? 'hit' : 'miss').header('x-scraped-at', c.scrapedAt.toISOString());
    return { ...c.carpeta, scraped_at: c.scrapedAt.toISOString() };
  }
}

/** Whose carpeta: `rut`, else the representado's, else the tenant's own. */
function carpetaRut(dto: CarpetaRequestDto): string {
  return dto.rut ?? dto.representado_rut ?? dto.tenant;
}
