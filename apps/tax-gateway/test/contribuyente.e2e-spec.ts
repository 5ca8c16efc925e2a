import request from 'supertest';
import { contribuyenteFor } from '@lib/sii-fake';
import { Gateway, KEY, rut, startGateway } from './support/harness';

const TENANT = '76086428-5';
const UNKNOWN = rut(76_999_001);

describe('contribuyente (e2e: canonical taxpayer data, 24 h cache)', () => {
  let gw: Gateway;
  const get = (path: string, query: Record<string, string> = {}) =>
    request(gw.http).get(`/tax/contribuyente${path}`).query(query).set('X-Internal-Key', KEY);

  beforeAll(async () => {
    gw = await startGateway({ unknownRuts: [UNKNOWN] });
  });

  afterAll(async () => {
    await gw?.close();
  });

  it('datos answers the canonical data with a normalized RUT, then serves it from the cache', async () => {
    const expected = contribuyenteFor(TENANT);
    const first = await get('/datos', { tenant: '76.086.428-5' }).expect(200);
    expect(first.body).toEqual({
      rut: TENANT,
      razon_social: expected.razon_social,
      direccion: expected.direccion,
      comuna: expected.comuna,
      giros: expected.giros,
      representantes: expected.representantes,
      estado: 'vigente',
      inicio_actividades: expected.inicio_actividades,
      fetched_at: expect.any(String),
      cached: false,
    });
    const second = await get('/datos', { tenant: TENANT }).expect(200);
    expect(second.body).toMatchObject({
      rut: TENANT,
      razon_social: expected.razon_social,
      cached: true,
      fetched_at: first.body.fetched_at,
    });
    const metrics = await request(gw.http).get('/metrics').set('X-Internal-Key', KEY).expect(200);
    expect(metrics.text).toMatch(/cache_lookups_total\{cache="contribuyente",result="hit"[^}]*\} [1-9]/);
  });

  it('estado, giros and representantes come from the same cached data', async () => {
    const expected = contribuyenteFor(TENANT);
    expect((await get('/estado', { tenant: TENANT }).expect(200)).body).toMatchObject({ rut: TENANT, estado: 'vigente', cached: true });
    expect((await get('/giros', { tenant: TENANT }).expect(200)).body).toMatchObject({ giros: expected.giros, cached: true });
    expect((await get('/representantes', { tenant: TENANT }).expect(200)).body).toMatchObject({
      representantes: expected.representantes,
      cached: true,
    });
  });

  it('datos-rut/{rut} looks up the RUT in the path (any notation)', async () => {
    const other = rut(77_123_456);
    const res = await get(`/datos-rut/${other.replace('-', '')}`).expect(200);
    expect(res.body).toMatchObject({ rut: other, razon_social: contribuyenteFor(other).razon_social, cached: false });
  });

  it('an unknown RUT is a 404 taxpayer_not_found problem (never cached)', async () => {
    let lookups = 0;
    const count = ({ request: req }: { request: Request }) => {
      if (req.url.endsWith(`/sim/contribuyente/${UNKNOWN}`)) lookups++;
    };
    gw.msw.events.on('request:start', count);
    for (let i = 0; i < 2; i++) {
      const res = await get(`/datos-rut/${UNKNOWN}`).expect(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ status: 404, error: 'taxpayer_not_found', instance: `/tax/contribuyente/datos-rut/${UNKNOWN}` });
    }
    await get('/datos', { tenant: UNKNOWN }).expect(404);
    gw.msw.events.removeListener('request:start', count);
    expect(lookups).toBe(3);
  });

  it('an invalid RUT is a 400 validation_failed', async () => {
    expect((await get('/datos-rut/12345678-0').expect(400)).body.error).toBe('validation_failed');
    expect((await get('/datos', { tenant: 'abc' }).expect(400)).body.errors[0].field).toBe('tenant');
    await get('/datos').expect(400);
  });

  it('POST cache/clear answers 204 and the next read goes to the SII again', async () => {
    await get('/datos', { tenant: TENANT }).expect(200);
    await request(gw.http).post('/tax/contribuyente/cache/clear').set('X-Internal-Key', KEY).expect(204);
    expect((await get('/datos', { tenant: TENANT }).expect(200)).body.cached).toBe(false);
    await request(gw.http).post('/tax/contribuyente/cache/clear').query({ rut: TENANT }).set('X-Internal-Key', KEY).expect(204);
    expect((await get('/giros', { tenant: TENANT }).expect(200)).body.cached).toBe(false);
  });

  it('a garbled answer from the source is a 502, not a 500', async () => {
    const { http, HttpResponse } = await import('msw');
    const odd = rut(77_555_111);
    gw.msw.use(http.get(`https://maullin.sii.cl/sim/contribuyente/${odd}`, () => HttpResponse.json({ rut: odd })));
    const res = await get(`/datos-rut/${odd}`).expect(502);
    expect(res.body.error).toBe('sii_bad_response');
    gw.msw.resetHandlers();
  });
});
