import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * Issuer data the SII's taxpayer record does not hold: the Caratula's FchResol and NroResol (SII Formato DTE v2.2 "Carátula"), Acteco,
 * branches, intercambio address, logo.
 */
/** One branch of the issuer: its SII code (CdgSIISucur) and the address its DTEs print as DirOrigen/CmnaOrigen/CiudadOrigen. */
export interface Sucursal {
  codigo: number;
  direccion: string;
  comuna: string;
  ciudad: string | null;
}

@Entity({ name: 'emisor' })
export class EmisorEntity {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  tenant!: string;

  @Column({ name: 'fecha_resolucion', type: 'date' })
  fechaResolucion!: string;

  @Column({ name: 'numero_resolucion', type: 'integer' })
  numeroResolucion!: number;

  @Column({ type: 'integer', array: true, default: () => "'{}'" })
  actecos!: number[];

  @Column({ name: 'codigo_sucursal', type: 'integer', nullable: true })
  codigoSucursal!: number | null;

  /** The branches a DTE may be issued from, each with the address its DTEs carry (DirOrigen, CmnaOrigen, CiudadOrigen). */
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  sucursales!: Sucursal[];

  @Column({ name: 'correo_intercambio', type: 'varchar', length: 80, nullable: true })
  correoIntercambio!: string | null;

  @Column({ type: 'bytea', nullable: true })
  logo!: Buffer | null;

  /** The SII office printed under the red box of its documents (`S.I.I. - SANTIAGO ORIENTE`). */
  @Column({ name: 'oficina_sii', type: 'varchar', length: 40, nullable: true })
  oficinaSii!: string | null;

  @Column({ name: 'updated_by', type: 'varchar', length: 64, nullable: true })
  updatedBy!: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
