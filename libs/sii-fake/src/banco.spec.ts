import { SiiFakeAuthority } from './authority';
import { bancoCuentas, bancoMovimientosDelDia, type BancoMovimiento } from './banco';

const HOST = 'https://api.fintoc.com';
const KEY = 'sk_test_spec';

describe('bank aggregator stand-in (/v1/)', () => {
  const authority = new SiiFakeAuthority({ now: () => new Date('2026-03-15T15:00:00Z') });
  const get = (path: string, key: string | null = KEY) =>
    authority.handle({ method: 'GET', url: `${HOST}${path}`, headers: key === null ? {} : { authorization: key } });
  const json = <T>(res: { body: Buffer }): T => JSON.parse(res.body.toString('utf8')) as T;

  afterEach(() => {
    authority.bancoCaido = false;
    authority.bancoDemoraMs = 0;
  });

  it('lists the accounts of a link token, the same ones every time', async () => {
    const res = await get('/v1/accounts?link_token=link_abc');
    expect(res.status).toBe(200);
    const cuentas = json<{ id: string; currency: string }[]>(res);
    expect(cuentas.length).toBeGreaterThanOrEqual(1);
    expect(cuentas.every((c) => c.currency === 'CLP')).toBe(true);
    expect(cuentas).toEqual(bancoCuentas('link_abc'));
    expect(bancoCuentas('link_other').map((c) => c.id)).not.toEqual(cuentas.map((c) => c.id));
  });

  it('pages the movements newest first with a Link header, within since..until and never after today', async () => {
    const [cuenta] = bancoCuentas('link_abc');
    const base = `/v1/accounts/${cuenta.id}/movements?link_token=link_abc&since=2026-02-01&until=2026-03-31&per_page=7`;
    const all: BancoMovimiento[] = [];
    let path: string | undefined = base;
    let pages = 0;
    while (path) {
      const res = await get(path);
      expect(res.status).toBe(200);
      all.push(...json<BancoMovimiento[]>(res));
      const next = /<([^>]+)>; rel="next"/.exec(res.headers['link'] ?? '');
      path = next ? next[1].slice(HOST.length) : undefined;
      pages++;
    }
    expect(pages).toBeGreaterThan(1);
    const dates = all.map((m) => m.post_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(dates.every((d) => d >= '2026-02-01' && d <= '2026-03-15')).toBe(true);
    expect(new Set(all.map((m) => m.id)).size).toBe(all.length);
    let expected = 0;
    for (let d = new Date('2026-02-01T00:00:00Z'); d <= new Date('2026-03-15T00:00:00Z'); d.setUTCDate(d.getUTCDate() + 1)) {
      expected += bancoMovimientosDelDia(cuenta.id, d.toISOString().slice(0, 10)).length;
    }
    expect(all).toHaveLength(expected);
    expect(all.every((m) => Number.isInteger(m.amount) && m.currency === 'CLP')).toBe(true);
    const transfer = all.find((m) => m.type === 'transfer');
    expect(transfer?.sender_account ?? transfer?.recipient_account).toMatchObject({ holder_id: expect.stringMatching(/^\d{7,8}[\dK]$/) });
  });

  it('refuses a bad key (401), an unknown link token (404), a missing one and bad parameters (400)', async () => {
    expect((await get('/v1/accounts?link_token=link_abc', null)).status).toBe(401);
    expect((await get('/v1/accounts?link_token=link_abc', 'sk_live_x')).status).toBe(401);
    expect((await get('/v1/accounts?link_token=link_abc', 'sk_test_')).status).toBe(401);
    expect((await get('/v1/accounts?link_token=nolink')).status).toBe(404);
    expect((await get('/v1/accounts')).status).toBe(400);
    const [cuenta] = bancoCuentas('link_abc');
    expect((await get(`/v1/accounts/${cuenta.id}/movements?link_token=link_zzz`)).status).toBe(404);
    expect((await get(`/v1/accounts/${cuenta.id}/movements?link_token=link_abc&since=2026-02-30`)).status).toBe(400);
    expect((await get(`/v1/accounts/${cuenta.id}/movements?link_token=link_abc&since=2026-03-10&until=2026-03-01`)).status).toBe(400);
    expect((await get(`/v1/accounts/${cuenta.id}/movements?link_token=link_abc&per_page=301`)).status).toBe(400);
  });

  it('goes down and slows down on request (POST /sim/banco/caido)', async () => {
    const sim = (body: unknown) =>
      authority.handle({
        method: 'POST',
        url: `${HOST}/sim/banco/caido`,
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify(body)),
      });
    expect((await sim({ caido: 'yes' })).status).toBe(400);
    expect((await sim({})).status).toBe(400);
    expect((await sim({ caido: true })).status).toBe(200);
    expect((await get('/v1/accounts?link_token=link_abc')).status).toBe(503);
    expect(json(await sim({ caido: false, demora_ms: 50 }))).toEqual({ caido: false, demora_ms: 50 });
    const started = Date.now();
    expect((await get('/v1/accounts?link_token=link_abc')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});
