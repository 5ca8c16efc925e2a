import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One step of an emission's history (every estado change, with the SII glosa or the failure). */
@Entity({ name: 'dte_emission_status' })
@Index('dte_emission_status_emission_idx', ['emissionId', 'id'])
export class EmisionEstadoEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'emission_id', type: 'uuid' })
  emissionId!: string;

  @Column({ type: 'varchar', length: 24 })
  estado!: string;

  @Column({ type: 'text', nullable: true })
  glosa!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  detail!: Record<string, unknown> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
