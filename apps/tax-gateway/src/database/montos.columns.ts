import { Column } from 'typeorm';
import { bigintTransformer } from '@lib/platform';

/**
 * The four amounts of a DTE's Totales as the gateway stores an emitted and a received document (SII Formato DTE v2.2
 * §C: MntNeto, MntExe, IVA, MntTotal), whole CLP in bigint columns; each entity's table has them (TypeORM concrete
 * table inheritance).
 */
export abstract class MontosColumns {
  @Column({ type: 'bigint', transformer: bigintTransformer })
  neto!: number;

  @Column({ type: 'bigint', transformer: bigintTransformer })
  exento!: number;

  @Column({ type: 'bigint', transformer: bigintTransformer })
  iva!: number;

  @Column({ type: 'bigint', transformer: bigintTransformer })
  total!: number;
}
