import { Body, Controller, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import type { FastifyReply } from 'fastify';
import { Actor, CurrentActor } from '../common/actor';
import { Audited } from '../auditoria/audited.decorator';
import { PollerDeliveryDto } from './dto/poller-delivery.dto';
import { PollerEndpointService } from './poller-endpoint.service';
import { MensajeDuplicadoView, MensajeProcesadoView } from './dto/mensaje.view';

/** The mailbox poller's service-to-service endpoint (docs/spec/3-style-catalog-and-accounting.md; docs/accounting-poller.md). */
@ApiTags('poller')
@Controller('contable/poller')
export class PollerEndpointController {
  constructor(private readonly service: PollerEndpointService) {}

  @Post('recibir-dte')
  @Callers('poller')
  @Audited({ accion: 'poller_recibir_dte', entidad: 'mensaje', kind: 'write' })
  @ApiOperation({ summary: 'Book the DTEs of one e-mail, deduplicated by Message-ID, in one transaction (caller: poller)' })
  @ApiExtraModels(MensajeProcesadoView, MensajeDuplicadoView)
  @ApiCreatedResponse({ type: MensajeProcesadoView, description: '`status: processed`, at least one new factura' })
  @ApiOkResponse({
    description: '`status: duplicate` (Message-ID seen before), or `processed` with nothing new',
    schema: { oneOf: [{ $ref: getSchemaPath(MensajeProcesadoView) }, { $ref: getSchemaPath(MensajeDuplicadoView) }] },
  })
  @ApiProblemResponses(
    400,
    401,
    403,
    { status: 409, errors: ['period_closed'] },
    { status: 422, errors: ['empresa_not_found', 'no_dte', 'invalid_dte', 'encoding_invalid', 'tipo_dte_unsupported', 'dte_rejected'] },
    { status: 502, errors: ['gateway_unavailable'] },
    { status: 503, errors: ['gateway_unavailable'] },
    { status: 504, errors: ['gateway_unavailable'] },
  )
  async receive(
    @Body() dto: PollerDeliveryDto,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MensajeProcesadoView | MensajeDuplicadoView> {
    const answer = await this.service.deliver(dto, actor);
    reply.status(answer.status);
    return answer.body;
  }
}
