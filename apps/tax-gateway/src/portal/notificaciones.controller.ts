import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { Callers } from '@lib/auth';
import { ApiProblemResponses, NOTIFICACION_JSON_SCHEMA } from '@lib/schemas';
import { BuzonService, buzonOf } from './buzon.service';
import { BuzonQueryDto, InboxDto, NotifIdParamDto } from './dto/portal-query.dto';
import { InboxService } from './inbox.service';
import { openApiSchema, PORTAL_PROBLEMS, PORTAL_THROTTLE } from './openapi-schema';

const NOTIFICACION = openApiSchema(NOTIFICACION_JSON_SCHEMA);
const FRESCURA = {
  rut: { type: 'string' },
  fetched_at: { type: 'string', format: 'date-time', description: 'When the portal was read' },
  cached: { type: 'boolean' },
} as const;

/** The taxpayer's SII mailbox (docs/tax-gateway.md "Notifications and documents"). */
@ApiTags('portal')
@Controller('tax/notificaciones')
export class NotificacionesController {
  constructor(
    private readonly buzon: BuzonService,
    private readonly inbox: InboxService,
  ) {}

  @Get()
  @Callers('admin', 'assistant', 'mailer')
  @Throttle(PORTAL_THROTTLE)
  @ApiOperation({ summary: 'The SII mailbox’s notifications, newest first (without their bodies); cached 1 h' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['rut', 'fetched_at', 'cached', 'notificaciones'],
      properties: { ...FRESCURA, notificaciones: { type: 'array', items: NOTIFICACION } },
    },
  })
  @ApiProblemResponses(...PORTAL_PROBLEMS)
  async list(@Query() q: BuzonQueryDto): Promise<object> {
    const b = buzonOf(q);
    const r = await this.buzon.listNotificaciones(b);
    return { rut: b.rut, fetched_at: r.loadedAt.toISOString(), cached: r.cached, notificaciones: r.value.notificaciones };
  }

  @Post('inbox')
  @HttpCode(200)
  @Callers('mailer')
  @Throttle(PORTAL_THROTTLE)
  @ApiOperation({
    summary:
      'An SII e-mail arrived for a RUT: read the mailbox again and answer the notifications no earlier read had seen; the same message_id gets the same answer (header X-Inbox-Repeated: true)',
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['message_id', 'rut', 'leido_at', 'nuevas'],
      properties: {
        message_id: { type: 'string' },
        rut: { type: 'string' },
        leido_at: { type: 'string', format: 'date-time' },
        nuevas: { type: 'array', items: NOTIFICACION },
      },
    },
  })
  @ApiProblemResponses(...PORTAL_PROBLEMS)
  async receive(@Body() dto: InboxDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<object> {
    const { row, repetido } = await this.inbox.receive(buzonOf(dto), dto.message_id);
    reply.header('x-inbox-repeated', String(repetido));
    return { message_id: row.messageId, rut: row.rut, leido_at: row.leidoAt.toISOString(), nuevas: row.nuevas };
  }

  @Post('cache/clear')
  @HttpCode(204)
  @Callers('admin')
  @ApiOperation({ summary: 'Empty the notification and document cache' })
  @ApiNoContentResponse({ description: 'Cleared' })
  @ApiProblemResponses(401, 403)
  async clear(): Promise<void> {
    await this.buzon.clear();
  }

  @Get(':notif_id')
  @Callers('admin', 'assistant', 'mailer')
  @Throttle(PORTAL_THROTTLE)
  @ApiOperation({ summary: 'One notification with its body (opening it marks it read on the portal); cached 1 h' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['rut', 'fetched_at', 'cached', 'notificacion'],
      properties: { ...FRESCURA, notificacion: NOTIFICACION },
    },
  })
  @ApiProblemResponses(...PORTAL_PROBLEMS, { status: 404, errors: ['notificacion_not_found'] })
  async findOne(@Param() p: NotifIdParamDto, @Query() q: BuzonQueryDto): Promise<object> {
    const b = buzonOf(q);
    const r = await this.buzon.findNotificacion(b, p.notif_id);
    return { rut: b.rut, fetched_at: r.loadedAt.toISOString(), cached: r.cached, notificacion: r.value };
  }
}
