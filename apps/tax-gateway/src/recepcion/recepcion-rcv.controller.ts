import { Body, Controller, Get, HttpCode, Param, Post, applyDecorators } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, Callers } from '@lib/auth';
import { ApiProblemResponses, type ProblemResponseSpec } from '@lib/schemas';
import { UPSTREAM_PROBLEMS } from '../sii/sii-problems';
import { AceptarBodyDto, RecepcionEventoView, RecepcionEventosView, ReclamarBodyDto } from './dto/recepcion-rcv.dto';
import { RecepcionIdParamDto } from './dto/recepcion.dto';
import { RecepcionRcvService } from './recepcion-rcv.service';
import { Auditar } from '../auditoria/auditar.decorator';

const RCV_PROBLEMS: (number | ProblemResponseSpec)[] = [
  400,
  401,
  403,
  { status: 404, errors: ['recepcion_not_found'] },
  { status: 422, errors: ['tipo_not_applicable'] },
  ...UPSTREAM_PROBLEMS,
];

/** The answer, problems and receipt of a route that registers an event in the RCV. */
const RcvEventoRoute = (): MethodDecorator =>
  applyDecorators(
    ApiCreatedResponse({ type: RecepcionEventoView }),
    ApiProblemResponses(...RCV_PROBLEMS, {
      status: 409,
      errors: ['not_received_by_sii', 'plazo_expired', 'evento_already_registered', 'evento_refused'],
    }),
    Auditar('rcv_evento', async (r: RecepcionEventoView, _req, filas) => ({
      ...(await filas.findRow('recepcion', r.recepcion_id)),
      recurso: r.evento_id,
    })),
  );

/** Acceptance and claims of received DTEs in the RCV (docs/tax-gateway.md "Reception"). */
@ApiTags('recepcion')
@Controller('tax/recepcion')
export class RecepcionRcvController {
  constructor(private readonly rcv: RecepcionRcvService) {}

  @Post(':recepcion_id/aceptar')
  @Callers('admin', 'accounting')
  @HttpCode(201)
  @ApiOperation({ summary: 'Register in the RCV the acceptance of the content (ACD) or the receipt of goods or services (ERM)' })
  @RcvEventoRoute()
  accept(@Param() p: RecepcionIdParamDto, @Body() body: AceptarBodyDto, @Caller() caller?: string): Promise<RecepcionEventoView> {
    return this.rcv.register(p.recepcion_id, body.accion ?? 'ACD', null, caller);
  }

  @Post(':recepcion_id/reclamar')
  @Callers('admin', 'accounting')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Register in the RCV a claim: RCD (content), RFP or RFT (partial or total lack of goods); within 8 days of the SII reception',
    description:
      'The claim with legal effect (Ley 19.983 art. 3): a ResultadoDTE sent to the supplier alone has none. The SII judges the ' +
      "8 days: it is always asked, its codResp 8 is 409 plazo_expired; the gateway's own count only adds `advertencias`.",
  })
  @RcvEventoRoute()
  claim(@Param() p: RecepcionIdParamDto, @Body() body: ReclamarBodyDto, @Caller() caller?: string): Promise<RecepcionEventoView> {
    return this.rcv.register(p.recepcion_id, body.accion, body.motivo, caller);
  }

  @Get(':recepcion_id/eventos')
  @Callers('admin', 'assistant', 'accounting', 'mailer')
  @ApiOperation({ summary: "The DTE's events in the RCV as the SII lists them, its SII reception date and the 8-day window" })
  @ApiOkResponse({ type: RecepcionEventosView })
  @ApiProblemResponses(...RCV_PROBLEMS)
  listEventos(@Param() p: RecepcionIdParamDto): Promise<RecepcionEventosView> {
    return this.rcv.listEventos(p.recepcion_id);
  }
}
