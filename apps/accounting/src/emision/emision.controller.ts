import { Body, Controller, Headers, HttpCode, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import type { FastifyReply } from 'fastify';
import { Actor, CurrentActor } from '../common/actor';
import { sendIdempotent } from '../common/idempotent-reply';
import { Audited } from '../auditoria/audited.decorator';
import { EmitDteDto } from './dto/emit-dte.dto';
import { EmisionService } from './emision.service';
import { DocumentoEmitidoView } from './dto/documento-emitido.view';

@ApiTags('emision')
@Callers('admin')
@Controller('contable')
export class EmisionController {
  constructor(private readonly emision: EmisionService) {}

  @Post('emit-dte')
  @HttpCode(201)
  @Audited({ accion: 'emitir_dte', entidad: 'documento_emitido', kind: 'write' })
  @ApiOperation({ summary: 'Emit a DTE (33, 34, 56, 61; exports 110, 111, 112 in pesos) through the tax gateway and book the sale' })
  @ApiCreatedResponse({ type: DocumentoEmitidoView })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'Stored with the request digest before the gateway is called: a retry returns the first answer ' +
      '(Idempotent-Replayed: true), 409 idempotency_key_pending while the first is running, 409 idempotency_key_reused for another body.',
  })
  @ApiProblemResponses(
    400,
    401,
    403,
    404,
    { status: 409, errors: ['period_closed', 'idempotency_key_reused', 'idempotency_key_pending', 'caf_missing'] },
    { status: 422, errors: ['referencias_required', 'dte_invalid', 'taxpayer_incomplete'] },
    { status: 502, errors: ['sii_rejected', 'gateway_bad_response', 'gateway_auth_failed'] },
    { status: 503, errors: ['gateway_unavailable'] },
    { status: 504, errors: ['gateway_unavailable'] },
  )
  async emit(
    @Body() dto: EmitDteDto,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Headers('idempotency-key') key?: string,
  ): Promise<DocumentoEmitidoView> {
    return sendIdempotent(reply, await this.emision.emit(dto, actor, key));
  }
}
