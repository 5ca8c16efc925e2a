import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * An acceptance or claim the SII registered in the RCV for a received DTE (RegistroReclamoDTE codResp 0):
 * what was asked, why (claims), who asked, and the SII's answer. Only registered events are stored.
 */
@Entity({ name: 'recepcion_evento' })
export class RecepcionEventoEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'recepcion_id', type: 'uuid' })
  recepcionId!: string;

  @Column({ type: 'varchar', length: 10 })
  tenant!: string;

  /** ACD, ERM, RCD, RFP or RFT. */
  @Column({ type: 'varchar', length: 3 })
  accion!: string;

  @Column({ type: 'text', nullable: true })
  motivo!: string | null;

  @Column({ name: 'desc_resp', type: 'text' })
  descResp!: string;

  @Column({ name: 'fecha_recepcion_sii', type: 'timestamptz' })
  fechaRecepcionSii!: Date;

  @Column({ type: 'varchar', length: 40, nullable: true })
  caller!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
