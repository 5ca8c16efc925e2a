import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '@lib/platform';
import type { Verificacion } from '../recepcion-verifier';

/** `recibido`: every check held; `rechazado`: at least one did not (see `verificaciones`). */
export type RecepcionEstado = 'recibido' | 'rechazado';

/** Commercial answer given to the supplier (ResultadoDTE, EnvioRecibos) or registered in the RCV. */
export type EstadoComercial = 'aceptado' | 'aceptado_con_reparos' | 'rechazado';

/**
 * One supplier DTE received by a tenant: its identity (emisor, tipo, folio: unique per tenant among the DTEs
 * that verified; a failed copy stays on record beside the genuine one), amounts in CLP, the per-document
 * EstadoRecepDTE (0 ok, 1 signature, 2 issuer RUT, 3 receiver RUT, 99 other) with its glosa, and every
 * verification with its reason.
 */
@Entity({ name: 'recepcion' })
export class RecepcionEntity {
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

  @Column({ type: 'bigint', transformer: bigintTransformer })
  neto!: number;

  @Column({ type: 'bigint', transformer: bigintTransformer })
  exento!: number;

  @Column({ type: 'bigint', transformer: bigintTransformer })
  iva!: number;

  @Column({ type: 'bigint', transformer: bigintTransformer })
  total!: number;

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
