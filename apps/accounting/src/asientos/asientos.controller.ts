import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import type { FastifyReply } from 'fastify';
import { Actor, CurrentActor } from '../common/actor';
import { sendIdempotent } from '../common/idempotent-reply';
import { Audited } from '../auditoria/audited.decorator';
import { AsientosService } from './asientos.service';
import { AsientoQueryDto, CrearAsientoDto, ReversaDto } from './dto/crear-asiento.dto';
import { AsientoView } from './dto/asiento.view';

const IDEMPOTENCY_HEADER = {
  name: 'Idempotency-Key',
  required: false,
  description: 'Retrying with the same key and body returns the first answer (header Idempotent-Replayed: true); another body gets 409.',
};

@ApiTags('asientos')
@Callers('admin')
@Controller('contable/asientos')
export class AsientosController {
  constructor(private readonly asientos: AsientosService) {}

  @Post()
  @HttpCode(201)
  @Audited({ accion: 'crear_asiento', entidad: 'asiento', kind: 'write' })
  @ApiOperation({ summary: 'Post a balanced entry (lines name accounts by codigo; whole CLP pesos)' })
  @ApiCreatedResponse({ type: AsientoView })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiProblemResponses(
    400,
    401,
    403,
    404,
    { status: 409, errors: ['period_closed', 'idempotency_key_reused'] },
    { status: 422, errors: ['unbalanced_entry', 'unknown_account', 'account_not_postable'] },
  )
  async create(
    @Body() dto: CrearAsientoDto,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Headers('idempotency-key') key?: string,
  ): Promise<AsientoView> {
    return sendIdempotent(reply, await this.asientos.create(dto, actor, key));
  }

  @Post(':id/reversa')
  @HttpCode(201)
  @Audited({ accion: 'reversar_asiento', entidad: 'asiento', kind: 'write' })
  @ApiOperation({ summary: 'Reverse a posted entry (posted entries are immutable; this posts the opposite entry)' })
  @ApiCreatedResponse({ type: AsientoView })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiProblemResponses(400, 401, 403, 404, { status: 409, errors: ['already_reversed', 'period_closed', 'idempotency_key_reused'] })
  async reverse(
    @Param('id') id: string,
    @Body() dto: ReversaDto,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Headers('idempotency-key') key?: string,
  ): Promise<AsientoView> {
    return sendIdempotent(reply, await this.asientos.reverse(id, dto ?? {}, actor, key));
  }

  @Get(':id')
  @Audited({ accion: 'consultar_asiento', entidad: 'asiento', kind: 'read' })
  @ApiOperation({ summary: 'One entry with its lines' })
  @ApiOkResponse({ type: AsientoView })
  @ApiProblemResponses(400, 401, 403, 404)
  get(@Param('id') id: string, @Query() q: AsientoQueryDto): Promise<AsientoView> {
    return this.asientos.get(id, q.empresa_id);
  }
}
