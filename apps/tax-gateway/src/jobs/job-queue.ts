import { BeforeApplicationShutdown, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { DatabaseRuntime, PeriodicTask } from '@lib/platform';
import { ProblemException } from '@lib/schemas';
import { JobEntity, type JobItem } from './entities/job.entity';
import { JobsStore } from './jobs.store';

/** What a job's handler gets: its input, and where it reports progress. */
export interface JobContext<D> {
  id: string;
  tenant: string;
  datos: D;
  caller: string | null;
  setTotal(total: number): Promise<void>;
  /** One item reached (a case issued, a book generated), with its state and a short detail. */
  report(item: string, estado: string, detalle?: string | null): Promise<void>;
}

/** Does the job; what it answers is the job's `resultado` (a JSON object). */
export type JobHandler<D> = (ctx: JobContext<D>) => Promise<object>;

/** A job may run this long before the queue gives it up (pg-boss expireInSeconds). */
const EXPIRE_SECONDS = 15 * 60;
/** How often each process ends the jobs whose process stopped (`sweep`). */
const SWEEP_MS = 60_000;

// pg-boss in the gateway's database (docs/tax-gateway.md "Jobs"): job row and message in one transaction; never retried (a job that
// issues documents must not issue them twice). Errors of the queue itself are logged, never thrown out of a callback.
@Injectable()
export class JobQueue implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(JobQueue.name);
  private readonly boss: PgBoss;
  private readonly started: Promise<unknown>;
  private markStarted!: () => void;
  private readonly workers = new Map<string, string>();
  private readonly settledEvents = new EventEmitter();
  private readonly sweeper = new PeriodicTask(`${JobQueue.name} sweep`, () => this.sweep());

  constructor(
    db: DatabaseRuntime,
    private readonly store: JobsStore,
  ) {
    this.boss = new PgBoss({ connectionString: db.url, max: 2, schedule: false, application_name: 'tax-gateway-jobs' });
    this.boss.on('error', (err) => this.logger.error({ err }, 'job queue error'));
    this.started = new Promise<void>((resolve) => (this.markStarted = resolve));
    this.settledEvents.setMaxListeners(0);
  }

  async onModuleInit(): Promise<void> {
    await this.boss.start();
    this.markStarted();
    this.sweeper.start(SWEEP_MS);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.sweeper.stop();
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  /** Fails (504 `job_interrupted`) jobs `running` past the time limit: their process stopped, and a job is never run again. */
  sweep(): Promise<number> {
    return this.store.failStale(EXPIRE_SECONDS, {
      status: 504,
      error: 'job_interrupted',
      detail: `The job was still running after ${EXPIRE_SECONDS / 60} minutes: its process stopped. It is not run again; look at what it reported.`,
    });
  }

  /** Runs `handler` for every job of `tipo` this process takes from the queue. */
  async register<D>(tipo: string, handler: JobHandler<D>): Promise<void> {
    await this.started;
    await this.boss.createQueue(tipo, { name: tipo, retryLimit: 0, expireInSeconds: EXPIRE_SECONDS });
    const worker = await this.boss.work<{ id: string }>(tipo, { pollingIntervalSeconds: 2 }, async ([job]) => {
      await this.run(job.data.id, handler as JobHandler<unknown>);
    });
    this.workers.set(tipo, worker);
  }

  /** Stores the job `queued` and hands it to the queue in one transaction; this process's worker is woken at once. */
  async enqueue(tipo: string, tenant: string, datos: Record<string, unknown>, caller?: string): Promise<JobEntity> {
    await this.started;
    const job = Object.assign(new JobEntity(), {
      id: randomUUID(),
      tipo,
      tenant,
      estado: 'queued',
      datos,
      total: null,
      items: [],
      resultado: null,
      error: null,
      caller: caller ?? null,
      startedAt: null,
      finishedAt: null,
    });
    await this.store.transaction(async (m) => {
      await this.store.insert(m, job);
      await this.boss.send(tipo, { id: job.id }, { id: job.id, db: sqlOf(m) });
    });
    const worker = this.workers.get(tipo);
    if (worker) this.boss.notifyWorker(worker);
    return (await this.store.find(job.id)) as JobEntity;
  }

  /** Resolves once job `id` has ended (done or failed), at once if it already has: the signal tests wait on. */
  async settled(id: string): Promise<void> {
    const ended = new Promise<void>((resolve) => this.settledEvents.once(id, () => resolve()));
    const job = await this.store.find(id);
    if (job && (job.estado === 'done' || job.estado === 'failed')) {
      this.settledEvents.removeAllListeners(id);
      return;
    }
    await ended;
  }

  private async run(id: string, handler: JobHandler<unknown>): Promise<void> {
    try {
      const job = await this.store.find(id);
      if (!job || !(await this.store.start(id))) return;
      const resultado = await handler(this.contextOf(job)).catch(async (err) => {
        await this.store.finish(id, 'failed', {
          resultado: null,
          error: ProblemException.of(err, 'The job failed unexpectedly.').toRecord(),
        });
        this.logger.warn({ err }, `job ${id} (${job.tipo}) failed`);
        return null;
      });
      if (resultado) await this.store.finish(id, 'done', { resultado: resultado as Record<string, unknown>, error: null });
    } finally {
      this.settledEvents.emit(id);
    }
  }

  private contextOf(job: JobEntity): JobContext<unknown> {
    return {
      id: job.id,
      tenant: job.tenant,
      datos: job.datos,
      caller: job.caller,
      setTotal: (total) => this.store.setTotal(job.id, total),
      report: (item, estado, detalle = null) =>
        this.store.addItem(job.id, { item, estado, detalle, at: new Date().toISOString() } satisfies JobItem),
    };
  }
}

/** pg-boss's `db` option on a TypeORM transaction: its INSERT commits or rolls back with the job row. */
function sqlOf(m: EntityManager): PgBoss.Db {
  return { executeSql: async (text, values) => ({ rows: await m.query(text, values) }) };
}
