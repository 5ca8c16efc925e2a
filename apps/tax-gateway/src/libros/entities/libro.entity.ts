import { ArchivoColumns } from '../../database/archivo.columns';
import type { ResultadoSii } from '@lib/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { EstadoEnvio } from '../../envio/envio-estados';

/** Totals of one document type in a book, whole CLP. */
export interface LibroTotal {
  tipo_dte: number;
  documentos: number;
  exento: number;
  neto: number;
  iva: number;
  total: number;
}

/**
 * Signed and valid against LibroCV_v10.xsd (LibroGuia_v10.xsd for a guía book), kept as exact bytes; generating the same (tenant, tipo, periodo) again adds a version. Its
 * states are the submission pipeline's (envio/envio-estados), its history rows in `libro_estado`.
 */
@Entity({ name: 'libro' })
export class LibroEntity extends ArchivoColumns {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 10 })
  tenant!: string;

  @Column({ type: 'varchar', length: 6 })
  tipo!: 'compra' | 'venta' | 'guia';

  @Column({ type: 'char', length: 7 })
  periodo!: string;

  @Column({ type: 'int' })
  version!: number;

  @Column({ name: 'tipo_libro', type: 'varchar', length: 10 })
  tipoLibro!: 'MENSUAL' | 'ESPECIAL' | 'RECTIFICA';

  @Column({ name: 'tipo_envio', type: 'varchar', length: 8 })
  tipoEnvio!: 'TOTAL' | 'PARCIAL' | 'FINAL' | 'AJUSTE';

  @Column({ name: 'codigo_autorizacion', type: 'varchar', length: 10, nullable: true })
  codigoAutorizacion!: string | null;

  @Column({ type: 'varchar', length: 24 })
  estado!: EstadoEnvio;

  /** `resultadoDeLibro` (libs/dte) of the last upload state; `pendiente` until it is final. */
  @Column({ type: 'varchar', length: 20, default: 'pendiente' })
  resultado!: ResultadoSii;

  @Column({ type: 'text', nullable: true })
  glosa!: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  trackid!: string | null;

  @Column({ type: 'jsonb' })
  totales!: LibroTotal[];

  @Column({ type: 'int' })
  documentos!: number;

  @Column({ type: 'varchar', length: 40, nullable: true })
  caller!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
