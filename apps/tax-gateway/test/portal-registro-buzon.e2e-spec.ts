import request from 'supertest';
import { DataSource } from 'typeorm';
import { CALLER_TEST_INTERNAL_KEYS, CALLER_TEST_KEYS } from '@lib/testing';
import { contribuyenteFor } from '@lib/sii-fake';
import { Gateway, crashChromiumOn, getBytes, rut, startGateway } from './support/harness';

const ADMIN = CALLER_TEST_KEYS.admin;
const MAILER = CALLER_TEST_KEYS.mailer;

// The company registry and the SII mailbox through a real headless Chromium against the stand-in's pages.
describe('portal: company registry, notifications and documents (e2e, real Chromium)', () => {
  let gw: Gateway;
  const tenant = rut(76_962_100);
  const UNKNOWN = rut(76_962_999);
  const get = (path: string, query: Record<string, string> = {}, key = ADMIN) =>
    request(gw.http)
      .get(path)
      .query({ tenant, ...query })
      .set('X-Internal-Key', key);
  const post = (path: string, body: object | undefined, key = ADMIN) => request(gw.http).post(path).set('X-Internal-Key', key).send(body);
  const sim = (path: string, body: object) =>
    gw.authority.handle({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify(body)),
    });
  const metrics = async () => (await request(gw.http).get('/metrics').set('X-Internal-Key', ADMIN)).text;

  beforeAll(async () => {
    gw = await startGateway({
      unknownRuts: [UNKNOWN],
      env: { THROTTLE_ENABLED: 'false', INTERNAL_KEYS: CALLER_TEST_INTERNAL_KEYS },
    });
  }, 60_000);

  afterAll(async () => {
    await gw?.close();
  });

  it('reads the company record and its history, caches them and reads again after the cache is cleared', async () => {
    const empresa = rut(76_962_200);
    const first = await get(`/tax/registro/empresa/${empresa}`).expect(200);
    expect(first.body).toMatchObject({
      cached: false,
      empresa: { rut: empresa, razon_social: contribuyenteFor(empresa).razon_social.toUpperCase() },
    });
    expect(first.body.empresa.administradores.length).toBeGreaterThan(0);
    expect((await get(`/tax/registro/empresa/${empresa}`).expect(200)).body).toMatchObject({
      cached: true,
      fetched_at: first.body.fetched_at,
    });
    expect(gw.authority.registroVisitas.get(empresa)).toBe(1);

    const historial = await get(`/tax/registro/empresa/${empresa}/historial`).expect(200);
    expect(historial.body.modificaciones.length).toBeGreaterThanOrEqual(2);
    expect(historial.body.modificaciones[0]).toEqual({
      fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      tipo: expect.any(String),
      descripcion: expect.any(String),
      actuacion: expect.any(String),
    });

    await post('/tax/registro/cache/clear', undefined).expect(204);
    expect((await get(`/tax/registro/empresa/${empresa}`).expect(200)).body.cached).toBe(false);
    expect(gw.authority.registroVisitas.get(empresa)).toBe(2);
    const m = await metrics();
    expect(m).toMatch(/scrape_runs_total\{kind="registro",outcome="ok",app="tax-gateway"\} 3\b/);
    // Each portal page is an SII call of its own in the SII metrics.
    expect(m).toMatch(/sii_requests_total\{operation="portal_page",outcome="ok",app="tax-gateway"\} \d+/);
    expect(m).toMatch(/sii_request_duration_seconds_count\{app="tax-gateway",operation="portal_page"\} \d+/);
  }, 60_000);

  it('a RUT with no registration is 404 empresa_not_found; the portal’s error page is 502 portal_error', async () => {
    const persona = rut(12_345_678);
    const none = await get(`/tax/registro/empresa/${persona}`);
    expect({ status: none.status, error: none.body.error }).toEqual({ status: 404, error: 'empresa_not_found' });
    const unknown = await get(`/tax/registro/empresa/${UNKNOWN}`);
    expect({ status: unknown.status, error: unknown.body.error }).toEqual({ status: 502, error: 'portal_error' });
    expect(unknown.body.detail).toContain('no se encuentra registrado');
    await get('/tax/registro/empresa/1-2').expect(400);
  }, 60_000);

  it('lists the notifications, opens one (marked read on the portal), and 404s an id the mailbox does not have', async () => {
    const list = await get('/tax/notificaciones').expect(200);
    expect(list.body).toMatchObject({ rut: tenant, cached: false });
    expect(list.body.notificaciones).toHaveLength(2);
    const unread = list.body.notificaciones.find((n: { leida: boolean }) => !n.leida);
    expect(unread).toMatchObject({ cuerpo: null, remitente: 'Servicio de Impuestos Internos' });

    const one = await get(`/tax/notificaciones/${unread.id}`).expect(200);
    expect(one.body.notificacion).toMatchObject({ id: unread.id, asunto: unread.asunto, leida: true });
    expect(one.body.notificacion.cuerpo.length).toBeGreaterThan(10);
    const missing = await get('/tax/notificaciones/NOPE-1');
    expect({ status: missing.status, error: missing.body.error }).toEqual({ status: 404, error: 'notificacion_not_found' });
    await get('/tax/notificaciones/..%2F..%2Fetc').expect(400);
  }, 60_000);

  it('lists the SII’s documents and gives each as PDF', async () => {
    const docs = await get('/tax/documentos').expect(200);
    expect(docs.body.documentos).toHaveLength(2);
    const pdf = await getBytes(gw, `/tax/documentos/${docs.body.documentos[0].id}/pdf`, { tenant }, ADMIN);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    const missing = await get('/tax/documentos/NOPE-1/pdf');
    expect({ status: missing.status, error: missing.body.error }).toEqual({ status: 404, error: 'documento_not_found' });
  }, 60_000);

  it('inbox path: answers what is new since the last read; the same message twice gets the same answer, read once', async () => {
    const r = rut(76_962_300);
    await get('/tax/notificaciones', { rut: r }).expect(200);
    const llegada = JSON.parse((await sim('/sim/notificaciones', { rut: r, asunto: 'Citación F29' })).body.toString()) as { id: string };
    // Still the cached list: the mailer's report is what makes the gateway read again.
    expect((await get('/tax/notificaciones', { rut: r }).expect(200)).body.cached).toBe(true);
    const visitas = () => gw.authority.buzonVisitas.get(r) ?? 0;
    const before = visitas();

    const first = await post('/tax/notificaciones/inbox', { tenant, rut: r, message_id: '<m1@sii.cl>' }, MAILER).expect(200);
    expect(first.headers['x-inbox-repeated']).toBe('false');
    expect(first.body.nuevas.map((n: { id: string; asunto: string }) => [n.id, n.asunto])).toEqual([[llegada.id, 'Citación F29']]);
    expect(visitas()).toBe(before + 1);

    const again = await post('/tax/notificaciones/inbox', { tenant, rut: r, message_id: '<m1@sii.cl>' }, MAILER).expect(200);
    expect(again.headers['x-inbox-repeated']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(visitas()).toBe(before + 1);

    const other = await post('/tax/notificaciones/inbox', { tenant, rut: r, message_id: '<m2@sii.cl>' }, MAILER).expect(200);
    expect(other.body.nuevas).toEqual([]);
    const list = await get('/tax/notificaciones', { rut: r }).expect(200);
    expect(list.body.notificaciones[0].id).toBe(llegada.id);

    expect((await post('/tax/notificaciones/inbox', { tenant, rut: r, message_id: '<m3@sii.cl>' }, ADMIN)).status).toBe(403);
    const rows = await gw.app.get(DataSource).query('SELECT message_id FROM notificacion_inbox WHERE rut = $1 ORDER BY message_id', [r]);
    expect(rows).toEqual([{ message_id: '<m1@sii.cl>' }, { message_id: '<m2@sii.cl>' }]);
  }, 60_000);

  it('a failed read keeps nothing: the redelivered message reads again', async () => {
    const failing = await post('/tax/notificaciones/inbox', { tenant, rut: UNKNOWN, message_id: '<f1@sii.cl>' }, MAILER);
    expect({ status: failing.status, error: failing.body.error }).toEqual({ status: 502, error: 'portal_error' });
    const rows = await gw.app.get(DataSource).query('SELECT 1 FROM notificacion_inbox WHERE message_id = $1', ['<f1@sii.cl>']);
    expect(rows).toEqual([]);
  }, 60_000);

  it('the notifications cache clear answers 204 and the next read goes to the portal', async () => {
    const r = rut(76_962_400);
    await get('/tax/documentos', { rut: r }).expect(200);
    await post('/tax/notificaciones/cache/clear', undefined).expect(204);
    expect((await get('/tax/documentos', { rut: r }).expect(200)).body.cached).toBe(false);
  }, 60_000);

  it('a Chromium that crashes during a visit is 503 portal_unavailable; the next visit starts a new one', async () => {
    const r = rut(76_962_500);
    const restore = crashChromiumOn(gw, `empresa.cgi?rut=${r}`);
    try {
      const res = await get(`/tax/registro/empresa/${r}`);
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 503, error: 'portal_unavailable' });
    } finally {
      restore();
    }
    expect((await get(`/tax/registro/empresa/${r}`).expect(200)).body.empresa.rut).toBe(r);
  }, 60_000);
});
