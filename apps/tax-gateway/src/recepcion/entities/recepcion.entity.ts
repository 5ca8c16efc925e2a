import { MontosColumns } from '../../database/montos.columns';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '@lib/platform';
import type { Verificacion } from '../recepcion-verifier';

/** `recibido`: every check held; `rechazado`: at least one did not (see `verificaciones`). */
export type RecepcionEstado = 'recibido' | 'rechazado';

/**
 * Totales beyond the four amounts, in CLP (SII Formato DTE v2.2 §B Totales; CredEC: 65 % of the IVA of construction companies, DL 910 art.
 * 21).
 */
export interface MontosRecibidos {
  impuestos_adicionales: { codigo: number; tasa: number | null; monto: number }[];
  iva_no_retenido: number;
  credito_empresas_constructoras: number;
  monto_base: number;
  montos_brutos: boolean;
  comisiones: { neto: number; exento: number; iva: number } | null;
}

/** Commercial answer given to the supplier (ResultadoDTE, EnvioRecibos) or registered in the RCV. */
export type EstadoComercial = 'aceptado' | 'aceptado_con_reparos' | 'rechazado';

/** Unique per tenant by (emisor, tipo, folio) only among the DTEs that verified: a failed copy stays on record beside the genuine one. */
@Entity({ name: 'recepcion' })
export class RecepcionEntity extends MontosColumns {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'envio_id', type: 'uuid' })
  envioId!: string;

  @Column({ type: 'varchar', length: 10 })
  tenant!: string;

  @Column({ name: 'rut_emisor', type: 'varchar', length: 10 })
  rutEmisor!: string;

  @Column({ name: 'razon_social_emisor', type: 'varchar', length: 100 })
  razonSocialEmisor!: string;

  @Column({ name: 'correo_emisor', type: 'varchar', length: 80, nullable: true })
  correoEmisor!: string | null;

  @Column({ name: 'tipo_dte', type: 'smallint' })
  tipoDte!: number;

  @Column({ type: 'bigint', transformer: bigintTransformer })
  folio!: number;

  @Column({ name: 'fecha_emision', type: 'date' })
  fechaEmision!: string;

  @Column({ name: 'rut_receptor', type: 'varchar', length: 10 })
  rutReceptor!: string;

  @Column({ name: 'montos_detalle', type: 'jsonb', nullable: true })
  montosDetalle!: MontosRecibidos | null;

  @Column({ type: 'varchar', length: 12 })
  estado!: RecepcionEstado;

  @Column({ name: 'estado_recepcion', type: 'smallint' })
  estadoRecepcion!: number;

  @Column({ type: 'text' })
  glosa!: string;

  @Column({ type: 'jsonb' })
  verificaciones!: Verificacion[];

  @Column({ name: 'estado_comercial', type: 'varchar', length: 24, nullable: true })
  estadoComercial!: EstadoComercial | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
