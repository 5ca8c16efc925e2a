import request from 'supertest';
import { DataSource } from 'typeorm';
import { santiagoDate } from '@lib/dte';
import { CALLER_TEST_INTERNAL_KEYS, CALLER_TEST_KEYS } from '@lib/testing';
import { bancoCuentas, bancoMovimientosDelDia } from '@lib/sii-fake';
import { BANK_KEY, BANK_LINK, BANK_TENANT, Gateway, rut, startGateway } from './support/harness';

const ADMIN = CALLER_TEST_KEYS.admin;
const ACCOUNTING = CALLER_TEST_KEYS.accounting;

/** YYYY-MM-DD plus `days`. */
function addDays(fecha: string, days: number): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The stand-in's movements of a link in [desde, hasta] (libs/sii-fake banco.ts), per account. */
function expected(link: string, desde: string, hasta: string) {
  return bancoCuentas(link).map((c) => {
    const ids: string[] = [];
    for (let d = desde; d <= hasta; d = addDays(d, 1)) ids.push(...bancoMovimientosDelDia(c.id, d).map((m) => m.id));
    return { cuenta: c.id, ids };
  });
}

// Cached bank movements (spec 1 "Cached bank movements") against the aggregator's stand-in behind msw.
describe('banco: refresh, movimientos and health (e2e)', () => {
  let gw: Gateway;
  const HOY = santiagoDate();
  // 120 days: more than one page (100 movements) per account with the stand-in's 0-3 movements a day.
  const DESDE = addDays(HOY, -119);
  const REVOKED = rut(96_790_240);
  const UNLINKED = rut(77_777_777);
  const post = (body: object, key = ADMIN) => request(gw.http).post('/banco/refresh').set('X-Internal-Key', key).send(body);
  const get = (path: string, query: Record<string, string | number> = {}, key = ADMIN) =>
    request(gw.http).get(path).query(query).set('X-Internal-Key', key);
  const db = () => gw.app.get(DataSource);
  const count = async (table: string, tenant = BANK_TENANT) =>
    Number((await db().query(`SELECT count(*)::int AS n FROM ${table} WHERE tenant = $1`, [tenant]))[0].n);

  beforeAll(async () => {
    gw = await startGateway({
      env: {
        INTERNAL_KEYS: CALLER_TEST_INTERNAL_KEYS,
        // A second tenant whose link the provider does not know (revoked): 502 banco_error.
        BANK_LINK_TOKENS: `${BANK_TENANT}:${BANK_LINK},${REVOKED}:revoked_link_1`,
        BANK_API_KEY: BANK_KEY,
        BANK_TIMEOUT_MS: '1000',
      },
    });
  }, 60_000);

  afterAll(async () => {
    await gw?.close();
  });

  afterEach(() => {
    gw.authority.bancoCaido = false;
    gw.authority.bancoDemoraMs = 0;
  });

  it('stores every movement of every account and page, once', async () => {
    const want = expected(BANK_LINK, DESDE, HOY);
    const total = want.reduce((n, c) => n + c.ids.length, 0);
    expect(Math.max(...want.map((c) => c.ids.length))).toBeGreaterThan(100);
    const before = gw.authority.bancoPeticiones;
    const res = await post({ tenant: BANK_TENANT, desde: DESDE }).expect(200);
    expect(res.body).toEqual({
      tenant: BANK_TENANT,
      desde: DESDE,
      hasta: HOY,
      cuentas: want.length,
      nuevos: total,
      conocidos: 0,
      refreshed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(gw.authority.bancoPeticiones - before).toBeGreaterThan(want.length + 1);
    expect(await count('banco_movimiento')).toBe(total);
    const ids = (await db().query('SELECT provider_id FROM banco_movimiento WHERE tenant = $1', [BANK_TENANT])).map(
      (r: { provider_id: string }) => r.provider_id,
    );
    expect(new Set(ids)).toEqual(new Set(want.flatMap((c) => c.ids)));
  });

  it('answers every movement as conocido on a second refresh and stores no duplicate', async () => {
    const before = await count('banco_movimiento');
    const res = await post({ tenant: BANK_TENANT, desde: DESDE, hasta: HOY }).expect(200);
    expect(res.body).toMatchObject({ nuevos: 0, conocidos: before });
    // A range that overlaps: only the days before DESDE are new.
    const older = addDays(DESDE, -10);
    const nuevos = expected(BANK_LINK, older, addDays(DESDE, -1)).reduce((n, c) => n + c.ids.length, 0);
    const overlap = await post({ tenant: BANK_TENANT, desde: older, hasta: addDays(DESDE, 5) }).expect(200);
    expect(overlap.body.nuevos).toBe(nuevos);
    expect(await count('banco_movimiento')).toBe(before + nuevos);
    expect(await count('banco_refresh')).toBe(3);
  });

  it('lists the stored movements newest first, paginated and filtered, amounts in whole CLP', async () => {
    const total = await count('banco_movimiento');
    const page1 = await get('/banco/movimientos', { tenant: BANK_TENANT, limit: 25 }, ACCOUNTING).expect(200);
    expect(page1.body).toMatchObject({ total, limit: 25, offset: 0 });
    expect(page1.body.items).toHaveLength(25);
    const item = page1.body.items[0];
    expect(item).toEqual({
      id: expect.stringMatching(/^mov_/),
      proveedor: 'fintoc',
      cuenta: expect.stringMatching(/^acc_/),
      monto: expect.any(Number),
      moneda: 'CLP',
      fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      descripcion: expect.any(String),
      tipo: expect.stringMatching(/^(transfer|check|other)$/),
      referencia: item.referencia === null ? null : expect.any(String),
      contraparte: item.contraparte === null ? null : expect.any(Object),
      first_seen_at: expect.any(String),
    });
    const all = [];
    for (let offset = 0; ; offset += 200) {
      const res = await get('/banco/movimientos', { tenant: BANK_TENANT, offset, limit: 200 }).expect(200);
      all.push(...res.body.items);
      if (res.body.items.length < 200) break;
    }
    expect(all).toHaveLength(total);
    expect(new Set(all.map((m) => m.id)).size).toBe(total);
    const fechas = all.map((m) => m.fecha);
    expect([...fechas].sort().reverse()).toEqual(fechas);
    expect(all.every((m) => Number.isInteger(m.monto))).toBe(true);
    const transfer = all.find((m) => m.tipo === 'transfer');
    expect(transfer.contraparte).toEqual({
      rut: expect.stringMatching(/^\d{7,8}-[\dK]$/),
      nombre: expect.any(String),
      institucion: expect.any(String),
    });
    const page2 = await get('/banco/movimientos', { tenant: BANK_TENANT, offset: 25, limit: 25 }).expect(200);
    expect(page2.body.items.map((m: { id: string }) => m.id)).toEqual(all.slice(25, 50).map((m) => m.id));

    const [cuenta] = bancoCuentas(BANK_LINK);
    const filtered = await get('/banco/movimientos', {
      tenant: BANK_TENANT,
      cuenta: cuenta.id,
      tipo: 'transfer',
      desde: addDays(HOY, -30),
      hasta: addDays(HOY, -1),
      limit: 200,
    }).expect(200);
    const want = all.filter(
      (m) => m.cuenta === cuenta.id && m.tipo === 'transfer' && m.fecha >= addDays(HOY, -30) && m.fecha <= addDays(HOY, -1),
    );
    expect(filtered.body.total).toBe(want.length);
    expect(filtered.body.items.map((m: { id: string }) => m.id)).toEqual(want.map((m) => m.id));
    expect((await get('/banco/movimientos', { tenant: UNLINKED }).expect(200)).body).toEqual({
      items: [],
      total: 0,
      limit: 50,
      offset: 0,
    });
    await get('/banco/movimientos', { tenant: BANK_TENANT, limit: 500 }).expect(400);
  });

  it('answers 503 banco_unavailable when the provider is down, storing no movement', async () => {
    const movimientos = await count('banco_movimiento');
    gw.authority.bancoCaido = true;
    const res = await post({ tenant: BANK_TENANT, desde: addDays(DESDE, -60), hasta: addDays(DESDE, -20) }).expect(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 503, error: 'banco_unavailable' });
    expect(JSON.stringify(res.body)).not.toContain(BANK_KEY);
    expect(JSON.stringify(res.body)).not.toContain(BANK_LINK);
    expect(await count('banco_movimiento')).toBe(movimientos);
    const [last] = await db().query('SELECT outcome, nuevos FROM banco_refresh WHERE tenant = $1 ORDER BY id DESC LIMIT 1', [BANK_TENANT]);
    expect(last).toEqual({ outcome: 'banco_unavailable', nuevos: 0 });
  });

  it('answers 504 banco_timeout beyond BANK_TIMEOUT_MS, storing no movement', async () => {
    const movimientos = await count('banco_movimiento');
    gw.authority.bancoDemoraMs = 1500;
    const res = await post({ tenant: BANK_TENANT, desde: addDays(DESDE, -60), hasta: addDays(DESDE, -20) }).expect(504);
    expect(res.body).toMatchObject({ error: 'banco_timeout' });
    expect(await count('banco_movimiento')).toBe(movimientos);
  });

  it('answers 502 banco_error when the provider refuses the link, 422 banco_not_linked for a tenant without one', async () => {
    expect((await post({ tenant: REVOKED }).expect(502)).body).toMatchObject({ error: 'banco_error' });
    expect(await count('banco_movimiento', REVOKED)).toBe(0);
    const res = await post({ tenant: UNLINKED }).expect(422);
    expect(res.body).toMatchObject({ status: 422, error: 'banco_not_linked' });
    expect(await count('banco_refresh', UNLINKED)).toBe(0);
  });

  it('refuses bad ranges with 400 before reaching the provider', async () => {
    const before = gw.authority.bancoPeticiones;
    const refreshes = Number((await db().query('SELECT count(*)::int AS n FROM banco_refresh'))[0].n);
    const cases: [object, string][] = [
      [{ desde: addDays(HOY, -5), hasta: addDays(HOY, -10) }, 'range_invalid'],
      [{ hasta: addDays(HOY, 1) }, 'range_invalid'],
      [{ desde: addDays(HOY, -366), hasta: HOY }, 'range_invalid'],
      [{ desde: '2026-02-30' }, 'validation_failed'],
      [{ desde: '15-03-2026' }, 'validation_failed'],
    ];
    for (const [range, error] of cases) {
      const res = await post({ tenant: UNLINKED, ...range }).expect(400);
      expect(res.body).toMatchObject({ error, errors: [expect.objectContaining({ field: expect.stringMatching(/^(desde|hasta)$/) })] });
    }
    await post({ tenant: BANK_TENANT, desde: addDays(HOY, -365), hasta: HOY }).expect(200);
    expect(gw.authority.bancoPeticiones).toBeGreaterThan(before);
    const after = Number((await db().query('SELECT count(*)::int AS n FROM banco_refresh'))[0].n);
    expect(after).toBe(refreshes + 1);
  });

  it('reports the provider reachable or not, and each tenant last refresh, never failing itself', async () => {
    const ok = await get('/banco/health', {}, ACCOUNTING).expect(200);
    expect(ok.body.provider).toEqual({ reachable: true, latency_ms: expect.any(Number) });
    const tenants = Object.fromEntries(ok.body.tenants.map((t: { tenant: string }) => [t.tenant, t]));
    expect(tenants[BANK_TENANT]).toEqual({
      tenant: BANK_TENANT,
      vinculado: true,
      last_refresh_at: expect.any(String),
      last_outcome: 'ok',
      movimientos: await count('banco_movimiento'),
    });
    expect(tenants[REVOKED]).toMatchObject({ vinculado: true, last_outcome: 'banco_error', movimientos: 0 });
    expect(tenants[UNLINKED]).toBeUndefined();

    gw.authority.bancoCaido = true;
    const down = await get('/banco/health').expect(200);
    expect(down.body.provider).toMatchObject({ reachable: false, error: 'HTTP 503' });
    gw.authority.bancoCaido = false;
    gw.authority.bancoDemoraMs = 5000;
    const slow = await get('/banco/health').expect(200);
    expect(slow.body.provider).toMatchObject({ reachable: false, error: expect.stringMatching(/no answer within \d+ ms/) });
    expect(slow.body.provider.latency_ms).toBeLessThan(4000);
  });

  it('admits admin only on refresh, admin and accounting on the reads', async () => {
    await post({ tenant: BANK_TENANT }, ACCOUNTING).expect(403);
    await get('/banco/movimientos', { tenant: BANK_TENANT }, CALLER_TEST_KEYS.assistant).expect(403);
    await get('/banco/health', {}, CALLER_TEST_KEYS.mailer).expect(403);
  });

  it('rate limits refresh per caller + tenant (10 a minute)', async () => {
    const tenant = rut(76_555_555);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post({ tenant, desde: '2026-13-01' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    const limited = await post({ tenant, desde: '2026-13-01' }).expect(429);
    expect(limited.body).toMatchObject({ error: 'rate_limited' });
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(statuses[10]).toBe(429);
    // Another tenant of the same caller is not limited.
    await post({ tenant: UNLINKED, desde: '2026-13-01' }).expect(400);
  });
});
