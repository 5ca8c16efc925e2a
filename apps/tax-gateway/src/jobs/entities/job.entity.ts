import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { SolicitudColumns } from '../../database/solicitud.columns';

/** `queued` (waiting for a worker), `running`, then `done` (with `resultado`) or `failed` (with `error`). */
export const ESTADOS_JOB = ['queued', 'running', 'done', 'failed'] as const;
export type EstadoJob = (typeof ESTADOS_JOB)[number];

/** One item of a job as it was reached: a certification case, a book, a boleta. */
export interface JobItem {
  item: string;
  estado: string;
  detalle: string | null;
  at: string;
}

/**
 * Long work done in the background (docs/tax-gateway.md "Jobs"): what a caller follows with GET /tax/jobs/{job_id}.
 * The queue itself (pg-boss, schema `pgboss`) only carries the job's id to a worker.
 */
@Entity({ name: 'job' })
@Index('job_tenant_created_idx', ['tenant', 'createdAt'])
export class JobEntity extends SolicitudColumns {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** What the job does, the queue's name (`certificacion.run`). */
  @Column({ type: 'varchar', length: 40 })
  tipo!: string;

  @Column({ type: 'varchar', length: 10 })
  tenant!: string;

  @Column({ type: 'varchar', length: 10 })
  estado!: EstadoJob;

  /** The job's input as the route accepted it. */
  @Column({ type: 'jsonb' })
  datos!: Record<string, unknown>;

  /** Items expected (null until the job knows) and reached so far. */
  @Column({ type: 'int', nullable: true })
  total!: number | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  items!: JobItem[];

  @Column({ type: 'jsonb', nullable: true })
  resultado!: Record<string, unknown> | null;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;
}
