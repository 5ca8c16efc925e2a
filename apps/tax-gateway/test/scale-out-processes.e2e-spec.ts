import { freePort } from '@lib/platform';
import { SiiFakeAuthority, startSiiFakeServer, type SiiFakeServer } from '@lib/sii-fake';
import {
  TEST_INTERNAL_KEYS,
  TEST_KEYS,
  createTestDatabase,
  startDevSigner,
  startRedisServer,
  startTs,
  stopAll,
  waitHealthy,
  type DevSignerHandle,
  type RedisServerHandle,
} from '@lib/testing';
import { rut } from './support/harness';

// Scale-out with two real gateway processes (issue 12): both run apps/tax-gateway/src/main.ts on one database and one
// real redis-server, against the SII stand-in and the dev signer over HTTP.
describe('scale-out: two gateway processes sharing Redis (e2e)', () => {
  let redis: RedisServerHandle;
  let signer: DevSignerHandle;
  let sim: SiiFakeServer;
  const authority = new SiiFakeAuthority({ estUpDelaysMs: 10 });
  const procs: Awaited<ReturnType<typeof startTs>>['proc'][] = [];
  const bases: string[] = [];
  const token = (base: string, tenant: string) =>
    fetch(`${base}/tax/auth/token`, {
      method: 'POST',
      headers: { 'X-Internal-Key': TEST_KEYS.admin, 'content-type': 'application/json' },
      body: JSON.stringify({ tenant }),
    }).then((r) => r.status);

  beforeAll(async () => {
    redis = await startRedisServer();
    signer = await startDevSigner();
    sim = await startSiiFakeServer(authority, { port: 0 });
    const databaseUrl = await createTestDatabase('gw_scale_out');
    // One after the other: the first migrates the database, the second finds it up to date.
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const { proc } = await startTs(
        `tax-gateway-${i + 1}`,
        'apps/tax-gateway/src/main.ts',
        {
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATABASE_URL: databaseUrl,
          REDIS_URL: redis.url,
          INTERNAL_KEYS: TEST_INTERNAL_KEYS,
          THROTTLE_LIMIT: '300',
          SII_DTE_BASE_URL: sim.url,
          SIGNER_URL: signer.url,
          SIGNER_KEY: signer.key,
          RECONCILER_INTERVAL_SECONDS: '0',
          AUDITORIA_RETRY_SECONDS: '0',
        },
        { quiet: true },
      );
      procs.push(proc);
      bases.push(`http://127.0.0.1:${port}`);
      await waitHealthy(`tax-gateway-${i + 1}`, `${bases[i]}/health`, 90_000);
    }
  }, 180_000);

  afterAll(async () => {
    await stopAll(procs);
    await sim?.close();
    await signer?.stop();
    await redis?.stop();
  });

  it('200 concurrent cold token requests split across the processes make one seed/token exchange', async () => {
    const tenant = rut(76_981_100);
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => token(bases[i % 2], tenant)));
    expect(statuses).toEqual(Array(200).fill(200));
    expect(authority.seeds.size).toBe(1);
    expect(authority.tokens.size).toBe(1);
  });

  it('the rate limit per caller + tenant is one for both processes', async () => {
    const tenant = rut(76_981_200);
    const statuses: number[] = [];
    for (let i = 0; i < 302; i += 2) statuses.push(...(await Promise.all([token(bases[0], tenant), token(bases[1], tenant)])));
    expect(statuses.filter((s) => s === 200)).toHaveLength(300);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  }, 60_000);
});
