import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A notification of a RUT's SII mailbox that a read of the list has already seen (the inbox path's baseline). */
@Entity({ name: 'notificacion_vista' })
export class NotificacionVistaEntity {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  rut!: string;

  @PrimaryColumn({ name: 'notif_id', type: 'varchar', length: 64 })
  notifId!: string;

  @Column({ name: 'vista_at', type: 'timestamptz' })
  vistaAt!: Date;
}
