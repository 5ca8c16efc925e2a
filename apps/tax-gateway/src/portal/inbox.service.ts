import { Injectable, Logger } from '@nestjs/common';
import { escapeForLog } from '@lib/platform';
import { BuzonService, type Buzon } from './buzon.service';
import { NotificacionInboxEntity } from './entities/notificacion-inbox.entity';
import { PortalStore } from './portal.store';

/** The answer to one reported e-mail: always the same for the same `messageId`. */
export interface RespuestaInbox {
  row: NotificacionInboxEntity;
  /** Whether the message had been reported before (the answer is then the stored one, nothing is read). */
  repetido: boolean;
}

/**
 * The inbox-notification path (spec 1 "Events"; docs/tax-gateway.md "Notifications and documents"): the mailer
 * reports that an SII e-mail arrived for a RUT; the gateway drops that RUT's cached mailbox, reads the list again
 * and answers the notifications no earlier read had seen. The answer is kept per message id (PostgreSQL
 * `notificacion_inbox`): a redelivery gets the same answer without a second read, and a read that failed keeps
 * nothing, so the redelivery tries again.
 */
@Injectable()
export class InboxService {
  private readonly logger = new Logger(InboxService.name);
  private readonly inflight = new Map<string, Promise<NotificacionInboxEntity>>();

  constructor(
    private readonly store: PortalStore,
    private readonly buzon: BuzonService,
  ) {}

  /** @throws what {@link BuzonService.notificaciones} throws (409, 502, 503, 504); nothing is then kept. */
  async recibir(b: Buzon, messageId: string): Promise<RespuestaInbox> {
    const stored = await this.store.inbox(messageId);
    if (stored) return { row: stored, repetido: true };
    const running = this.inflight.get(messageId);
    if (running) return { row: await running, repetido: true };
    const started = this.leer(b, messageId).finally(() => this.inflight.delete(messageId));
    this.inflight.set(messageId, started);
    return { row: await started, repetido: false };
  }

  private async leer(b: Buzon, messageId: string): Promise<NotificacionInboxEntity> {
    await this.buzon.clear(b.rut);
    const lectura = await this.buzon.notificaciones(b);
    const row: NotificacionInboxEntity = {
      messageId,
      rut: b.rut,
      tenant: b.tenant,
      nuevas: lectura.value.nuevas,
      leidoAt: lectura.loadedAt,
    };
    // Another process may have answered the same message meanwhile: its answer is the one kept and given.
    const kept = await this.store.insertInbox(row);
    this.logger.log(`SII e-mail ${escapeForLog(messageId, 120)} for ${b.rut}: ${kept.nuevas.length} new notification(s)`);
    return kept;
  }
}
