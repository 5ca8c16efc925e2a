import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { IsRut } from '@lib/rut';
import { ApiProblemResponses } from '@lib/schemas';
import { IsOptional } from 'class-validator';
import { Actor, CurrentActor } from '../common/actor';
import { Audited } from '../auditoria/audited.decorator';
import { CrearEmpresaDto, TasaPpmDto } from './dto/crear-empresa.dto';
import { EmpresasService } from './empresas.service';
import { EmpresaView, EmpresasView } from './dto/empresa.view';

export class EmpresasQueryDto {
  @IsOptional()
  @IsRut()
  rut?: string;
}

@ApiTags('empresas')
@Callers('admin')
@Controller('contable/empresas')
export class EmpresasController {
  constructor(private readonly empresas: EmpresasService) {}

  @Post()
  @HttpCode(201)
  @Audited({ accion: 'crear_empresa', entidad: 'empresa', kind: 'write' })
  @ApiOperation({ summary: "Onboard an empresa from the tax gateway's canonical data and seed the 18-account chart" })
  @ApiCreatedResponse({ type: EmpresaView })
  @ApiProblemResponses(
    400,
    401,
    403,
    { status: 409, errors: ['empresa_exists'] },
    { status: 422, errors: ['taxpayer_unknown'] },
    { status: 502, errors: ['gateway_unavailable'] },
    { status: 503, errors: ['gateway_unavailable'] },
    { status: 504, errors: ['gateway_unavailable'] },
  )
  create(@Body() dto: CrearEmpresaDto, @CurrentActor() actor: Actor) {
    return this.empresas.create(dto, actor);
  }

  @Get()
  @Audited({ accion: 'listar_empresas', entidad: 'empresa', kind: 'read' })
  @ApiOperation({ summary: 'List empresas (filter by rut)' })
  @ApiOkResponse({ type: EmpresasView })
  @ApiProblemResponses(400, 401, 403)
  async list(@Query() q: EmpresasQueryDto): Promise<EmpresasView> {
    return { empresas: await this.empresas.list(q.rut) };
  }

  @Put(':id/tasa-ppm')
  @Audited({ accion: 'fijar_tasa_ppm', entidad: 'empresa', kind: 'write', empresaFromParam: true })
  @ApiOperation({ summary: "Set the empresa's PPM rate (percent), which the F29 applies to the month's gross income" })
  @ApiOkResponse({ type: EmpresaView })
  @ApiProblemResponses(400, 401, 403, 404)
  setTasaPpm(@Param('id') id: string, @Body() dto: TasaPpmDto, @CurrentActor() actor: Actor): Promise<EmpresaView> {
    return this.empresas.setTasaPpm(id, dto.tasa_ppm, actor);
  }

  @Get(':id')
  @Audited({ accion: 'consultar_empresa', entidad: 'empresa', kind: 'read', empresaFromParam: true })
  @ApiOperation({ summary: 'One empresa, with the taxpayer data it was created from' })
  @ApiOkResponse({ type: EmpresaView })
  @ApiProblemResponses(400, 401, 403, 404)
  get(@Param('id') id: string): Promise<EmpresaView> {
    return this.empresas.get(id);
  }
}
