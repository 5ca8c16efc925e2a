import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { pesosTransformer } from '../common/money';

/**
 * A received DTE (factura 33/34, notas 56/61) registered in an empresa's books with its entry.
 * Unique on (empresa, RUT emisor, tipo, folio): the natural key of a DTE.
 */
@Entity({ name: 'factura' })
export class Factura {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'empresa_id', type: 'uuid' })
  empresaId!: string;

  @Column({ name: 'rut_emisor', type: 'varchar', length: 10 })
  rutEmisor!: string;

  @Column({ name: 'razon_social_emisor', type: 'varchar', length: 200 })
  razonSocialEmisor!: string;

  @Column({ name: 'tipo_dte', type: 'smallint' })
  tipoDte!: number;

  @Column({ type: 'bigint', transformer: pesosTransformer })
  folio!: number;

  @Column({ name: 'fecha_emision', type: 'date' })
  fechaEmision!: string;

  @Column({ type: 'bigint', transformer: pesosTransformer })
  neto!: number;

  @Column({ type: 'bigint', transformer: pesosTransformer })
  exento!: number;

  @Column({ type: 'bigint', transformer: pesosTransformer })
  iva!: number;

  @Column({ type: 'bigint', transformer: pesosTransformer })
  total!: number;

  /** Null only for documents without amounts (e.g. a nota de crédito that corrects text). */
  @Column({ name: 'asiento_id', type: 'uuid', nullable: true })
  asientoId!: string | null;

  /** The DTE element as received (decoded text). */
  @Column({ type: 'text' })
  xml!: string;

  @Column({ name: 'xml_sha256', type: 'char', length: 64 })
  xmlSha256!: string;

  /** `api` (POST /contable/recibir-dte) or, later, `poller`. */
  @Column({ type: 'varchar', length: 16, default: 'api' })
  origen!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'created_by', type: 'varchar', length: 64 })
  createdBy!: string;
}
