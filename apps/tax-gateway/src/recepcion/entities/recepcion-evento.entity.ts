import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An event the SII registered in the RCV (RegistroReclamoDTE codResp 0); only registered events are stored. */
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
