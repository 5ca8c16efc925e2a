import { Column, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '@lib/platform';
import { ArchivoColumns } from '../../database/archivo.columns';

/**
 * The head of the reception tables whose `numero` is written inside a signed answer (the Caratula's IdRespuesta,
 * RespuestaEnvioDTE_v10.xsd): the number comes from the table's own sequence and is taken before the answer is
 * signed, and the signed bytes (ArchivoColumns). Each entity's table has these columns (TypeORM concrete table inheritance, as `MontosColumns`).
 */
export abstract class NumeradaColumns extends ArchivoColumns {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'bigint', transformer: bigintTransformer })
  numero!: number;

  @Column({ type: 'varchar', length: 10 })
  tenant!: string;
}
