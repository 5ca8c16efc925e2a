import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { Callers } from '@lib/auth';
import { ApiProblemResponses, CARPETA_TRIBUTARIA_JSON_SCHEMA } from '@lib/schemas';
import { CarpetaService } from './carpeta.service';
import { CarpetaJsonDto, CarpetaRequestDto } from './dto/carpeta.dto';

// The carpeta's JSON Schema (libs/schemas) inlined in the OpenAPI answer, without its draft and id keywords.
const { $schema: _draft, $id: _id, ...CARPETA_SCHEMA } = CARPETA_TRIBUTARIA_JSON_SCHEMA;

const PORTAL_PROBLEMS = [
  400,
  401,
  403,
  { status: 429, errors: ['rate_limited'] },
  { status: 409, errors: ['session_expired'] },
  { status: 502, errors: ['portal_error', 'sii_rejected'] },
  { status: 503, errors: ['portal_unavailable', 'portal_busy', 'sii_unavailable'] },
  { status: 504, errors: ['portal_timeout', 'sii_timeout'] },
];

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
    const c = await this.carpetas.obtener(dto.tenant, carpetaRut(dto), dto.proposito ?? 'creditos', dto.representado_rut);
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
    description: 'The carpeta',
    schema: {
      type: 'object',
      required: ['rut', 'proposito', 'scraped_at', 'carpeta'],
      properties: {
        rut: { type: 'string' },
        proposito: { type: 'string' },
        scraped_at: { type: 'string', format: 'date-time' },
        carpeta: CARPETA_SCHEMA as unknown as SchemaObject,
      },
    },
  })
  @ApiProblemResponses(...PORTAL_PROBLEMS)
  async json(@Body() dto: CarpetaRequestDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<CarpetaJsonDto> {
    const proposito = dto.proposito ?? 'creditos';
    const rut = carpetaRut(dto);
    const c = await this.carpetas.obtener(dto.tenant, rut, proposito, dto.representado_rut);
    reply.header('x-scrape-cache', c.cache ? 'hit' : 'miss');
    return { rut, proposito, scraped_at: c.scrapedAt.toISOString(), carpeta: c.carpeta as unknown as Record<string, unknown> };
  }
}

/** Whose carpeta: `rut`, else the representado's, else the tenant's own. */
function carpetaRut(dto: CarpetaRequestDto): string {
  return dto.rut ?? dto.representado_rut ?? dto.tenant;
}
