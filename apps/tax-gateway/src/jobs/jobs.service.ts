import { Injectable } from '@nestjs/common';
import { pickFields } from '@lib/platform';
import { ProblemException } from '@lib/schemas';
import type { JobView } from './dto/job.dto';
import type { JobEntity } from './entities/job.entity';
import { JobsStore } from './jobs.store';

/** GET /tax/jobs/{job_id}. */
@Injectable()
export class JobsService {
  constructor(private readonly store: JobsStore) {}

  async get(id: string): Promise<JobView> {
    const job = await this.store.find(id);
    if (!job) throw new ProblemException(404, 'job_not_found', `No job ${id}.`);
    return toJobView(job);
  }
}

/** A job as its routes answer it. */
export function toJobView(j: JobEntity): JobView {
  return {
    job_id: j.id,
    ...pickFields(j, 'tipo', 'tenant', 'estado', 'total', 'items', 'resultado', 'error'),
    hechos: j.items.length,
    created_at: j.createdAt.toISOString(),
    started_at: j.startedAt?.toISOString() ?? null,
    finished_at: j.finishedAt?.toISOString() ?? null,
  };
}
