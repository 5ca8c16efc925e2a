import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A row of the SII's `ce_empresas_dwnld` list per environment (docs/research/sources/README.md §1.3), replaced whole at each download. */
@Entity({ name: 'contribuyente_autorizado' })
export class ContribuyenteAutorizadoEntity {
  /** TAX_ENV of the list: `cert` (maullin) or `prod` (palena). */
  @PrimaryColumn({ type: 'varchar', length: 4 })
  ambiente!: string;

  @PrimaryColumn({ type: 'varchar', length: 10 })
  rut!: string;

  @Column({ name: 'razon_social', type: 'text' })
  razonSocial!: string;

  @Column({ name: 'numero_resolucion', type: 'integer' })
  numeroResolucion!: number;

  @Column({ name: 'fecha_resolucion', type: 'date', nullable: true })
  fechaResolucion!: string | null;

  @Column({ name: 'correo_intercambio', type: 'text', nullable: true })
  correoIntercambio!: string | null;

  @Column({ type: 'text', nullable: true })
  url!: string | null;
}

/** The last download of the list per environment: when, how many rows, the file's sha256. */
@Entity({ name: 'contribuyentes_descarga' })
export class ContribuyentesDescargaEntity {
  @PrimaryColumn({ type: 'varchar', length: 4 })
  ambiente!: string;

  @Column({ name: 'descargado_en', type: 'timestamptz' })
  descargadoEn!: Date;

  @Column({ type: 'integer' })
  filas!: number;

  @Column({ type: 'char', length: 64 })
  sha256!: string;
}
