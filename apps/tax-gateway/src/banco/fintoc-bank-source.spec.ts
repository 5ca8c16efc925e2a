import { Logger } from '@nestjs/common';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ProblemException } from '@lib/schemas';
import { BANK_API_HOST, SiiFakeAuthority, bancoCuentas, bancoMovimientosDelDia, createSiiFakeHandlers } from '@lib/sii-fake';
import { loadTaxSettings } from '../settings/tax-settings';
import { FintocBankSource, nextLink } from './fintoc-bank-source';

const KEY = 'sk_test_unit_secret';
const LINK = 'link_unit_76086428';
const DESDE = '2026-01-01';
const HASTA = '2026-03-15';

const authority = new SiiFakeAuthority({ now: () => new Date('2026-03-15T15:00:00Z') });
const msw = setupServer(...createSiiFakeHandlers(authority, [BANK_API_HOST]));

function source(env: Record<string, string> = {}): FintocBankSource {
  return new FintocBankSource(loadTaxSettings({ SIGNER_KEY: 'k', BANK_API_KEY: KEY, ...env }));
}

/** The problem a promise rejects with. */
async function problem(p: Promise<unknown>): Promise<ProblemException> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof ProblemException)) throw new Error(`expected a ProblemException, got ${String(err)}`);
  return err;
}

function expectedMovements(linkToken: string): number {
  let n = 0;
  for (const cuenta of bancoCuentas(linkToken)) {
    for (let d = new Date(`${DESDE}T00:00:00Z`); d <= new Date(`${HASTA}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
      n += bancoMovimientosDelDia(cuenta.id, d.toISOString().slice(0, 10)).length;
    }
  }
  return n;
}

beforeAll(() => msw.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  msw.resetHandlers();
  authority.bancoCaido = false;
  authority.bancoDemoraMs = 0;
  jest.restoreAllMocks();
});
afterAll(() => msw.close());

describe('FintocBankSource', () => {
  it('reads every page of every account and normalizes each movement', async () => {
    const s = source();
    s.pageSize = 7;
    const before = authority.bancoPeticiones;
    const got = await s.fetchMovements(LINK, DESDE, HASTA);
    const cuentas = bancoCuentas(LINK);
    expect(got.accounts).toBe(cuentas.length);
    expect(got.movements).toHaveLength(expectedMovements(LINK));
    expect(got.movements.length).toBeGreaterThan(7 * cuentas.length);
    // One accounts call plus ceil(n / 7) pages per account.
    const pages = cuentas
      .map((c) => got.movements.filter((m) => m.accountId === c.id).length)
      .reduce((sum, n) => sum + Math.max(1, Math.ceil(n / 7)), 0);
    expect(authority.bancoPeticiones - before).toBe(1 + pages);
    expect(new Set(got.movements.map((m) => m.providerId)).size).toBe(got.movements.length);
    for (const m of got.movements) {
      expect(Number.isSafeInteger(m.amount)).toBe(true);
      expect(m.postDate >= DESDE && m.postDate <= HASTA).toBe(true);
      expect(m.currency).toBe('CLP');
    }
    const transfer = got.movements.find((m) => m.type === 'transfer' && m.amount > 0);
    expect(transfer?.counterpart).toEqual({
      rut: expect.stringMatching(/^\d{7,8}-[\dK]$/),
      name: expect.any(String),
      institution: expect.any(String),
    });
    expect(transfer?.raw).toMatchObject({ id: transfer?.providerId, sender_account: expect.any(Object) });
  });

  it('maps a refused key and an unknown link (4xx) to 502 banco_error', async () => {
    const refused = await problem(source({ BANK_API_KEY: 'sk_live_nope' }).fetchMovements(LINK, DESDE, HASTA));
    expect([refused.getStatus(), refused.error]).toEqual([502, 'banco_error']);
    expect(refused.detail).toContain('HTTP 401');
    const unknown = await problem(source().fetchMovements('nolink_x', DESDE, HASTA));
    expect([unknown.getStatus(), unknown.error]).toEqual([502, 'banco_error']);
    expect(unknown.detail).toContain('HTTP 404');
  });

  it('maps a provider that is down (5xx) or refuses connections to 503 banco_unavailable', async () => {
    authority.bancoCaido = true;
    const down = await problem(source().fetchMovements(LINK, DESDE, HASTA));
    expect([down.getStatus(), down.error]).toEqual([503, 'banco_unavailable']);
    authority.bancoCaido = false;
    const refused = await problem(source({ BANK_API_BASE_URL: 'http://127.0.0.1:1' }).fetchMovements(LINK, DESDE, HASTA));
    expect([refused.getStatus(), refused.error]).toEqual([503, 'banco_unavailable']);
  });

  it('maps no answer within BANK_TIMEOUT_MS to 504 banco_timeout', async () => {
    authority.bancoDemoraMs = 400;
    const late = await problem(source({ BANK_TIMEOUT_MS: '100' }).fetchMovements(LINK, DESDE, HASTA));
    expect([late.getStatus(), late.error]).toEqual([504, 'banco_timeout']);
  });

  it('maps answers of the wrong shape to 502 banco_error', async () => {
    const accounts = `${BANK_API_HOST}/v1/accounts`;
    const movements = `${BANK_API_HOST}/v1/accounts/:id/movements`;
    const cases: [string, () => Response][] = [
      ['not JSON', () => new HttpResponse('<html>oops</html>', { headers: { 'content-type': 'text/html' } })],
      ['not an array', () => HttpResponse.json({ data: [] })],
      ['an item that is not an object', () => HttpResponse.json([1])],
    ];
    for (const [, answer] of cases) {
      msw.use(http.get(accounts, answer));
      expect((await problem(source().fetchMovements(LINK, DESDE, HASTA))).error).toBe('banco_error');
      msw.resetHandlers();
    }
    const movement = { id: 'mov_1', amount: 100, currency: 'CLP', post_date: '2026-03-01', description: 'x', type: 'other' };
    for (const bad of [{ amount: 10.5 }, { amount: '100' }, { currency: 'USD' }, { post_date: '01-03-2026' }, { id: '' }]) {
      msw.use(http.get(movements, () => HttpResponse.json([{ ...movement, ...bad }])));
      const p = await problem(source().fetchMovements(LINK, DESDE, HASTA));
      expect([p.getStatus(), p.error]).toEqual([502, 'banco_error']);
      msw.resetHandlers();
    }
    msw.use(http.get(movements, () => new HttpResponse('boom', { status: 500 })));
    expect((await problem(source().fetchMovements(LINK, DESDE, HASTA))).error).toBe('banco_unavailable');
  });

  it('reads only CLP accounts, accepts ISO date-times and drops NUL characters', async () => {
    msw.use(
      http.get(`${BANK_API_HOST}/v1/accounts`, () =>
        HttpResponse.json([
          { id: 'acc_usd', currency: 'USD' },
          { id: 'acc_clp', currency: 'CLP' },
        ]),
      ),
      http.get(`${BANK_API_HOST}/v1/accounts/:id/movements`, ({ params }) =>
        HttpResponse.json([
          {
            id: `mov_${String(params['id'])}`,
            amount: -2500,
            currency: 'CLP',
            post_date: '2026-03-01T00:00:00.000Z',
            description: 'Pago\u0000 proveedor',
            type: 'Transfer',
            reference_id: 42,
            recipient_account: { holder_id: '77.777.777-7', holder_name: 'Receptor SpA', institution: 'Banco BCI' },
          },
        ]),
      ),
    );
    const got = await source().fetchMovements(LINK, DESDE, HASTA);
    expect(got.accounts).toBe(1);
    expect(got.movements).toEqual([
      expect.objectContaining({
        providerId: 'mov_acc_clp',
        accountId: 'acc_clp',
        amount: -2500,
        postDate: '2026-03-01',
        description: 'Pago proveedor',
        type: 'transfer',
        referenceId: '42',
        counterpart: { rut: '77777777-7', name: 'Receptor SpA', institution: 'Banco BCI' },
      }),
    ]);
    expect(JSON.stringify(got.movements[0].raw)).not.toContain('\\u0000');
  });

  it('sends the key in Authorization and never logs it or a link token, even when the provider echoes them', async () => {
    const seen: string[] = [];
    msw.use(
      http.get(`${BANK_API_HOST}/v1/accounts`, ({ request }) => {
        seen.push(request.headers.get('authorization') ?? '');
        const link = new URL(request.url).searchParams.get('link_token');
        return HttpResponse.json(
          { error: `bad request with key ${request.headers.get('authorization')} and link ${link}` },
          { status: 400 },
        );
      }),
    );
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const p = await problem(source().fetchMovements(LINK, DESDE, HASTA));
    expect(seen).toEqual([KEY]);
    expect(p.error).toBe('banco_error');
    const logged = warn.mock.calls.map((c) => c.map(String).join(' ')).join('\n');
    expect(logged).toContain('[redacted]');
    for (const text of [logged, JSON.stringify(p.getResponse()), p.message]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(LINK);
    }
  });

  it('probes reachability without throwing', async () => {
    expect(await source().probe(1000, LINK)).toEqual({ reachable: true, latencyMs: expect.any(Number) });
    expect(await source({ BANK_API_KEY: 'sk_live_x' }).probe(1000, LINK)).toMatchObject({
      reachable: true,
      error: expect.stringContaining('401'),
    });
    authority.bancoCaido = true;
    expect(await source().probe(1000, LINK)).toMatchObject({ reachable: false, error: 'HTTP 503' });
    authority.bancoCaido = false;
    authority.bancoDemoraMs = 300;
    expect(await source().probe(50, LINK)).toMatchObject({ reachable: false, error: 'no answer within 50 ms' });
    authority.bancoDemoraMs = 0;
    expect(await source({ BANK_API_BASE_URL: 'http://127.0.0.1:1' }).probe(1000)).toMatchObject({
      reachable: false,
      error: 'ECONNREFUSED',
    });
  });
});

describe('nextLink', () => {
  it('finds rel="next" among the links of a Link header', () => {
    expect(nextLink('<https://x/a?page=1>; rel="first", <https://x/a?page=2>; rel="next", <https://x/a?page=9>; rel="last"')).toBe(
      'https://x/a?page=2',
    );
    expect(nextLink('<https://x/a?page=2>; rel="prev next"')).toBe('https://x/a?page=2');
    expect(nextLink('<https://x/a?page=1>; rel="first", <https://x/a?page=1>; rel="last"')).toBeUndefined();
    expect(nextLink(undefined)).toBeUndefined();
    expect(nextLink('garbage')).toBeUndefined();
  });
});
