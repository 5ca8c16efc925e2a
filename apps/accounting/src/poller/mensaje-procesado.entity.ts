import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An e-mail delivered by the mailbox poller and processed by POST /contable/poller/recibir-dte.
 * Unique on the SHA-256 of its Message-ID; written in the transaction that books its DTEs.
 */
@Entity({ name: 'mensaje_procesado' })
export class MensajeProcesado {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'message_id', type: 'text' })
  messageId!: string;

  @Column({ name: 'message_id_sha256', type: 'char', length: 64 })
  messageIdSha256!: string;

  @Column({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;

  /** The empresa the poller named (POLLER_EMPRESA_ID), or null when the receptor RUT picked it. */
  @Column({ name: 'empresa_id', type: 'uuid', nullable: true })
  empresaId!: string | null;

  @Column({ type: 'smallint' })
  adjuntos!: number;

  @Column({ type: 'integer' })
  documentos!: number;

  @Column({ name: 'facturas_nuevas', type: 'integer' })
  facturasNuevas!: number;

  /** The endpoint's answer (JSON). */
  @Column({ type: 'jsonb', nullable: true })
  resultado!: unknown;

  @Column({ name: 'processed_at', type: 'timestamptz' })
  processedAt!: Date;

  @Column({ name: 'processed_by', type: 'varchar', length: 64 })
  processedBy!: string;
}
