import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { JobEntity, type EstadoJob, type JobItem } from './entities/job.entity';

@Injectable()
export class JobsStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async insert(m: EntityManager, job: JobEntity): Promise<void> {
    await m.getRepository(JobEntity).insert(job as QueryDeepPartialEntity<JobEntity>);
  }

  find(id: string): Promise<JobEntity | null> {
    return this.db.getRepository(JobEntity).findOneBy({ id });
  }

  /** `queued` to `running` once: a job handed out twice by the queue is not run twice. False when it was not queued. */
  async start(id: string): Promise<boolean> {
    const res = await this.db
      .createQueryBuilder()
      .update(JobEntity)
      .set({ estado: 'running', startedAt: () => 'now()' })
      .where(`id = :id AND estado = 'queued'`, { id })
      .execute();
    return res.affected === 1;
  }

  async setTotal(id: string, total: number): Promise<void> {
    await this.db.query('UPDATE job SET total = $2, updated_at = now() WHERE id = $1', [id, total]);
  }

  /** Appends one item in one statement, so concurrent reports of one job never lose each other. */
  async addItem(id: string, item: JobItem): Promise<void> {
    await this.db.query(`UPDATE job SET items = items || $2::jsonb, updated_at = now() WHERE id = $1`, [id, JSON.stringify([item])]);
  }

  /**
   * Ends as failed the jobs still `running` `seconds` after they started: their process stopped (the queue gave them
   * up). One UPDATE, so any number of processes may sweep at once. The number ended.
   */
  async failStale(seconds: number, error: Record<string, unknown>): Promise<number> {
    const res = await this.db
      .createQueryBuilder()
      .update(JobEntity)
      .set({ estado: 'failed', error: () => ':error::jsonb', finishedAt: () => 'now()' })
      .where(`estado = 'running' AND started_at < now() - make_interval(secs => :seconds)`, { seconds })
      .setParameter('error', JSON.stringify(error))
      .execute();
    return res.affected ?? 0;
  }

  async finish(id: string, estado: Extract<EstadoJob, 'done' | 'failed'>, fields: Pick<JobEntity, 'resultado' | 'error'>): Promise<void> {
    await this.db
      .getRepository(JobEntity)
      .update({ id }, { estado, ...fields, finishedAt: new Date() } as QueryDeepPartialEntity<JobEntity>);
  }
}
