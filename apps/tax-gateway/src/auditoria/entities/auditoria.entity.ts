import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Signed receipt of a critical operation (spec 1 §9; docs/tax-gateway.md "Audit receipts"); `pendiente` until the signer signs it. */
@Entity({ name: 'auditoria' })
export class AuditoriaEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** The tenant the operation was for; null for one over every tenant (a token cache cleared whole). */
  @Column({ type: 'varchar', length: 10, nullable: true })
  tenant!: string | null;

  @Column({ type: 'varchar', length: 32 })
  operacion!: string;

  /** The caller (internal key name). */
  @Column({ type: 'varchar', length: 40 })
  actor!: string;

  @Column({ type: 'timestamptz' })
  at!: Date;

  /** The record the operation made or touched (emision_id, caf_id, libro_id, recepcion_id, RUT...). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  recurso!: string | null;

  @Column({ type: 'char', length: 64 })
  sha256!: string;

  /** Exactly the bytes signed (UTF-8 JSON, keys sorted). */
  @Column({ type: 'text' })
  canonical!: string;

  @Column({ type: 'varchar', length: 10 })
  estado!: 'firmado' | 'pendiente';

  /** CMS SignedData (DER, content attached) from the signing service's /sign/cms. */
  @Column({ type: 'bytea', nullable: true })
  cms!: Buffer | null;

  @Column({ type: 'int', default: 0 })
  intentos!: number;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'firmado_at', type: 'timestamptz', nullable: true })
  firmadoAt!: Date | null;
}
