import { ArchivoColumns } from '../../database/archivo.columns';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One EnvioBOLETA as uploaded (ISO-8859-1, never re-serialized); its boletas point to it (dte_emission.boleta_envio_id). */
@Entity({ name: 'boleta_envio' })
export class BoletaEnvioEntity extends ArchivoColumns {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 10 })
  tenant!: string;

  @Column({ name: 'rut_envia', type: 'varchar', length: 10 })
  rutEnvia!: string;

  /** How many boletas it holds (1 to 500, EnvioBOLETA_v11.xsd). */
  @Column({ type: 'int' })
  boletas!: number;

  /** The boleta service's trackid (15 digits); null when the upload did not get one. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  trackid!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
