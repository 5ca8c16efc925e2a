import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { Caller, Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { UPSTREAM_PROBLEMS } from '../sii/sii-problems';
import { CederDto, CesionIdParamDto, CesionView, RecibirAecDto } from './dto/cesion.dto';
import { CesionService } from './cesion.service';
import { CesionRecibida } from './cesion-recibida';

@ApiTags('cesion')
@Controller('tax/cesion')
export class CesionController {
  constructor(
    private readonly cesiones: CesionService,
    private readonly recibidas: CesionRecibida,
  ) {}

  @Post('ceder')
  @Callers('admin', 'accounting')
  @HttpCode(201)
  @Throttle({ default: { limit: 20, ttl: 60_000 } })
  @ApiOperation({
    summary: 'Assign an own factura (33, 34, 43, 46) to a factoring company: AEC built, signed, sent to the SII registry (RPETC)',
    description:
      'Refused while the SII has not accepted the document, when its receiver claimed it, or before its receipt (ERM, ACD, or 8 days ' +
      'since the SII received it; or declaracion_jurada). Answers the cesión `uploaded` with its trackid; the reconciler follows ' +
      'the registry’s getEstEnvio to EOK or a refusal.',
  })
  @ApiCreatedResponse({ type: CesionView })
  @ApiProblemResponses(
    400,
    401,
    403,
    { status: 404, errors: ['emision_not_found', 'taxpayer_not_found'] },
    { status: 409, errors: ['cesion_already_registered', 'cesion_not_current', 'dte_not_accepted', 'dte_claimed', 'acuse_recibo_missing'] },
    {
      status: 422,
      errors: ['tipo_dte_not_cedible', 'monto_cesion_exceeds_total', 'vencimiento_before_emision', 'taxpayer_incomplete', 'dte_invalid'],
    },
    { status: 429, errors: ['rate_limited'] },
    { status: 500, errors: ['internal_error', 'xsd_invalid'] },
    ...UPSTREAM_PROBLEMS,
  )
  ceder(@Body() body: CederDto, @Caller() caller?: string): Promise<CesionView> {
    return this.cesiones.ceder(body, caller);
  }

  @Post('recibir')
  @Callers('admin', 'accounting')
  @HttpCode(201)
  @Throttle({ default: { limit: 20, ttl: 60_000 } })
  @ApiOperation({
    summary: 'Receive an AEC that assigns a document to the tenant (as cesionario): checked, kept, confirmed with the registry',
  })
  @ApiCreatedResponse({ type: CesionView })
  @ApiProblemResponses(
    400,
    401,
    403,
    { status: 409, errors: ['cesion_already_registered'] },
    { status: 422, errors: ['aec_invalid', 'cesionario_mismatch', 'aec_signature_invalid'] },
    { status: 429, errors: ['rate_limited'] },
    { status: 500, errors: ['internal_error'] },
    ...UPSTREAM_PROBLEMS,
  )
  recibir(@Body() body: RecibirAecDto, @Caller() caller?: string): Promise<CesionView> {
    return this.recibidas.recibir(body, caller);
  }

  @Post(':cesion_id/reenviar')
  @Callers('admin')
  @HttpCode(200)
  @Throttle({ default: { limit: 20, ttl: 60_000 } })
  @ApiOperation({
    summary: 'Upload the stored AEC again (the same bytes); only for an assigned AEC never sent or whose upload failed',
  })
  @ApiOkResponse({ type: CesionView })
  @ApiProblemResponses(
    400,
    401,
    403,
    { status: 404, errors: ['cesion_not_found'] },
    { status: 409, errors: ['not_resendable'] },
    { status: 429, errors: ['rate_limited'] },
    ...UPSTREAM_PROBLEMS,
  )
  reenviar(@Param() p: CesionIdParamDto): Promise<CesionView> {
    return this.cesiones.reenviarPorId(p.cesion_id);
  }

  @Get(':cesion_id')
  @Callers('admin', 'accounting')
  @ApiOperation({ summary: 'A cesión with its state at the registry and its history' })
  @ApiOkResponse({ type: CesionView })
  @ApiProblemResponses(400, 401, 403, { status: 404, errors: ['cesion_not_found'] })
  get(@Param() p: CesionIdParamDto): Promise<CesionView> {
    return this.cesiones.get(p.cesion_id);
  }
}
