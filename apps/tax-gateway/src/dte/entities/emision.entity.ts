import type { MontosEmisionView, ReceptorRefView, ResultadoSii } from '@lib/contracts';
import { MontosColumns } from '../../database/montos.columns';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { bigintTransformer } from '@lib/platform';
import type { EstadoEnvio } from '../../envio/envio-estados';

/** The parts of @lib/dte Montos beyond the Totales columns. */
export interface MontosDetalle {
  descuentos: number;
  recargos: number;
  impuestos_adicionales: { codigo: number; tasa: number; monto: number }[];
  no_facturable: number;
  garantia_envases?: number;
  /** IVANoRet of a factura de compra 46 with a partial retention (Formato DTE v2.2 field 118). */
  iva_no_retenido?: number;
  /** Totales/Comisiones of a liquidación-factura 43 (fields 121-123). */
  comisiones?: { neto: number; exento: number; iva: number };
  /** An export 110-112: its currency, rate and MntExe/MntTotal in that currency (the columns hold its pesos). */
  exportacion?: { moneda: string; tipo_cambio: string; exento: string; total: string };
}

@Entity({ name: 'dte_emission' })
@Index('dte_emission_folio_uq', ['tenant', 'tipoDte', 'folio'], { unique: true })
@Index('dte_emission_trackid_idx', ['tenant', 'trackid'])
export class EmisionEntity extends MontosColumns {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 10 })
  tenant!: string;

  @Column({ name: 'tipo_dte', type: 'smallint' })
  tipoDte!: number;

  @Column({ type: 'bigint', transformer: bigintTransformer })
  folio!: number;

  @Column({ name: 'caf_id', type: 'uuid' })
  cafId!: string;

  @Column({ name: 'fecha_emision', type: 'date' })
  fechaEmision!: string;

  @Column({ name: 'receptor_rut', type: 'varchar', length: 10 })
  receptorRut!: string;

  @Column({ name: 'receptor_razon_social', type: 'varchar', length: 100 })
  receptorRazonSocial!: string;

  /** `sii`: the name came from the SII's list of DTE-authorized taxpayers; `solicitud`: from the caller (no source knew the RUT). */
  @Column({ name: 'receptor_razon_social_fuente', type: 'varchar', length: 10 })
  receptorRazonSocialFuente!: 'sii' | 'solicitud';

  @Column({ name: 'tasa_iva', type: 'smallint' })
  tasaIva!: number;

  /** A note's one reference to the tenant's own document (type and folio); null otherwise. */
  @Column({ name: 'ref_tipo_dte', type: 'smallint', nullable: true })
  refTipoDte!: number | null;

  @Column({ name: 'ref_folio', type: 'bigint', nullable: true, transformer: bigintTransformer })
  refFolio!: number | null;

  @Column({ type: 'varchar', length: 24 })
  /** The pipeline's states (envio/envio-estados); `upload_failed` keeps the folio consumed: the SII forbids reusing folios. */
  estado!: EstadoEnvio;

  @Column({ type: 'text', nullable: true })
  glosa!: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  trackid!: string | null;

  @Column({ name: 'rut_envia', type: 'varchar', length: 10 })
  rutEnvia!: string;

  /** The signed EnvioDTE exactly as uploaded (ISO-8859-1). Never re-serialized. */
  @Column({ type: 'bytea' })
  xml!: Buffer;

  @Column({ name: 'xml_sha256', type: 'char', length: 64 })
  xmlSha256!: string;

  /** Sum of the additional taxes (ImptoReten MontoImp, not a 46's retentions), CLP: total = neto + exento + iva + adicionales + garantia - iva_retenido - comisiones. */
  @Column({ type: 'bigint', transformer: bigintTransformer, default: 0 })
  adicionales!: number;

  /** IVA a factura de compra 46 retains (RETENCIONES_IVA codes), CLP: subtracted from total (Formato DTE v2.2 field 124). */
  @Column({ name: 'iva_retenido', type: 'bigint', transformer: bigintTransformer, default: 0 })
  ivaRetenido!: number;

  /** A liquidación-factura 43's Comisiones y Otros Cargos with their IVA, CLP: subtracted from total (Formato DTE v2.2 field 124). */
  @Column({ type: 'bigint', transformer: bigintTransformer, default: 0 })
  comisiones!: number;

  /** GrntDep: deposits on returnable packaging, CLP (part of total). */
  @Column({ name: 'garantia_envases', type: 'bigint', transformer: bigintTransformer, default: 0 })
  garantiaEnvases!: number;

  /** What made the totals: line and global discounts and surcharges, additional taxes, MontoNF (CLP); null before they were kept. */
  @Column({ name: 'montos_detalle', type: 'jsonb', nullable: true })
  montosDetalle!: MontosDetalle | null;

  /** `resultadoDeEnvio` (libs/dte) of the last upload state; `pendiente` (the column's default) until it is final. */
  @Column({ type: 'varchar', length: 20, default: 'pendiente' })
  resultado!: ResultadoSii;

  /** What QueryEstDte says of the document (DOK, DNK, ANC, MMC, ...); null until it has an answer other than FAU. */
  @Column({ name: 'estado_sii', type: 'varchar', length: 8, nullable: true })
  estadoSii!: string | null;

  @Column({ name: 'estado_sii_glosa', type: 'text', nullable: true })
  estadoSiiGlosa!: string | null;

  /** QueryEstDte questions asked so far, and when to ask next (backoff). */
  @Column({ type: 'int', default: 0 })
  consultas!: number;

  @Column({ name: 'proxima_consulta', type: 'timestamptz', nullable: true })
  proximaConsulta!: Date | null;

  @Column({ type: 'jsonb', nullable: true })
  documentos!: unknown[] | null;

  /** The problem of a failed upload (error, status, detail, SII status and messages). */
  @Column({ type: 'jsonb', nullable: true })
  error!: Record<string, unknown> | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  caller!: string | null;

  /** A boleta's EnvioBOLETA (boleta/entities/boleta-envio.entity); null for the other types, and before it goes. */
  @Column({ name: 'boleta_envio_id', type: 'uuid', nullable: true })
  boletaEnvioId!: string | null;

  @Column({ name: 'uploaded_at', type: 'timestamptz', nullable: true })
  uploadedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

export function toMontosView(e: EmisionEntity): MontosEmisionView {
  const d = e.montosDetalle;
  return {
    neto: e.neto,
    exento: e.exento,
    iva: e.iva,
    total: e.total,
    descuentos: d?.descuentos ?? 0,
    recargos: d?.recargos ?? 0,
    impuestos_adicionales: d?.impuestos_adicionales ?? [],
    ...(d?.iva_no_retenido ? { iva_no_retenido: d.iva_no_retenido } : {}),
    ...(d?.comisiones ? { comisiones: d.comisiones } : {}),
    ...(d?.exportacion ? { exportacion: d.exportacion } : {}),
  };
}

export function toReceptorView(e: EmisionEntity): ReceptorRefView {
  return { rut: e.receptorRut, razon_social: e.receptorRazonSocial, razon_social_fuente: e.receptorRazonSocialFuente };
}
