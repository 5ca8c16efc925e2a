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
 * The inbox path (spec 1 "Events"; docs/tax-gateway.md "Notifications and documents"): the answer is kept per message id; a failed read
 * keeps nothing, so a redelivery tries again.
 */
@Injectable()
export class InboxService {
  private readonly logger = new Logger(InboxService.name);
  private readonly inflight = new Map<string, Promise<NotificacionInboxEntity>>();

  constructor(
    private readonly store: PortalStore,
    private readonly buzon: BuzonService,
  ) {}

  async receive(b: Buzon, messageId: string): Promise<RespuestaInbox> {
    const stored = await this.store.findInbox(messageId);
    if (stored) return { row: stored, repetido: true };
    const running = this.inflight.get(messageId);
    if (running) return { row: await running, repetido: true };
    const started = this.read(b, messageId).finally(() => this.inflight.delete(messageId));
    this.inflight.set(messageId, started);
    return { row: await started, repetido: false };
  }

  private async read(b: Buzon, messageId: string): Promise<NotificacionInboxEntity> {
    await this.buzon.clear(b.rut);
    const lectura = await this.buzon.listNotificaciones(b);
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
