import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { Actor, CurrentActor } from '../common/actor';
import { MesQueryDto } from '../common/dto/mes-query.dto';
import { Audited } from '../auditoria/audited.decorator';
import { GATEWAY_PROBLEMS } from '../gateway/gateway-problems';
import { ConfirmarDiferenciaDto, DescartarDiferenciaDto, RcvConciliacionView, RcvDiferenciaView } from './dto/rcv.dto';
import { RcvService } from './rcv.service';

/** The books reconciled with the SII's purchases and sales registers, RCV (docs/accounting.md "RCV reconciliation"). The accountant: admin. */
@ApiTags('rcv')
@Callers('admin')
@Controller('contable/rcv')
export class RcvController {
  constructor(private readonly rcv: RcvService) {}

  @Post('conciliar')
  @HttpCode(200)
  @Audited({ accion: 'conciliar_rcv', entidad: 'rcv_conciliacion', kind: 'write' })
  @ApiOperation({
    summary: "Reconcile a month's purchases and sales with the RCV now (through the gateway) and answer the reconciliation",
    description:
      'Each purchase or sale (33, 34, 56, 61) registered and not booked, booked and not registered, claimed in the RCV with its entry standing, or ' +
      'with other amounts, becomes a difference for the accountant to confirm or dismiss; a difference a later run no longer finds is ' +
      '`superada`. Nothing is written when the gateway fails.',
  })
  @ApiOkResponse({ type: RcvConciliacionView })
  @ApiProblemResponses(400, 401, 403, 404, { status: 422, errors: ['periodo_out_of_range'] }, ...GATEWAY_PROBLEMS)
  conciliar(@Body() dto: MesQueryDto, @CurrentActor() actor: Actor): Promise<RcvConciliacionView> {
    return this.rcv.conciliar(dto.empresa_id, dto.periodo, actor);
  }

  @Get('conciliacion')
  @Audited({ accion: 'consultar_conciliacion_rcv', entidad: 'rcv_conciliacion', kind: 'read' })
  @ApiOperation({ summary: "A month's reconciliation with the RCV: its last run and every difference, decided or not" })
  @ApiOkResponse({ type: RcvConciliacionView })
  @ApiProblemResponses(
    400,
    401,
    403,
    { status: 404, errors: ['not_found', 'conciliacion_not_found'] },
    { status: 422, errors: ['periodo_out_of_range'] },
  )
  conciliacion(@Query() q: MesQueryDto): Promise<RcvConciliacionView> {
    return this.rcv.conciliacion(q.empresa_id, q.periodo);
  }

  @Post('diferencias/:id/confirmar')
  @HttpCode(200)
  @Audited({ accion: 'confirmar_diferencia_rcv', entidad: 'rcv_diferencia', kind: 'write' })
  @ApiOperation({
    summary:
      'Confirm a difference: book a registered purchase or sale from the RCV data, reverse a claimed purchase (once), acknowledge the others',
  })
  @ApiOkResponse({ type: RcvDiferenciaView })
  @ApiProblemResponses(400, 401, 403, 404, { status: 409, errors: ['diferencia_already_decided', 'period_closed'] })
  confirmar(@Param('id') id: string, @Body() dto: ConfirmarDiferenciaDto, @CurrentActor() actor: Actor): Promise<RcvDiferenciaView> {
    return this.rcv.confirmar(id, dto, actor);
  }

  @Post('diferencias/:id/descartar')
  @HttpCode(200)
  @Audited({ accion: 'descartar_diferencia_rcv', entidad: 'rcv_diferencia', kind: 'write' })
  @ApiOperation({ summary: 'Dismiss a difference, with the reason; nothing is posted' })
  @ApiOkResponse({ type: RcvDiferenciaView })
  @ApiProblemResponses(400, 401, 403, 404, { status: 409, errors: ['diferencia_already_decided'] })
  descartar(@Param('id') id: string, @Body() dto: DescartarDiferenciaDto, @CurrentActor() actor: Actor): Promise<RcvDiferenciaView> {
    return this.rcv.descartar(id, dto, actor);
  }
}
