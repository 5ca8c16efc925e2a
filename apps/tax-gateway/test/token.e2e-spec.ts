import request from 'supertest';
import { createTestApp } from '@lib/testing';
import { AppModule } from '../src/app.module';
import { appOptions } from '../src/config';
import { Gateway, KEY, startGateway } from './support/harness';

const TENANT = '76086428-5';
const OTHER = '96874030-K';

describe('SII token (e2e: dev signer + SII fake)', () => {
  let gw: Gateway;
  const post = (tenant: string) => request(gw.http).post('/tax/auth/token').set('X-Internal-Key', KEY).send({ tenant });
  const seeds = () => gw.authority.seeds.size;

  beforeAll(async () => {
    gw = await startGateway();
  });

  afterAll(async () => {
    await gw?.close();
  });

  it('two concurrent cold requests share ONE seed/token exchange (single flight), then the cache answers', async () => {
    const before = seeds();
    const [a, b] = await Promise.all([post(TENANT), post(TENANT)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(seeds() - before).toBe(1);
    expect(a.body).toEqual({ tenant: TENANT, environment: 'cert', expires_at: expect.any(String), cached: false });
    expect(b.body.expires_at).toBe(a.body.expires_at);
    // About 18 minutes (TOKEN_TTL_SECONDS 1080).
    const ttl = (Date.parse(a.body.expires_at) - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(1000);
    expect(ttl).toBeLessThanOrEqual(1080);

    const again = await post(TENANT).expect(200);
    expect(again.body).toMatchObject({ tenant: TENANT, cached: true, expires_at: a.body.expires_at });
    expect(seeds() - before).toBe(1);
    // The token itself never leaves the gateway.
    const issued = [...gw.authority.tokens.keys()];
    expect(issued.some((t) => JSON.stringify(again.body).includes(t))).toBe(false);
  });

  it('caches per tenant and normalizes the RUT', async () => {
    const res = await post('96.874.030-k').expect(200);
    expect(res.body).toMatchObject({ tenant: OTHER, cached: false });
    expect((await post(OTHER).expect(200)).body.cached).toBe(true);
  });

  it('DELETE ?tenant= invalidates one tenant, DELETE without tenant invalidates all', async () => {
    await post(TENANT).expect(200);
    await post(OTHER).expect(200);
    await request(gw.http).delete('/tax/auth/token').query({ tenant: TENANT }).set('X-Internal-Key', KEY).expect(204);
    expect((await post(TENANT).expect(200)).body.cached).toBe(false);
    expect((await post(OTHER).expect(200)).body.cached).toBe(true);

    await request(gw.http).delete('/tax/auth/token').set('X-Internal-Key', KEY).expect(204);
    const before = seeds();
    expect((await post(TENANT).expect(200)).body.cached).toBe(false);
    expect((await post(OTHER).expect(200)).body.cached).toBe(false);
    expect(seeds() - before).toBe(2);
  });

  it('a token the SII no longer accepts is renewed once, transparently (QueryEstUp ESTADO 001-003)', async () => {
    await post(TENANT).expect(200);
    gw.authority.tokens.clear();
    const before = seeds();
    const res = await request(gw.http).get('/tax/dte/estado').query({ tenant: TENANT, trackid: '1234567890' }).set('X-Internal-Key', KEY);
    // With the new token the SII answers about the trackid itself (-11, unknown): the renewal happened once.
    expect([res.status, res.body.error]).toEqual([502, 'sii_rejected']);
    expect(seeds() - before).toBe(1);
  });

  it('counts token cache lookups in /metrics', async () => {
    const res = await request(gw.http).get('/metrics').set('X-Internal-Key', KEY).expect(200);
    expect(res.text).toMatch(/cache_lookups_total\{cache="token",result="hit"[^}]*\} [1-9]/);
    expect(res.text).toMatch(/sii_requests_total\{operation="getSeed",outcome="ok"[^}]*\} [1-9]/);
    expect(res.text).toContain('sii_request_duration_seconds_bucket');
    expect(res.text).toContain('signer_request_duration_seconds_bucket');
  });

  it('validates the body: 400 for a bad RUT, 401 without a key', async () => {
    const bad = await post('76086428-4').expect(400);
    expect(bad.body.error).toBe('validation_failed');
    await request(gw.http).post('/tax/auth/token').send({ tenant: TENANT }).expect(401);
    await request(gw.http).delete('/tax/auth/token').expect(401);
  });

  it('maps an unreachable SII to 503 and an HTML error page to 502', async () => {
    const { http, HttpResponse } = await import('msw');
    await request(gw.http).delete('/tax/auth/token').set('X-Internal-Key', KEY).expect(204);
    gw.msw.use(http.post('https://maullin.sii.cl/DTEWS/CrSeed.jws', () => HttpResponse.error()));
    const down = await post(TENANT).expect(503);
    expect(down.body).toMatchObject({ error: 'sii_unavailable', status: 503 });
    gw.msw.resetHandlers();
    gw.msw.use(
      http.post(
        'https://maullin.sii.cl/DTEWS/CrSeed.jws',
        () => new HttpResponse('<html><body>Error 500</body></html>', { status: 200, headers: { 'content-type': 'text/html' } }),
      ),
    );
    const html = await post(TENANT).expect(502);
    expect(html.body).toMatchObject({ error: 'sii_bad_response', status: 502 });
    gw.msw.resetHandlers();
    expect((await post(TENANT).expect(200)).body.cached).toBe(false);
  });

  it('documents every /tax route in OpenAPI with a summary, a success schema and the problem responses', async () => {
    const doc = (await request(gw.http).get('/docs-json').expect(200)).body;
    const operations = Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)
      .filter(([path]) => path.startsWith('/tax/'))
      .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThanOrEqual(13);
    for (const { path, method, op } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect([where, typeof op.summary]).toEqual([where, 'string']);
      const responses = op.responses as Record<string, { content?: Record<string, unknown> }>;
      expect([where, Object.keys(responses).some((s) => s.startsWith('2'))]).toEqual([where, true]);
      expect([where, Object.keys(responses['401']?.content ?? {})]).toEqual([where, ['application/problem+json']]);
    }
    expect(doc.components.schemas.EmitirDto.properties.receptor).toBeDefined();
    expect(doc.paths['/tax/dte/emitir'].post.responses['429']).toBeDefined();
  });

  it('refuses to start with TAX_ENV=prod unless SII_ISSUER_CERTIFIED=true, and never trusts the sim CAF authority in prod', async () => {
    // Refused while the settings are validated, before anything starts.
    await expect(createTestApp(AppModule, { TAX_ENV: 'prod', SII_TRUST_SIM_CAF: 'false' }, appOptions)).rejects.toThrow(
      /SII_ISSUER_CERTIFIED must be true with TAX_ENV=prod/,
    );
    await expect(
      createTestApp(AppModule, { TAX_ENV: 'prod', SII_ISSUER_CERTIFIED: 'true', SII_TRUST_SIM_CAF: 'true' }, appOptions),
    ).rejects.toThrow(/SII_TRUST_SIM_CAF/);
  });
});
