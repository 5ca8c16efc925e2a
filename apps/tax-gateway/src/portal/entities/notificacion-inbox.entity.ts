import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Notificacion } from '@lib/portal';

/** One SII e-mail the mailer reported (POST /tax/notificaciones/inbox) and the answer it got, kept for redeliveries. */
@Entity({ name: 'notificacion_inbox' })
export class NotificacionInboxEntity {
  @PrimaryColumn({ name: 'message_id', type: 'varchar', length: 255 })
  messageId!: string;

  @Column({ type: 'varchar', length: 10 })
  rut!: string;

  @Column({ type: 'varchar', length: 10 })
  tenant!: string;

  /** The notifications that were new at that read. */
  @Column({ type: 'jsonb' })
  nuevas!: Notificacion[];

  @Column({ name: 'leido_at', type: 'timestamptz' })
  leidoAt!: Date;
}
