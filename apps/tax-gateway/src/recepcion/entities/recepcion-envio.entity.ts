import { Column, CreateDateColumn, Entity } from 'typeorm';
import { NumeradaColumns } from './numerada.columns';
import type { Verificacion } from '../recepcion-verifier';

/**
 * A supplier's file kept as received, whatever the encoding; `estadoEnvio` is the EstadoRecepEnv it reported (RespuestaEnvioDTE_v10.xsd).
 */
@Entity({ name: 'recepcion_envio' })
export class RecepcionEnvioEntity extends NumeradaColumns {
  @Column({ name: 'nombre_archivo', type: 'varchar', length: 200 })
  nombreArchivo!: string;

  @Column({ name: 'set_id', type: 'varchar', length: 80 })
  setId!: string;

  @Column({ name: 'rut_emisor', type: 'varchar', length: 10 })
  rutEmisor!: string;

  @Column({ name: 'estado_envio', type: 'smallint' })
  estadoEnvio!: number;

  @Column({ type: 'text' })
  glosa!: string;

  /** Checks of the file as a whole (schema, envelope signature, Caratula). */
  @Column({ type: 'jsonb' })
  verificaciones!: Verificacion[];

  @Column({ type: 'varchar', length: 40, nullable: true })
  caller!: string | null;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}
