import Ajv2020 from 'ajv/dist/2020';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CARPETA_TRIBUTARIA_JSON_SCHEMA } from '@lib/schemas';
import { contribuyenteFor } from '@lib/sii-fake';
import { Gateway, KEY, crashChromiumOn, rawBody, rut, startGateway } from './support/harness';

// The carpeta tributaria through a real headless Chromium (CHROMIUM_PATH, default /usr/bin/chromium) driving the
// SII stand-in's portal pages over HTTP, once a day per RUT counted in PostgreSQL.
describe('portal: carpeta tributaria (e2e, real Chromium)', () => {
  let gw: Gateway;
  const tenant = rut(76_960_100);
  const UNKNOWN = rut(76_960_999);
  const carpeta = (body: object, path = '/tax/scrape/carpeta/json') =>
    request(gw.http)
      .post(path)
      .set('X-Internal-Key', KEY)
      .send({ tenant, ...body });
  const visitas = (r: string) => gw.authority.portalVisitas.get(r) ?? 0;

  beforeAll(async () => {
    gw = await startGateway({ unknownRuts: [UNKNOWN], env: { THROTTLE_ENABLED: 'false' } });
  }, 60_000);

  afterAll(async () => {
    await gw?.close();
  });

  it('reads the carpeta from the portal, then answers the day’s stored visit (JSON and PDF) without visiting again', async () => {
    const first = await carpeta({}).expect(200);
    expect(first.headers['x-scrape-cache']).toBe('miss');
    expect(first.body.scraped_at).toBe(first.headers['x-scraped-at']);
    const validate = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true }).compile(CARPETA_TRIBUTARIA_JSON_SCHEMA);
    expect(validate(first.body) ? [] : validate.errors).toEqual([]);
    expect(first.body.encabezado).toMatchObject({ rut: tenant, nombre: contribuyenteFor(tenant).razon_social.toUpperCase() });
    expect(first.body.representantes_legales.length).toBeGreaterThan(0);
    // The F29 periods with their forms' codes (read from the frames), the F22 years and the property.
    const iva = first.body.declaraciones_iva;
    expect(iva.map((d: { declarada: boolean }) => d.declarada)).toEqual([false, true, true]);
    expect(iva[0].campos).toBeNull();
    expect(iva[1].campos).toMatchObject({ '03': tenant, '15': iva[1].periodo.replace('-', '') });
    expect(Number(iva[1].campos['91'])).toBe(Number(iva[1].campos['538']) - Number(iva[1].campos['511']));
    expect(first.body.declaraciones_renta.map((d: { filas: unknown[] }) => d.filas.length)).toEqual([2, 0]);
    expect(first.body.propiedades).toHaveLength(1);
    expect(first.body.propiedades[0].avaluo_fiscal).toBeGreaterThan(0);
    expect(visitas(tenant)).toBe(1);

    const again = await carpeta({}).expect(200);
    expect(again.headers['x-scrape-cache']).toBe('hit');
    expect(again.body).toEqual(first.body);
    const pdf = await carpeta({}, '/tax/scrape/carpeta').buffer(true).parse(rawBody);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.headers['x-scrape-cache']).toBe('hit');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect(visitas(tenant)).toBe(1);
  }, 60_000);

  it('ten concurrent requests for one RUT make one visit; the rule holds across a restart', async () => {
    const other = rut(76_960_200);
    const answers = await Promise.all(Array.from({ length: 10 }, () => carpeta({ rut: other })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.headers['x-scrape-cache'] === 'miss')).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.scraped_at)).size).toBe(1);
    expect(visitas(other)).toBe(1);

    await gw.restart();
    expect((await carpeta({ rut: other }).expect(200)).headers['x-scrape-cache']).toBe('hit');
    expect(visitas(other)).toBe(1);
  }, 90_000);

  it('a portal error page is 502 portal_error and does not use up the day', async () => {
    const res = await carpeta({ rut: UNKNOWN });
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 502, error: 'portal_error' });
    await carpeta({ rut: UNKNOWN }).expect(502);
    const rows = await gw.app.get(DataSource).query('SELECT estado FROM portal_visita WHERE rut = $1', [UNKNOWN]);
    expect(rows.map((r: { estado: string }) => r.estado)).toEqual(['fallida', 'fallida']);
  }, 60_000);

  it('a Chromium crash during the visit is 503 portal_unavailable and does not use up the day', async () => {
    const r = rut(76_960_400);
    const restore = crashChromiumOn(gw, `_02.cgi?rut=${r}`);
    try {
      const res = await carpeta({ rut: r });
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 503, error: 'portal_unavailable' });
    } finally {
      restore();
    }
    const rows = await gw.app.get(DataSource).query('SELECT estado FROM portal_visita WHERE rut = $1', [r]);
    expect(rows).toEqual([{ estado: 'fallida' }]);
    expect((await carpeta({ rut: r }).expect(200)).headers['x-scrape-cache']).toBe('miss');
  }, 60_000);

  it('refuses a bad RUT or purpose with 400 before any visit', async () => {
    await carpeta({ rut: '1-2' }).expect(400);
    await carpeta({ proposito: 'todo' }).expect(400);
  });
});

describe('portal: a browser that cannot start', () => {
  it('answers 503 portal_unavailable and leaves the day free', async () => {
    const gw = await startGateway({ env: { CHROMIUM_PATH: '/nonexistent/chromium' } });
    try {
      const tenant = rut(76_960_300);
      const res = await request(gw.http).post('/tax/scrape/carpeta/json').set('X-Internal-Key', KEY).send({ tenant }).expect(503);
      expect(res.body.error).toBe('portal_unavailable');
      const rows = await gw.app.get(DataSource).query('SELECT estado FROM portal_visita WHERE rut = $1', [tenant]);
      expect(rows).toEqual([{ estado: 'fallida' }]);
    } finally {
      await gw.close();
    }
  }, 60_000);
});
