import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { Actor, CurrentActor } from '../common/actor';
import { Audited } from '../auditoria/audited.decorator';
import { CrearCuentaDto, PlanCuentasQueryDto } from './dto/crear-cuenta.dto';
import { PlanCuentasService } from './plan-cuentas.service';
import { CuentaView, CuentasView } from './dto/cuenta.view';

@ApiTags('plan-cuentas')
@Callers('admin')
@Controller('contable/plan-cuentas')
export class PlanCuentasController {
  constructor(private readonly cuentas: PlanCuentasService) {}

  @Get()
  @Audited({ accion: 'consultar_plan_cuentas', entidad: 'cuenta', kind: 'read' })
  @ApiOperation({ summary: 'Chart of accounts of an empresa, in code order' })
  @ApiOkResponse({ type: CuentasView })
  @ApiProblemResponses(400, 401, 403, 404)
  async list(@Query() q: PlanCuentasQueryDto): Promise<CuentasView> {
    return { cuentas: await this.cuentas.list(q.empresa_id) };
  }

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: CuentaView })
  @Audited({ accion: 'crear_cuenta', entidad: 'cuenta', kind: 'write' })
  @ApiOperation({ summary: 'Add an account below an existing one (at most 5 levels; the parent stops taking postings)' })
  @ApiProblemResponses(
    400,
    401,
    403,
    404,
    { status: 409, errors: ['codigo_taken', 'account_has_postings', 'system_account'] },
    { status: 422, errors: ['max_depth_exceeded', 'parent_not_found', 'invalid_codigo'] },
  )
  create(@Body() dto: CrearCuentaDto, @CurrentActor() actor: Actor): Promise<CuentaView> {
    return this.cuentas.create(dto, actor);
  }
}
