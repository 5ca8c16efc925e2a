import { Body, Controller, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import type { FastifyReply } from 'fastify';
import { Actor, CurrentActor } from '../common/actor';
import { Audited } from '../auditoria/audited.decorator';
import { RecibirDteDto } from './dto/recibir-dte.dto';
import { RecepcionService } from './recepcion.service';
import { RecepcionResultView } from './dto/recepcion.view';

@ApiTags('dte-recepcion')
@Callers('admin')
@Controller('contable')
export class RecepcionController {
  constructor(private readonly recepcion: RecepcionService) {}

  @Post('recibir-dte')
  @Audited({ accion: 'recibir_dte', entidad: 'factura', kind: 'write' })
  @ApiOperation({ summary: 'Register received DTEs (33, 34, 56, 61) with their entries; idempotent per (emisor, tipo, folio)' })
  @ApiCreatedResponse({ type: RecepcionResultView, description: 'At least one new factura was registered' })
  @ApiOkResponse({ type: RecepcionResultView, description: 'Nothing new: duplicates and/or DTEs for another receptor' })
  @ApiProblemResponses(
    400,
    401,
    403,
    404,
    { status: 409, errors: ['period_closed'] },
    { status: 422, errors: ['invalid_dte', 'encoding_invalid', 'tipo_dte_unsupported', 'dte_rejected'] },
    { status: 502, errors: ['gateway_unavailable'] },
    { status: 503, errors: ['gateway_unavailable'] },
    { status: 504, errors: ['gateway_unavailable'] },
  )
  async receive(
    @Body() dto: RecibirDteDto,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RecepcionResultView> {
    const result = await this.recepcion.receive(dto, actor);
    reply.status(result.facturas.some((f) => !f.duplicada) ? 201 : 200);
    return result;
  }
}
