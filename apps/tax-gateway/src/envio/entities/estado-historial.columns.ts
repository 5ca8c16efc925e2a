import type { HistorialView } from '@lib/contracts';
import { Column, CreateDateColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One step of a submission's history, the same for every submission (an emission, a book): each state change with
 * the SII's glosa or the failure's problem in `detail`.
 */
export abstract class EstadoHistorialColumns {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 24 })
  estado!: string;

  @Column({ type: 'text', nullable: true })
  glosa!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  detail!: Record<string, unknown> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** A history step as the answers show it (@lib/contracts HistorialView). */
export function toHistorialView(h: EstadoHistorialColumns): HistorialView {
  return { estado: h.estado, glosa: h.glosa, at: h.createdAt.toISOString() };
}
