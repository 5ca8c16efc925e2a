import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { UPSTREAM_PROBLEMS } from '../sii/sii-problems';
import { AutorizadosService } from './autorizados.service';
import { ContribuyenteService, TaxpayerLookup } from './contribuyente.service';
import {
  AutorizadosEstadoView,
  CacheClearQueryDto,
  ContribuyenteView,
  EstadoView,
  GirosView,
  OptionalTenantQueryDto,
  RepresentantesView,
  RutParamDto,
  TaxpayerBaseView,
  TenantRutQueryDto,
} from './dto/contribuyente.dto';

const NOT_FOUND = { status: 404, errors: ['taxpayer_not_found'] };

@ApiTags('contribuyente')
@Controller('tax/contribuyente')
export class ContribuyenteController {
  constructor(
    private readonly service: ContribuyenteService,
    private readonly autorizadosService: AutorizadosService,
  ) {}

  @Get('datos')
  @Callers('admin', 'assistant', 'accounting')
  @ApiOperation({ summary: 'Canonical taxpayer data (legal name, address, giros) and normalized RUT; cached 24 h' })
  @ApiOkResponse({ type: ContribuyenteView })
  @ApiProblemResponses(400, 401, 403, NOT_FOUND, ...UPSTREAM_PROBLEMS)
  async getDatos(@Query() q: TenantRutQueryDto): Promise<ContribuyenteView> {
    return toContribuyenteView(await this.service.lookup(q.rut ?? q.tenant, q.tenant));
  }

  @Get('datos-rut/:rut')
  @Callers('admin', 'assistant', 'accounting')
  @ApiOperation({ summary: 'Same as datos with the RUT in the path (for webhook handlers)' })
  @ApiOkResponse({ type: ContribuyenteView })
  @ApiProblemResponses(400, 401, 403, NOT_FOUND, ...UPSTREAM_PROBLEMS)
  async getDatosOfRut(@Param() p: RutParamDto, @Query() q: OptionalTenantQueryDto): Promise<ContribuyenteView> {
    return toContribuyenteView(await this.service.lookup(p.rut, q.tenant ?? p.rut));
  }

  @Get('estado')
  @Callers('admin', 'assistant')
  @ApiOperation({ summary: 'Tax status of the taxpayer; cached 24 h' })
  @ApiOkResponse({ type: EstadoView })
  @ApiProblemResponses(400, 401, 403, NOT_FOUND, ...UPSTREAM_PROBLEMS)
  async getEstado(@Query() q: TenantRutQueryDto): Promise<EstadoView> {
    const found = await this.service.lookup(q.rut ?? q.tenant, q.tenant);
    return { rut: found.record.rut, estado: found.record.estado, ...meta(found) };
  }

  @Get('giros')
  @Callers('admin', 'assistant')
  @ApiOperation({ summary: 'Active lines of business (giros); cached 24 h' })
  @ApiOkResponse({ type: GirosView })
  @ApiProblemResponses(400, 401, 403, NOT_FOUND, ...UPSTREAM_PROBLEMS)
  async listGiros(@Query() q: TenantRutQueryDto): Promise<GirosView> {
    const found = await this.service.lookup(q.rut ?? q.tenant, q.tenant);
    return { rut: found.record.rut, giros: found.record.giros, ...meta(found) };
  }

  @Get('representantes')
  @Callers('admin', 'assistant')
  @ApiOperation({ summary: 'Legal representatives; cached 24 h' })
  @ApiOkResponse({ type: RepresentantesView })
  @ApiProblemResponses(400, 401, 403, NOT_FOUND, ...UPSTREAM_PROBLEMS)
  async listRepresentantes(@Query() q: TenantRutQueryDto): Promise<RepresentantesView> {
    const found = await this.service.lookup(q.rut ?? q.tenant, q.tenant);
    return { rut: found.record.rut, representantes: found.record.representantes, ...meta(found) };
  }

  @Get('autorizados')
  @Callers('admin')
  @ApiOperation({ summary: "The stored copy of the SII's list of DTE-authorized taxpayers: when it was downloaded, how many rows" })
  @ApiOkResponse({ type: AutorizadosEstadoView })
  @ApiProblemResponses(401, 403)
  async getAutorizados(): Promise<AutorizadosEstadoView> {
    const ultima = await this.autorizadosService.findLastDescarga();
    return { ambiente: this.autorizadosService.ambiente, descargado_en: ultima?.descargado_en ?? null, filas: ultima?.filas ?? 0 };
  }

  @Post('autorizados/refresh')
  @Callers('admin')
  @HttpCode(200)
  @ApiOperation({ summary: "Download the SII's list of DTE-authorized taxpayers now (it is also downloaded at boot and daily)" })
  @ApiOkResponse({ type: AutorizadosEstadoView })
  @ApiProblemResponses(401, 403, ...UPSTREAM_PROBLEMS)
  async refreshAutorizados(): Promise<AutorizadosEstadoView> {
    const d = await this.autorizadosService.refresh();
    return { ambiente: d.ambiente, descargado_en: d.descargado_en, filas: d.filas };
  }

  @Post('cache/clear')
  @Callers('admin')
  @HttpCode(204)
  @ApiOperation({ summary: 'Clear the taxpayer cache (one RUT with ?rut=, else all)' })
  @ApiNoContentResponse({ description: 'Cleared' })
  @ApiProblemResponses(400, 401, 403)
  async clear(@Query() q: CacheClearQueryDto): Promise<void> {
    await this.service.clear(q.rut);
  }
}

function meta(found: TaxpayerLookup): Omit<TaxpayerBaseView, 'rut'> {
  return { fetched_at: found.fetchedAt.toISOString(), cached: found.cached };
}

function toContribuyenteView(found: TaxpayerLookup): ContribuyenteView {
  const { record } = found;
  return {
    rut: record.rut,
    razon_social: record.razon_social,
    fuente: record.fuente,
    direccion: record.direccion,
    comuna: record.comuna,
    giros: record.giros,
    representantes: record.representantes,
    estado: record.estado,
    inicio_actividades: record.inicio_actividades,
    autorizacion_dte: record.autorizacion_dte,
    ...meta(found),
  };
}
