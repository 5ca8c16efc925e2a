import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { SharedRedis as SharedRedisRef } from '@lib/platform';
import { startRedisServer, type RedisServerHandle } from '@lib/testing';
import { Gateway, KEY, rut, startGateway } from './support/harness';

// Scale-out (issue 12): two instances of the gateway on one real redis-server share the SII token cache (one
// seed/token exchange for concurrent cold requests on both), the taxpayer cache and the rate-limit counters, and a
// Redis outage degrades to per-process behaviour instead of failing requests.
describe('scale-out on Redis (e2e, real redis-server)', () => {
  let redis: RedisServerHandle;
  let gw: Gateway;
  let b: NestFastifyApplication;
  const token = (app: NestFastifyApplication, tenant: string) =>
    request(app.getHttpServer()).post('/tax/auth/token').set('X-Internal-Key', KEY).send({ tenant });

  beforeAll(async () => {
    redis = await startRedisServer();
    gw = await startGateway({ env: { REDIS_URL: redis.url, THROTTLE_LIMIT: '1000' } });
    b = await gw.second();
  }, 60_000);

  afterAll(async () => {
    await gw?.close();
    await redis?.stop();
  });

  it('200 concurrent cold token requests split across both instances make one seed/token exchange', async () => {
    const tenant = rut(76_980_100);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => token(i % 2 ? b : gw.app, tenant)));
    expect(answers.map((a) => a.status)).toEqual(Array(200).fill(200));
    expect(gw.authority.seeds.size).toBe(1);
    expect(gw.authority.tokens.size).toBe(1);
    expect(new Set(answers.map((a) => a.body.expires_at)).size).toBe(1);
  });

  it('shares the taxpayer cache: what one instance read, the other answers from the cache', async () => {
    const tenant = rut(76_980_200);
    const first = await request(gw.http).get('/tax/contribuyente/datos').query({ tenant }).set('X-Internal-Key', KEY).expect(200);
    const other = await request(b.getHttpServer()).get('/tax/contribuyente/datos').query({ tenant }).set('X-Internal-Key', KEY).expect(200);
    expect({ first: first.body.cached, other: other.body.cached }).toEqual({ first: false, other: true });
    expect(other.body.razon_social).toBe(first.body.razon_social);

    // A clear on one instance reaches the other's shared copy.
    await request(b.getHttpServer()).post('/tax/contribuyente/cache/clear').query({ rut: tenant }).set('X-Internal-Key', KEY).expect(204);
    const again = await request(gw.http).get('/tax/contribuyente/datos').query({ tenant }).set('X-Internal-Key', KEY).expect(200);
    expect(again.body.cached).toBe(true); // its own in-process copy
    const fresh = await request(b.getHttpServer()).get('/tax/contribuyente/datos').query({ tenant }).set('X-Internal-Key', KEY).expect(200);
    expect(fresh.body.cached).toBe(false);
  });

  it('a Redis outage degrades to per-process behaviour, and sharing resumes when it is back', async () => {
    await redis.stop();
    try {
      const tenant = rut(76_980_300);
      const seeds = gw.authority.seeds.size;
      expect((await token(gw.app, tenant)).status).toBe(200);
      expect((await token(b, tenant)).status).toBe(200);
      // Each instance exchanged on its own.
      expect(gw.authority.seeds.size).toBe(seeds + 2);
    } finally {
      await redis.start();
    }
    const tenant = rut(76_980_400);
    const seeds = gw.authority.seeds.size;
    // ioredis reconnects in the background: wait for its 'ready' signal on both instances.
    for (const app of [gw.app, b]) {
      const client = app.get(SharedRedisRef).client;
      if (client && client.status !== 'ready') await new Promise((r) => client.once('ready', r));
    }
    await token(gw.app, tenant).expect(200);
    await token(b, tenant).expect(200);
    expect(gw.authority.seeds.size).toBe(seeds + 1);
  }, 30_000);
});

describe('scale-out on Redis: the rate limit', () => {
  let redis: RedisServerHandle;
  let gw: Gateway;
  let b: NestFastifyApplication;

  beforeAll(async () => {
    redis = await startRedisServer();
    gw = await startGateway({ env: { REDIS_URL: redis.url, THROTTLE_LIMIT: '10', THROTTLE_TTL_SECONDS: '60' } });
    b = await gw.second();
  }, 60_000);

  afterAll(async () => {
    await gw?.close();
    await redis?.stop();
  });

  it('is shared between the instances, per caller + tenant', async () => {
    const tenant = rut(76_980_500);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const app = i % 2 ? b : gw.app;
      statuses.push((await request(app.getHttpServer()).post('/tax/auth/token').set('X-Internal-Key', KEY).send({ tenant })).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
