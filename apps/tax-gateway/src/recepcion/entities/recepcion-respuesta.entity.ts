import { Column, CreateDateColumn, Entity } from 'typeorm';
import { NumeradaColumns } from './numerada.columns';

/** The three answers of intercambio (docs/research/sii-protocol.md §3.5). */
export type RespuestaTipo = 'RecepcionEnvio' | 'ResultadoDTE' | 'EnvioRecibos';

/** Valid against its XSD before it was stored; `numero` is the Caratula IdRespuesta. */
@Entity({ name: 'recepcion_respuesta' })
export class RecepcionRespuestaEntity extends NumeradaColumns {
  @Column({ name: 'envio_id', type: 'uuid', nullable: true })
  envioId!: string | null;

  @Column({ name: 'recepcion_id', type: 'uuid', nullable: true })
  recepcionId!: string | null;

  @Column({ type: 'varchar', length: 16 })
  tipo!: RespuestaTipo;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
