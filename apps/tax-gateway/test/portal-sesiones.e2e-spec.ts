import { Writable } from 'node:stream';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { setLogDestination } from '@lib/platform';
import { TEST_KEYS } from '@lib/testing';
import { Gateway, KEY, rut, startGateway } from './support/harness';

interface Cookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires?: number;
}

// Imported portal sessions (spec 1 "Imported session") driving the real Chromium against the stand-in's pages:
// the sessions come from the stand-in's login (what a person exports from a browser on the real portal).
describe('portal: imported sessions (e2e, real Chromium)', () => {
  let gw: Gateway;
  const logs: string[] = [];
  const tenant = rut(76_961_100);
  const representado = rut(76_961_200);
  const api = () => request(gw.http);
  const importar = (body: object, key: string = KEY) => api().post('/tax/auth/import-session').set('X-Internal-Key', key).send(body);
  const status = () => api().get('/tax/auth/import-session/status').set('X-Internal-Key', TEST_KEYS.assistant).expect(200);
  const carpeta = (body: object) =>
    api()
      .post('/tax/scrape/carpeta/json')
      .set('X-Internal-Key', KEY)
      .send({ tenant, ...body });
  const login = async (r: string): Promise<Cookie[]> => {
    const host = new URL(gw.portalUrl as string).hostname;
    const res = await gw.authority.handle({
      method: 'POST',
      url: `${gw.portalUrl}/sim/portal/login`,
      headers: { host, 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ rut: r })),
    });
    return (JSON.parse(res.body.toString()) as { cookies: Cookie[] }).cookies;
  };

  beforeAll(async () => {
    setLogDestination(new Writable({ write: (chunk, _enc, cb) => (logs.push(String(chunk)), cb()) }));
    gw = await startGateway({ env: { THROTTLE_ENABLED: 'false', LOG_LEVEL: 'debug' } });
  }, 60_000);

  afterAll(async () => {
    setLogDestination(undefined);
    await gw?.close();
  });

  it('uses the representado’s imported session for its carpeta; its state never shows a cookie value', async () => {
    const cookies = await login(representado);
    const imported = await importar({ representado_rut: representado, cookies }).expect(200);
    expect(imported.body).toMatchObject({ representado_rut: representado, estado: 'active', last_use_accepted: null });

    const res = await carpeta({ representado_rut: representado }).expect(200);
    expect(res.body.encabezado.rut).toBe(representado);
    expect(gw.authority.portalVisitas.get(representado)).toBe(1);

    const st = await status();
    const mine = st.body.sesiones.find((s: { representado_rut: string }) => s.representado_rut === representado);
    expect(mine).toMatchObject({ estado: 'active', last_use_accepted: true, cookie_names: cookies.map((c) => c.name) });
    const secret = cookies.find((c) => c.name === 'TOKEN')?.value ?? 'missing TOKEN cookie';
    expect(JSON.stringify(st.body)).not.toContain(secret);
    expect(JSON.stringify(imported.body)).not.toContain(secret);
    expect(logs.join('')).toContain('portal session imported');
    expect(logs.join('')).not.toContain(secret);
  }, 60_000);

  it('a session the portal no longer accepts is 409 session_expired, never the certificate’s token, and uses no day', async () => {
    const r = rut(76_961_300);
    await importar({ representado_rut: r, cookies: await login(r) }).expect(200);
    await gw.authority.handle({
      method: 'POST',
      url: '/sim/portal/logout',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ rut: r })),
    });
    const res = await carpeta({ representado_rut: r });
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 409, error: 'session_expired' });
    expect(gw.authority.portalVisitas.get(r)).toBeUndefined();
    const rows = await gw.app.get(DataSource).query('SELECT estado FROM portal_visita WHERE rut = $1', [r]);
    expect(rows).toEqual([{ estado: 'fallida' }]);
    const st = (await status()).body.sesiones.find((s: { representado_rut: string }) => s.representado_rut === r);
    expect(st).toMatchObject({ estado: 'rejected', last_use_accepted: false });
    // Refused: later requests do not even reach the portal.
    expect((await carpeta({ representado_rut: r })).status).toBe(409);

    // A new import replaces it and works again.
    await importar({ representado_rut: r, cookies: await login(r) }).expect(200);
    expect((await carpeta({ representado_rut: r })).status).toBe(200);
  }, 60_000);

  it('a representado with no session, or with expired cookies, is 409 session_expired', async () => {
    const none = rut(76_961_400);
    expect((await carpeta({ representado_rut: none })).body.error).toBe('session_expired');
    const r = rut(76_961_500);
    await importar({ representado_rut: r, cookies: await login(r) }).expect(200);
    await gw.app
      .get(DataSource)
      .query(`UPDATE sesion_importada SET expires_at = now() - interval '1 minute' WHERE representado_rut = $1`, [r]);
    expect((await status()).body.sesiones.find((s: { representado_rut: string }) => s.representado_rut === r).estado).toBe('expired');
    expect((await carpeta({ representado_rut: r })).body.error).toBe('session_expired');
  }, 60_000);

  it('refuses bad imports with a clear 4xx and stores nothing', async () => {
    const r = rut(76_961_600);
    const ok = (await login(r))[0];
    const bad = [
      { representado_rut: '1-2', cookies: [ok] },
      { representado_rut: r, cookies: [] },
      { representado_rut: r, cookies: [{ ...ok, name: 'a b' }] },
      { representado_rut: r, cookies: [{ ...ok, value: 'x;y' }] },
      { representado_rut: r, cookies: [{ ...ok, path: 'x' }] },
      { representado_rut: r, cookies: [{ ...ok, expires: 'tomorrow' }] },
    ];
    for (const body of bad) expect((await importar(body)).status).toBe(400);
    const foreign = await importar({ representado_rut: r, cookies: [{ ...ok, domain: 'evil.example' }] });
    expect({ status: foreign.status, error: foreign.body.error }).toEqual({ status: 422, error: 'cookie_domain' });
    const past = await importar({ representado_rut: r, cookies: [{ ...ok, expires: 1_000_000_000 }] });
    expect({ status: past.status, error: past.body.error }).toEqual({ status: 422, error: 'session_expired' });
    expect((await importar({ representado_rut: r, cookies: [ok] }, TEST_KEYS.assistant)).status).toBe(403);
    const rows = await gw.app.get(DataSource).query('SELECT 1 FROM sesion_importada WHERE representado_rut = $1', [r]);
    expect(rows).toEqual([]);
  });

  it('DELETE removes one representado’s session (204), then 404', async () => {
    const r = rut(76_961_700);
    await importar({ representado_rut: r, cookies: await login(r) }).expect(200);
    await api().delete(`/tax/auth/import-session/${r}`).set('X-Internal-Key', KEY).expect(204);
    await api().delete(`/tax/auth/import-session/${r}`).set('X-Internal-Key', KEY).expect(404);
    expect((await status()).body.sesiones.map((s: { representado_rut: string }) => s.representado_rut)).not.toContain(r);
    expect((await carpeta({ representado_rut: r })).body.error).toBe('session_expired');
  }, 60_000);
});
