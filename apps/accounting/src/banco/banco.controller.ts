import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { Actor, CurrentActor } from '../common/actor';
import { Audited } from '../auditoria/audited.decorator';
import { GATEWAY_PROBLEMS } from '../gateway/gateway-problems';
import { ConciliacionBancariaService } from './conciliacion-bancaria.service';
import { ConciliacionBancariaView, ConciliarMovimientoDto, SugerenciasQueryDto, SugerenciasView } from './dto/banco.dto';

/** Bank reconciliation (docs/accounting.md "Bank reconciliation"). The accountant: admin. */
@ApiTags('banco')
@Callers('admin')
@Controller('contable/banco')
export class ConciliacionBancariaController {
  constructor(private readonly conciliacion: ConciliacionBancariaService) {}

  @Get('sugerencias')
  @Audited({ accion: 'consultar_sugerencias_banco', entidad: 'conciliacion_bancaria', kind: 'read' })
  @ApiOperation({
    summary:
      'The bank movements of a range not matched yet (from the gateway), each with the open sales or purchases it may settle and why',
  })
  @ApiOkResponse({ type: SugerenciasView })
  @ApiProblemResponses({ status: 400, errors: ['validation_failed', 'range_invalid'] }, 401, 403, 404, ...GATEWAY_PROBLEMS)
  sugerencias(@Query() q: SugerenciasQueryDto): Promise<SugerenciasView> {
    return this.conciliacion.sugerencias(q);
  }

  @Post('conciliar')
  @Audited({ accion: 'conciliar_movimiento', entidad: 'conciliacion_bancaria', kind: 'write' })
  @ApiOperation({
    summary: 'Match a bank movement with a sale (cobranza: Banco / Clientes) or a purchase (pago: Proveedores / Banco), once',
  })
  @ApiCreatedResponse({ type: ConciliacionBancariaView })
  @ApiProblemResponses(
    400,
    401,
    403,
    { status: 404, errors: ['not_found', 'movimiento_not_found'] },
    { status: 409, errors: ['movimiento_already_matched', 'period_closed'] },
    { status: 422, errors: ['documento_not_open', 'movimiento_direction_mismatch', 'monto_exceeds_saldo'] },
    ...GATEWAY_PROBLEMS,
  )
  conciliar(@Body() dto: ConciliarMovimientoDto, @CurrentActor() actor: Actor): Promise<ConciliacionBancariaView> {
    return this.conciliacion.conciliar(dto, actor);
  }
}
