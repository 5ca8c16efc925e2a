import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { santiagoDate } from '@lib/dte';
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
import { EMISOR_CERTIFICACION, SII_BASE, facturaBody, rut } from './support/harness';

/**
 * The stand-in behind a door the test can close: while `uploadsDown`, the upload service answers 503 as an SII outage does
 * (every other service passes through), so the gateways keep the documents `upload_failed` to be resent.
 */
async function siiDoor(target: string): Promise<{ url: string; uploadsDown: boolean; close: () => Promise<void> }> {
  const door = { url: '', uploadsDown: false, close: async () => undefined as void };
  const server: Server = createServer((req, res) => {
    if (door.uploadsDown && req.url?.startsWith('/cgi_dte/UPL/DTEUpload')) {
      req.resume();
      res.writeHead(503, { 'content-type': 'text/html' }).end('<html><body>Servicio no disponible</body></html>');
      return;
    }
    const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  door.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  door.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return door;
}

// Scale-out with two real gateway processes (issue 12): both run apps/tax-gateway/src/main.ts on one database and one
// real redis-server, against the SII stand-in and the dev signer over HTTP.
describe('scale-out: two gateway processes sharing Redis (e2e)', () => {
  let redis: RedisServerHandle;
  let signer: DevSignerHandle;
  let sim: SiiFakeServer;
  let door: Awaited<ReturnType<typeof siiDoor>>;
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
    // The certificate login over HTTPS, where the signer opens the portal session an emission asks for (docs/tax-gateway.md
    // "Portal session").
    sim = await startSiiFakeServer(authority, { port: 0, tls: true });
    const simCa = join(mkdtempSync(join(tmpdir(), 'gw-scale-out-ca-')), 'sim-tls-ca.pem');
    writeFileSync(simCa, sim.tlsCertificatePem as string);
    signer = await startDevSigner({ env: { SII_AUTH_URL: `${sim.httpsUrl}/cgi_AUT2000/CAutInicio.cgi`, SII_TLS_CA_FILE: simCa } });
    door = await siiDoor(sim.url);
    // The stand-in's CAF authority, trusted as the harness does (docs/tax-gateway.md "CAF").
    const cafCert = join(mkdtempSync(join(tmpdir(), 'gw-scale-out-')), 'sim-authority.pem');
    writeFileSync(cafCert, authority.certificatePem);
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
          SII_DTE_BASE_URL: door.url,
          SII_PORTAL_BASE_URL: sim.url,
          SII_TRUST_SIM_CAF: 'true',
          SII_SIM_CAF_CERT: cafCert,
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
    await door?.close();
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

  it('a document whose upload failed, or a book, sent through both processes at once reaches the SII once', async () => {
    const tenant = rut(76_981_300);
    const admin = (base: string) => ({ 'X-Internal-Key': TEST_KEYS.admin, base });
    const cafFile = await authority.handle({
      method: 'POST',
      url: `${SII_BASE}/sim/caf`,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ rut: tenant, tipo_dte: 33, desde: 1, hasta: 20 })),
    });
    const { base } = admin(bases[0]);
    await request(base).put(`/tax/emisores/${tenant}`).set('X-Internal-Key', TEST_KEYS.admin).send(EMISOR_CERTIFICACION).expect(200);
    await request(base)
      .post('/tax/caf/upload')
      .set('X-Internal-Key', TEST_KEYS.admin)
      .field('tenant', tenant)
      .attach('file', cafFile.body, { filename: 'caf.xml', contentType: 'application/xml' })
      .expect(201);

    door.uploadsDown = true;
    try {
      for (let i = 0; i < 8; i++) {
        const res = await request(bases[i % 2])
          .post('/tax/dte/emitir')
          .set('X-Internal-Key', TEST_KEYS.admin)
          .send(facturaBody(tenant));
        expect([res.status, res.body.error]).toEqual([502, 'sii_bad_response']);
      }
    } finally {
      door.uploadsDown = false;
    }
    const pending = await request(base).get('/tax/dte/pending').query({ tenant }).set('X-Internal-Key', TEST_KEYS.admin).expect(200);
    const failed = (pending.body.pendientes as { emision_id: string; motivo: string }[]).filter((p) => p.motivo === 'upload_failed');
    expect(failed).toHaveLength(8);

    const uploadsBefore = authority.uploads.size;
    for (const { emision_id } of failed) {
      const answers = await Promise.all(
        bases.map((b) => request(b).post(`/tax/dte/${emision_id}/reenviar`).set('X-Internal-Key', TEST_KEYS.admin)),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)?.body.error).toBe('not_resendable');
    }
    expect(authority.uploads.size - uploadsBefore).toBe(8);
    const trackids = new Set<string>();
    for (const { emision_id } of failed) {
      const got = await request(bases[1]).get(`/tax/dte/get/${emision_id}`).set('X-Internal-Key', TEST_KEYS.admin).expect(200);
      expect(got.body.historial.filter((h: { estado: string }) => h.estado === 'uploading')).toHaveLength(1);
      trackids.add(got.body.trackid);
    }
    expect(trackids.size).toBe(8);

    // The month's sales book, sent through both processes at once: one upload, the other told it is on its way.
    const periodo = santiagoDate().slice(0, 7);
    const libro = await request(base)
      .post('/tax/libros/generar')
      .set('X-Internal-Key', TEST_KEYS.admin)
      .send({ tenant, tipo: 'venta', periodo, tipo_envio: 'TOTAL' })
      .expect(201);
    const librosBefore = authority.uploads.size;
    const envios = await Promise.all(
      bases.map((b) => request(b).post(`/tax/libros/enviar/${libro.body.libro_id}`).set('X-Internal-Key', TEST_KEYS.admin)),
    );
    expect(envios.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(envios.find((a) => a.status === 409)?.body.error).toBe('libro_not_sendable');
    expect(authority.uploads.size - librosBefore).toBe(1);
  }, 120_000);
});
