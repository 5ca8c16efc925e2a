import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ProblemException } from '@lib/schemas';
import { loadTaxSettings } from '../settings/tax-settings';
import { resolveRango } from './banco-rango';
import { MovimientosQueryDto, RefreshBodyDto } from './dto/banco.dto';
import { parseBankLinkTokens } from '../settings/bank-link-tokens';

// 2026-03-15 12:00 in Santiago (UTC-3 in March).
const NOW = new Date('2026-03-15T15:00:00Z');

function refused(fn: () => unknown): ProblemException {
  try {
    fn();
  } catch (err) {
    if (err instanceof ProblemException) return err;
    throw err;
  }
  throw new Error('not refused');
}

describe('resolveRango', () => {
  it('defaults to the last 30 days, today included, in America/Santiago', () => {
    expect(resolveRango(undefined, undefined, NOW)).toEqual({ desde: '2026-02-14', hasta: '2026-03-15' });
    // 01:00 UTC on the 16th is still the 15th in Santiago.
    expect(resolveRango(undefined, undefined, new Date('2026-03-16T01:00:00Z')).hasta).toBe('2026-03-15');
    expect(resolveRango(undefined, '2026-01-31', NOW)).toEqual({ desde: '2026-01-02', hasta: '2026-01-31' });
    expect(resolveRango('2026-03-01', undefined, NOW)).toEqual({ desde: '2026-03-01', hasta: '2026-03-15' });
  });

  it('takes a range of up to 366 days', () => {
    expect(resolveRango('2025-03-15', '2026-03-15', NOW)).toEqual({ desde: '2025-03-15', hasta: '2026-03-15' });
    expect(resolveRango('2026-03-15', '2026-03-15', NOW)).toEqual({ desde: '2026-03-15', hasta: '2026-03-15' });
  });

  it('refuses with 400 range_invalid: desde after hasta, hasta after today, over 366 days, before 2000', () => {
    for (const [desde, hasta, field] of [
      ['2026-03-10', '2026-03-01', 'desde'],
      [undefined, '2026-03-16', 'hasta'],
      ['2025-03-14', '2026-03-15', 'desde'],
      ['1999-12-31', '2000-01-05', 'desde'],
      [undefined, '0000-01-01', 'desde'],
    ] as const) {
      const p = refused(() => resolveRango(desde, hasta, NOW));
      expect([p.getStatus(), p.error]).toEqual([400, 'range_invalid']);
      expect(p.getProblem().errors).toEqual([{ field, message: p.detail }]);
    }
  });
});

describe('BANK_LINK_TOKENS', () => {
  it('maps each tenant (canonical RUT) to its link token', () => {
    expect(parseBankLinkTokens(' 76.086.428-5:link_a , 77777777-7:link_b_token_c ')).toEqual(
      new Map([
        ['76086428-5', 'link_a'],
        ['77777777-7', 'link_b_token_c'],
      ]),
    );
    expect(parseBankLinkTokens(undefined).size).toBe(0);
  });

  it('names a bad entry by position, never echoing a token', () => {
    const cases: [string, RegExp][] = [
      ['76086428-5', /entry 1 is not/],
      ['76086428-5:link_a,12345678-0:link_secret', /entry 2: the tenant is not a valid RUT/],
      ['76086428-5:link a secret', /entry 1: the link token/],
      ['76086428-5:link_a,76.086.428-5:link_secret', /entry 2 repeats a tenant/],
    ];
    for (const [value, message] of cases) {
      expect(() => parseBankLinkTokens(value)).toThrow(message);
      try {
        parseBankLinkTokens(value);
      } catch (err) {
        expect((err as Error).message).not.toMatch(/secret/);
      }
    }
  });

  it('is a setting checked at boot, with BANK_API_KEY and BANK_LINKS_KEY required beside it', () => {
    const KEY = Buffer.alloc(32, 7).toString('base64');
    const s = loadTaxSettings({ SIGNER_KEY: 'k', BANK_API_KEY: 'sk_test_x', BANK_LINK_TOKENS: '76086428-5:link_a', BANK_LINKS_KEY: KEY });
    expect(s.bankLinksKey).toEqual(Buffer.alloc(32, 7));
    expect(() => loadTaxSettings({ SIGNER_KEY: 'k', BANK_API_KEY: 'k', BANK_LINK_TOKENS: '76086428-5:link_a' })).toThrow(
      /BANK_LINKS_KEY is required when BANK_LINK_TOKENS is set/,
    );
    for (const bad of [Buffer.alloc(16).toString('base64'), 'not base64 at all', `${KEY}x`]) {
      expect(() => loadTaxSettings({ SIGNER_KEY: 'k', BANK_LINKS_KEY: bad })).toThrow(/BANK_LINKS_KEY must be 32 bytes in base64/);
    }
    expect(s).toMatchObject({ bankApiBaseUrl: 'https://api.fintoc.com', bankApiKey: 'sk_test_x', bankTimeoutMs: 15_000 });
    expect(s.bankLinkTokens.get('76086428-5')).toBe('link_a');
    expect(loadTaxSettings({ SIGNER_KEY: 'k' })).toMatchObject({ bankApiKey: undefined, bankLinkTokens: new Map() });
    expect(() => loadTaxSettings({ SIGNER_KEY: 'k', BANK_LINK_TOKENS: '76086428-5:link_a', BANK_LINKS_KEY: KEY })).toThrow(
      /BANK_API_KEY is required/,
    );
    expect(() => loadTaxSettings({ SIGNER_KEY: 'k', BANK_API_KEY: 'k', BANK_LINK_TOKENS: 'nope', BANK_LINKS_KEY: KEY })).toThrow(
      /BANK_LINK_TOKENS entry 1/,
    );
    expect(() => loadTaxSettings({ SIGNER_KEY: 'k', BANK_API_BASE_URL: 'ftp://x' })).toThrow(/BANK_API_BASE_URL/);
    expect(() => loadTaxSettings({ SIGNER_KEY: 'k', BANK_TIMEOUT_MS: '5' })).toThrow(/BANK_TIMEOUT_MS/);
  });
});

describe('banco DTOs', () => {
  const errorsOf = (cls: new () => object, plain: object) =>
    validateSync(plainToInstance(cls, plain), { whitelist: true, forbidNonWhitelisted: true }).map((e) => e.property);

  it('takes a tenant and optional calendar dates for a refresh', () => {
    expect(errorsOf(RefreshBodyDto, { tenant: '76086428-5' })).toEqual([]);
    expect(errorsOf(RefreshBodyDto, { tenant: '76086428-5', desde: '2026-03-01', hasta: '2026-03-15' })).toEqual([]);
    expect(errorsOf(RefreshBodyDto, { tenant: '76086428-4' })).toEqual(['tenant']);
    expect(errorsOf(RefreshBodyDto, { tenant: '76086428-5', desde: '2026-02-30' })).toEqual(['desde']);
    expect(errorsOf(RefreshBodyDto, { tenant: '76086428-5', hasta: null })).toEqual(['hasta']);
    expect(errorsOf(RefreshBodyDto, { tenant: '76086428-5', extra: 1 })).toEqual(['extra']);
  });

  it('checks the filters and page of GET /banco/movimientos', () => {
    expect(errorsOf(MovimientosQueryDto, { tenant: '76086428-5', offset: '20', limit: '10', tipo: 'transfer', cuenta: 'acc_1' })).toEqual(
      [],
    );
    expect(errorsOf(MovimientosQueryDto, { tenant: '76086428-5', offset: '-1' })).toEqual(['offset']);
    expect(errorsOf(MovimientosQueryDto, { tenant: '76086428-5', limit: '201' })).toEqual(['limit']);
    expect(errorsOf(MovimientosQueryDto, { tenant: '76086428-5', tipo: 'Transfer!' })).toEqual(['tipo']);
    expect(errorsOf(MovimientosQueryDto, { tenant: '76086428-5', cuenta: 'a/../b' })).toEqual(['cuenta']);
    expect(errorsOf(MovimientosQueryDto, { tenant: '76086428-5', desde: '2026-13-01' })).toEqual(['desde']);
    expect(errorsOf(MovimientosQueryDto, { tenant: '76086428-5', hasta: '0000-01-01' })).toEqual(['hasta']);
  });
});
