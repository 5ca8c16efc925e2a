import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { pesosTransformer } from '../common/money';

/**
 * A DTE the tax gateway emitted for an empresa (POST /contable/emit-dte), with its sales entry.
 * Unique per (empresa, tipo, folio) and per gateway `emision_id`. The sales side of the libro de
 * ingresos y egresos and of the F29 draft.
 */
@Entity({ name: 'documento_emitido' })
export class DocumentoEmitido {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'empresa_id', type: 'uuid' })
  empresaId!: string;

  @Column({ name: 'tipo_dte', type: 'smallint' })
  tipoDte!: number;

  @Column({ type: 'bigint', transformer: pesosTransformer })
  folio!: number;

  @Column({ name: 'fecha_emision', type: 'date' })
  fechaEmision!: string;

  @Column({ name: 'rut_receptor', type: 'varchar', length: 10 })
  rutReceptor!: string;

  @Column({ name: 'razon_social_receptor', type: 'varchar', length: 200 })
  razonSocialReceptor!: string;

  @Column({ type: 'bigint', transformer: pesosTransformer })
  neto!: number;

  @Column({ type: 'bigint', transformer: pesosTransformer })
  exento!: number;

  @Column({ type: 'bigint', transformer: pesosTransformer })
  iva!: number;

  @Column({ type: 'bigint', transformer: pesosTransformer })
  total!: number;

  /** The gateway's emission id (GET /tax/dte/get/{emision_id}). */
  @Column({ name: 'emision_id', type: 'uuid' })
  emisionId!: string;

  /** SII TRACKID of the upload. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  trackid!: string | null;

  /** The gateway's state when emitted (`uploaded`). */
  @Column({ type: 'varchar', length: 32 })
  estado!: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  referencias!: unknown;

  /** Null for a document without amounts, or when the books refused the entry (see the audit trail). */
  @Column({ name: 'asiento_id', type: 'uuid', nullable: true })
  asientoId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'created_by', type: 'varchar', length: 64 })
  createdBy!: string;
}

/** The Idempotency-Key of an emission, committed as `pendiente` before the gateway is called. */
@Entity({ name: 'emision_solicitud' })
export class EmisionSolicitud {
  @Column({ primary: true, type: 'varchar', length: 64 })
  caller!: string;

  @Column({ primary: true, type: 'varchar', length: 255 })
  clave!: string;

  @Column({ name: 'request_sha256', type: 'char', length: 64 })
  requestSha256!: string;

  @Column({ name: 'empresa_id', type: 'uuid' })
  empresaId!: string;

  /** `pendiente` (gateway call in flight or interrupted) or `completada` (answer stored). */
  @Column({ type: 'varchar', length: 16 })
  estado!: string;

  @Column({ type: 'smallint', nullable: true })
  status!: number | null;

  @Column({ type: 'jsonb', nullable: true })
  respuesta!: unknown;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
