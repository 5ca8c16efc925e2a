import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { Callers } from '@lib/auth';
import { ApiProblemResponses, EMPRESA_JSON_SCHEMA, MODIFICACIONES_EMPRESA_JSON_SCHEMA } from '@lib/schemas';
import { RutParamDto } from '../contribuyente/dto/contribuyente.dto';
import { PortalSesionQueryDto } from './dto/portal-query.dto';
import { openApiSchema, PORTAL_PROBLEMS, PORTAL_THROTTLE } from './openapi-schema';
import { RegistroService } from './registro.service';

const FRESCURA = {
  fetched_at: { type: 'string', format: 'date-time', description: 'When the portal was read' },
  cached: { type: 'boolean' },
} as const;
const REGISTRO_PROBLEMS = [...PORTAL_PROBLEMS, { status: 404, errors: ['empresa_not_found'] }];

/** The company registry (docs/tax-gateway.md "Company registry"). */
@ApiTags('portal')
@Controller('tax/registro')
export class RegistroController {
  constructor(private readonly registro: RegistroService) {}

  @Get('empresa/:rut')
  @Callers('admin', 'assistant')
  @Throttle(PORTAL_THROTTLE)
  @ApiOperation({ summary: 'The company registry record (Empresa); cached 24 h' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['fetched_at', 'cached', 'empresa'],
      properties: { ...FRESCURA, empresa: openApiSchema(EMPRESA_JSON_SCHEMA) },
    },
  })
  @ApiProblemResponses(...REGISTRO_PROBLEMS)
  async getEmpresa(@Param() p: RutParamDto, @Query() q: PortalSesionQueryDto): Promise<object> {
    const r = await this.registro.getEmpresa(q.tenant, p.rut, q.representado_rut);
    return { fetched_at: r.loadedAt.toISOString(), cached: r.cached, empresa: r.value };
  }

  @Get('empresa/:rut/historial')
  @Callers('admin', 'assistant')
  @Throttle(PORTAL_THROTTLE)
  @ApiOperation({ summary: 'The registered modifications of the company, as the registry lists them; cached 24 h' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['rut', 'fetched_at', 'cached', 'modificaciones'],
      properties: { rut: { type: 'string' }, ...FRESCURA, modificaciones: openApiSchema(MODIFICACIONES_EMPRESA_JSON_SCHEMA) },
    },
  })
  @ApiProblemResponses(...REGISTRO_PROBLEMS)
  async getHistorial(@Param() p: RutParamDto, @Query() q: PortalSesionQueryDto): Promise<object> {
    const r = await this.registro.getHistorial(q.tenant, p.rut, q.representado_rut);
    return { rut: p.rut, fetched_at: r.loadedAt.toISOString(), cached: r.cached, modificaciones: r.value };
  }

  @Post('cache/clear')
  @HttpCode(204)
  @Callers('admin')
  @ApiOperation({ summary: 'Empty the company registry cache' })
  @ApiNoContentResponse({ description: 'Cleared' })
  @ApiProblemResponses(401, 403)
  async clear(): Promise<void> {
    await this.registro.clear();
  }
}
