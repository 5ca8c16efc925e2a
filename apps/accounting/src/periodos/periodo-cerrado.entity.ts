import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A closed month of an empresa: no entry may be dated in it (service check and DB trigger). */
@Entity({ name: 'periodo_cerrado' })
export class PeriodoCerrado {
  @PrimaryColumn({ name: 'empresa_id', type: 'uuid' })
  empresaId!: string;

  /** `YYYY-MM`. */
  @PrimaryColumn({ type: 'char', length: 7 })
  periodo!: string;

  @Column({ name: 'cerrado_en', type: 'timestamptz', default: () => 'now()' })
  cerradoEn!: Date;

  @Column({ name: 'cerrado_por', type: 'varchar', length: 64 })
  cerradoPor!: string;
}
