import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '@lib/platform';
import type { Verificacion } from '../recepcion-verifier';

/**
 * One file a supplier sent (an EnvioDTE, or a standalone DTE), kept as received: the exact bytes and their
 * sha256, whatever the encoding. `numero` is the CodEnvio of the RecepcionEnvio answer; `estadoEnvio` the
 * EstadoRecepEnv it reported (RespuestaEnvioDTE_v10.xsd: 0 ok, 1 schema, 2 signature, 3 receiver RUT, 99 other).
 */
@Entity({ name: 'recepcion_envio' })
export class RecepcionEnvioEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** From the table's sequence, taken before the answer is signed (it is written inside it). */
  @Column({ type: 'bigint', transformer: bigintTransformer })
  numero!: number;

  @Column({ type: 'varchar', length: 10 })
  tenant!: string;

  @Column({ name: 'nombre_archivo', type: 'varchar', length: 200 })
  nombreArchivo!: string;

  @Column({ type: 'bytea' })
  xml!: Buffer;

  @Column({ name: 'xml_sha256', type: 'char', length: 64 })
  xmlSha256!: string;

  /** SetDTE/@ID, or the Documento/@ID of a standalone DTE. */
  @Column({ name: 'set_id', type: 'varchar', length: 80 })
  setId!: string;

  /** Caratula RutEmisor, or the issuer of a standalone DTE. */
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
