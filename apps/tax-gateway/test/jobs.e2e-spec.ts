import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { JobQueue } from '../src/jobs/job-queue';
import { Gateway, KEY, rut, startGateway } from './support/harness';

// Jobs whose process stopped (docs/tax-gateway.md "Jobs"): the sweep ends them failed, once, and never runs them again.
describe('jobs (e2e)', () => {
  let gw: Gateway;
  const tenant = rut(76_950_200);
  const job = async (id: string) => (await request(gw.http).get(`/tax/jobs/${id}`).set('X-Internal-Key', KEY).expect(200)).body;
  const insertRunning = async (startedMinutesAgo: number) => {
    const id = randomUUID();
    await gw.app
      .get(DataSource)
      .query(
        `INSERT INTO job (id, tipo, tenant, estado, datos, started_at) VALUES ($1, 'certificacion.run', $2, 'running', '{}', now() - make_interval(mins => $3))`,
        [id, tenant, startedMinutesAgo],
      );
    return id;
  };

  beforeAll(async () => {
    gw = await startGateway();
  }, 120_000);

  afterAll(async () => {
    await gw?.close();
  });

  it('ends a job still running past the time limit as failed job_interrupted, and leaves a recent one running', async () => {
    const perdido = await insertRunning(16);
    const reciente = await insertRunning(1);
    expect(await gw.app.get(JobQueue).sweep()).toBe(1);
    expect(await job(perdido)).toMatchObject({
      estado: 'failed',
      resultado: null,
      error: { status: 504, error: 'job_interrupted' },
      finished_at: expect.any(String),
    });
    expect(await job(reciente)).toMatchObject({ estado: 'running', error: null, finished_at: null });
    expect(await gw.app.get(JobQueue).sweep()).toBe(0);
  });

  it('answers 400 for an id that is not a uuid and 404 job_not_found for an unknown one', async () => {
    await request(gw.http).get('/tax/jobs/not-a-uuid').set('X-Internal-Key', KEY).expect(400);
    const res = await request(gw.http).get(`/tax/jobs/${randomUUID()}`).set('X-Internal-Key', KEY).expect(404);
    expect(res.body.error).toBe('job_not_found');
  });
});
