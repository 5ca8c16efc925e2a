import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const ORIGENES_ASIENTO = ['manual', 'dte', 'reversa', 'apertura', 'importacion'] as const;
export type OrigenAsiento = (typeof ORIGENES_ASIENTO)[number];

/**
 * A posted journal entry. Append-only: the database refuses UPDATE and DELETE (corrections are
 * reversals, which point back through `reversaDe`). `numero` is correlative per empresa, gap-free.
 */
@Entity({ name: 'asiento' })
export class Asiento {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'empresa_id', type: 'uuid' })
  empresaId!: string;

  @Column({ type: 'integer' })
  numero!: number;

  /** Calendar date `YYYY-MM-DD` (America/Santiago). */
  @Column({ type: 'date' })
  fecha!: string;

  @Column({ type: 'varchar', length: 500 })
  glosa!: string;

  @Column({ type: 'varchar', length: 16 })
  origen!: OrigenAsiento;

  @Column({ name: 'reversa_de', type: 'uuid', nullable: true })
  reversaDe!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'created_by', type: 'varchar', length: 64 })
  createdBy!: string;
}
