import { Column, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { bigintTransformer } from '@lib/platform';

/**
 * `next_folio` is the next folio to hand out (hasta + 1 = exhausted); a row of its own so a folio is taken by ONE `UPDATE ... RETURNING`
 * (CafStore.takeFolio).
 */
@Entity({ name: 'caf_folio_counter' })
@Index('caf_folio_counter_lookup_idx', ['tenant', 'tipoDte', 'nextFolio'])
export class FolioCounterEntity {
  @PrimaryColumn({ name: 'caf_id', type: 'uuid' })
  cafId!: string;

  @Column({ type: 'varchar', length: 10 })
  tenant!: string;

  @Column({ name: 'tipo_dte', type: 'smallint' })
  tipoDte!: number;

  @Column({ type: 'bigint', transformer: bigintTransformer })
  hasta!: number;

  @Column({ name: 'next_folio', type: 'bigint', transformer: bigintTransformer })
  nextFolio!: number;

  @Column({ name: 'ultimo_dia_valido', type: 'date', nullable: true })
  ultimoDiaValido!: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
