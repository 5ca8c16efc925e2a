import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '@lib/platform';

/**
 * An uploaded CAF (SII Formato DTE v2.2; docs/research/sii-protocol.md §3.4), WITHOUT RSASK: the folio key lives only in the signing
 * service (`signer_caf_id`). `caf_xml` is the verbatim element every TED copies.
 */
@Entity({ name: 'caf' })
@Index('caf_tenant_tipo_idx', ['tenant', 'tipoDte'])
export class CafEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 10 })
  tenant!: string;

  @Column({ name: 'tipo_dte', type: 'smallint' })
  tipoDte!: number;

  @Column({ type: 'bigint', transformer: bigintTransformer })
  desde!: number;

  @Column({ type: 'bigint', transformer: bigintTransformer })
  hasta!: number;

  /** DA/FA, YYYY-MM-DD. */
  @Column({ name: 'fecha_autorizacion', type: 'date' })
  fechaAutorizacion!: string;

  /** Last calendar date the folios may be used (FA + 6 months - 1 day); null when the type does not expire. */
  @Column({ name: 'ultimo_dia_valido', type: 'date', nullable: true })
  ultimoDiaValido!: string | null;

  @Column({ type: 'integer' })
  idk!: number;

  /** DA/RS as authorized by the SII. */
  @Column({ name: 'razon_social', type: 'varchar', length: 100 })
  razonSocial!: string;

  @Column({ name: 'rsapk_m', type: 'text' })
  rsapkM!: string;

  @Column({ name: 'rsapk_e', type: 'text' })
  rsapkE!: string;

  @Column({ name: 'caf_xml', type: 'bytea' })
  cafXml!: Buffer;

  @Column({ name: 'signer_caf_id', type: 'varchar', length: 200 })
  signerCafId!: string;

  @Column({ name: 'file_sha256', type: 'char', length: 64 })
  fileSha256!: string;

  @Column({ name: 'uploaded_by', type: 'varchar', length: 64, nullable: true })
  uploadedBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
