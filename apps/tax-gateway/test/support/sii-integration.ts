import { existsSync } from 'node:fs';
import type request from 'supertest';
import { isValidRut, normalizeRut } from '@lib/rut';
import { TEST_KEYS } from '@lib/testing';

/**
 * Helpers of test/sii-integration.e2e-spec.ts (docs/tax-gateway.md "Going live in certification", step 11): which
 * settings a test against the real SII needs, and skipping it with the reason when they are missing.
 */
export const ENV = process.env;
export const KEY = TEST_KEYS.admin;
export const MINUTE = 60_000;
export const CHROMIUM = ENV.CHROMIUM_PATH?.trim() || '/usr/bin/chromium';
/** Envío estados after which QueryEstUp does not change (docs/research/sii-protocol.md §2.5). */
export const FINAL = new Set(['EPR', 'RSC', 'RFR', 'RCT', 'RPT', 'VOF']);
export const RUT = /^\d{1,8}-[\dK]$/;
export const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function baseSkipReason(): string | undefined {
  if (ENV.SII_INTEGRATION !== '1') return 'SII_INTEGRATION is not 1 (these tests call the SII certification environment)';
  const missing = ['SIGNER_URL', 'SIGNER_KEY', 'SII_INTEGRATION_TENANT'].filter((name) => !ENV[name]?.trim());
  if (missing.length > 0) return `SII_INTEGRATION=1 but ${missing.join(', ')} not set`;
  if (!isValidRut(ENV.SII_INTEGRATION_TENANT)) return 'SII_INTEGRATION_TENANT is not a valid RUT';
  return undefined;
}

export const BASE_SKIP = baseSkipReason();
if (BASE_SKIP) process.stdout.write(`tax-gateway SII integration tests skipped: ${BASE_SKIP}\n`);
export const describeReal = BASE_SKIP ? describe.skip : describe;

/** What a test needs: an environment variable (set and not blank), or a condition with the reason it fails. */
export type Need = string | { ok: boolean; why: string };
export type Case = (name: string, fn: () => Promise<void>, timeoutMs: number) => void;

export const BROWSER: Need = { ok: existsSync(CHROMIUM), why: `no Chromium at ${CHROMIUM} (CHROMIUM_PATH)` };
export const flag = (name: string): Need => ({ ok: ENV[name] === '1', why: `${name} is not 1` });

/** `it` when every need is met; otherwise `it.skip`, with the reason printed and added to the test's name. */
export function needs(...list: Need[]): Case {
  const missing = list.flatMap((n) => {
    if (typeof n !== 'string') return n.ok ? [] : [n.why];
    return ENV[n]?.trim() ? [] : [`${n} not set`];
  });
  if (missing.length === 0) return (name, fn, timeoutMs) => it(name, fn, timeoutMs);
  return (name, fn) => {
    if (BASE_SKIP) return it.skip(name, fn);
    const why = missing.join(', ');
    process.stdout.write(`tax-gateway SII integration: skipped "${name}": ${why}\n`);
    it.skip(`${name} [skipped: ${why}]`, fn);
  };
}

/** Throws `message` unless `condition` holds (jest's matchers cannot say why a real answer is unusable). */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** The answer when its status is one of `statuses`; otherwise an error with the route and the answer's body. */
export function expectStatus(res: request.Response, ...statuses: number[]): request.Response {
  if (!statuses.includes(res.status)) {
    const url = new URL(res.request.url);
    const body = res.body && Object.keys(res.body).length > 0 ? JSON.stringify(res.body) : res.text;
    throw new Error(
      `${res.request.method} ${url.pathname}${url.search} answered ${res.status}, expected ${statuses.join(' or ')}: ${String(body).slice(0, 2000)}`,
    );
  }
  return res;
}

/** The receptor of SII_INTEGRATION_RECEPTOR, `RUT[;razón social;giro;dirección;comuna]`; the SII itself has its own defaults. */
export function receptorDe(value: string) {
  const [rut, razon, giro, direccion, comuna] = value.split(';').map((s) => s.trim());
  const canonical = normalizeRut(rut);
  const sii = canonical === '60803000-K';
  return {
    rut: canonical,
    // Replaced by the SII's name when the list of authorized taxpayers knows the RUT (canonical-data rule).
    razon_social: razon || (sii ? 'Servicio de Impuestos Internos' : 'Receptor de prueba'),
    giro: giro || (sii ? 'Administracion publica' : 'Sin giro informado'),
    direccion: direccion || (sii ? 'Teatinos 120' : 'Sin direccion informada'),
    comuna: comuna || 'Santiago',
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
