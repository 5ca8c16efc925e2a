import { createHash } from 'node:crypto';
import { addDays, isCalendarDate, santiagoDate } from '@lib/dte';
import type { SiiFakeState } from './state';
import { prng } from './taxpayers';
import { rutDv } from './internal/rut';
import { jsonResponse, type FakeRequest, type FakeResponse } from './types';

/** Default base URL of the bank-data aggregator (Fintoc-style JSON, tax-gateway's `BANK_API_BASE_URL`); tests route it here with msw. */
export const BANK_API_HOST = 'https://api.fintoc.com';

export const BANCO_PREFIX = '/v1/';

/** Most movements per page (`per_page`), as the aggregator caps it; 30 when absent. */
export const BANCO_MAX_PER_PAGE = 300;
const DEFAULT_PER_PAGE = 30;
const DEFAULT_DAYS = 30;

interface Institution {
  id: string;
  name: string;
  country: 'cl';
}

/** The other side of a transfer: `holder_id` is a RUT without dots or hyphen. */
interface CounterpartAccount {
  holder_id: string;
  holder_name: string;
  number: string;
  institution: Institution;
}

/** An account of a link (`GET /v1/accounts`), CLP. */
export interface BancoCuenta {
  id: string;
  object: 'account';
  name: string;
  official_name: string;
  number: string;
  holder_id: string;
  holder_name: string;
  type: 'checking_account' | 'sight_account';
  currency: 'CLP';
  balance: { available: number; current: number; limit: number };
}

/** A movement: `amount` whole CLP, negative for debits; `post_date` YYYY-MM-DD (America/Santiago). */
export interface BancoMovimiento {
  id: string;
  object: 'movement';
  amount: number;
  currency: 'CLP';
  description: string;
  post_date: string;
  transaction_date: string;
  type: 'transfer' | 'check' | 'other';
  reference_id: string | null;
  pending: boolean;
  sender_account: CounterpartAccount | null;
  recipient_account: CounterpartAccount | null;
  comment: string | null;
}

const INSTITUTIONS: Institution[] = [
  { id: 'cl_banco_de_chile', name: 'Banco de Chile', country: 'cl' },
  { id: 'cl_banco_estado', name: 'BancoEstado', country: 'cl' },
  { id: 'cl_banco_santander', name: 'Banco Santander', country: 'cl' },
  { id: 'cl_banco_bci', name: 'Banco BCI', country: 'cl' },
  { id: 'cl_banco_itau', name: 'Banco Itaú', country: 'cl' },
];
const HOLDERS = [
  'Comercial Los Aromos SpA',
  'Distribuidora Pehuén Limitada',
  'Servicios Quillay SpA',
  'Inversiones Cordillera S.A.',
  'María José Fuentes Soto',
  'Transportes Maule Limitada',
  'Juan Pablo Rojas Díaz',
  'Ferretería El Roble SpA',
];
const OTHER = [
  { description: 'Comisión mantención cuenta corriente', sign: -1, max: 15_000 },
  { description: 'Intereses línea de crédito', sign: -1, max: 40_000 },
  { description: 'Pago PEC Previred', sign: -1, max: 900_000 },
  { description: 'Depósito en efectivo', sign: 1, max: 600_000 },
];

const hex = (text: string, length = 24): string => createHash('sha256').update(text).digest('hex').slice(0, length);

function holderId(rnd: () => number, min = 5_000_000, span = 20_000_000): string {
  const body = min + Math.floor(rnd() * span);
  return `${body}${rutDv(body)}`;
}

/** One or two CLP accounts, deterministic per token. Nothing here is real bank data. */
export function bancoCuentas(linkToken: string): BancoCuenta[] {
  const rnd = prng(`banco-link|${linkToken}`);
  const holder = holderId(rnd, 76_000_000, 1_000_000);
  return Array.from({ length: 1 + Math.floor(rnd() * 2) }, (_, i) => {
    const current = Math.floor(rnd() * 50_000_000);
    return {
      id: `acc_${hex(`${linkToken}|account|${i}`)}`,
      object: 'account' as const,
      name: i === 0 ? 'Cuenta Corriente' : 'Cuenta Vista',
      official_name: i === 0 ? 'Cuenta Corriente Moneda Local' : 'Cuenta Vista Moneda Local',
      number: String(10_000_000 + Math.floor(rnd() * 89_999_999)),
      holder_id: holder,
      holder_name: 'Empresa Vinculada SpA',
      type: i === 0 ? ('checking_account' as const) : ('sight_account' as const),
      currency: 'CLP' as const,
      balance: { available: current, current, limit: i === 0 ? 5_000_000 : 0 },
    };
  });
}

/** 0 to 3 movements, deterministic per account and day. */
export function bancoMovimientosDelDia(accountId: string, dia: string): BancoMovimiento[] {
  const rnd = prng(`banco-dia|${accountId}|${dia}`);
  return Array.from({ length: Math.floor(rnd() * 4) }, (_, i) => {
    const id = `mov_${hex(`${accountId}|${dia}|${i}`)}`;
    const kind = rnd();
    const base = { id, object: 'movement' as const, currency: 'CLP' as const, post_date: dia, transaction_date: dia, pending: false };
    if (kind < 0.65) {
      const inbound = rnd() < 0.55;
      const counterpart: CounterpartAccount = {
        holder_id: holderId(rnd),
        holder_name: HOLDERS[Math.floor(rnd() * HOLDERS.length)],
        number: String(1_000_000 + Math.floor(rnd() * 98_999_999)),
        institution: INSTITUTIONS[Math.floor(rnd() * INSTITUTIONS.length)],
      };
      const amount = 1_000 + Math.floor(rnd() * 2_500_000);
      return {
        ...base,
        amount: inbound ? amount : -amount,
        description: inbound ? `Transferencia de ${counterpart.holder_name}` : `Transferencia a ${counterpart.holder_name}`,
        type: 'transfer' as const,
        reference_id: String(100_000_000 + Math.floor(rnd() * 899_999_999)),
        sender_account: inbound ? counterpart : null,
        recipient_account: inbound ? null : counterpart,
        comment: rnd() < 0.5 ? `Factura ${1 + Math.floor(rnd() * 5000)}` : null,
      };
    }
    if (kind < 0.8) {
      const numero = 1_000_000 + Math.floor(rnd() * 8_999_999);
      return {
        ...base,
        amount: -(5_000 + Math.floor(rnd() * 1_500_000)),
        description: `Cheque N° ${numero} cobrado`,
        type: 'check' as const,
        reference_id: String(numero),
        sender_account: null,
        recipient_account: null,
        comment: null,
      };
    }
    const other = OTHER[Math.floor(rnd() * OTHER.length)];
    return {
      ...base,
      amount: other.sign * (100 + Math.floor(rnd() * other.max)),
      description: other.description,
      type: 'other' as const,
      reference_id: null,
      sender_account: null,
      recipient_account: null,
      comment: null,
    };
  });
}

function bancoError(status: number, type: string, code: string, message: string, param?: string): FakeResponse {
  return jsonResponse(status, { error: { type, code, message, ...(param ? { param } : {}) } });
}

/** The aggregator's `/v1/` API, Fintoc-style: accounts, and movements newest first, paged by a `Link` header. */
export async function handleBanco(state: SiiFakeState, req: FakeRequest, path: string): Promise<FakeResponse> {
  state.bancoPeticiones++;
  // unref: a test that ends while an answer is delayed does not keep the process alive.
  if (state.bancoDemoraMs > 0) await new Promise((resolve) => setTimeout(resolve, state.bancoDemoraMs).unref());
  if (state.bancoCaido) return bancoError(503, 'api_error', 'service_unavailable', 'Service Unavailable');
  if (req.method.toUpperCase() !== 'GET') return bancoError(405, 'invalid_request_error', 'method_not_allowed', 'Method not allowed');
  const auth = req.headers['authorization'];
  const key = (Array.isArray(auth) ? auth[0] : auth)?.trim() ?? '';
  if (!key.startsWith('sk_test_') || key.length <= 'sk_test_'.length) {
    return bancoError(401, 'authentication_error', 'invalid_api_key', 'Invalid API Key provided');
  }
  const url = new URL(req.url, 'http://banco-fake.invalid');
  const linkToken = url.searchParams.get('link_token') ?? '';
  if (!linkToken) return bancoError(400, 'invalid_request_error', 'missing_parameter', 'link_token is required', 'link_token');
  if (!linkToken.startsWith('link_')) return bancoError(404, 'invalid_request_error', 'missing_resource', 'No such link');
  const cuentas = bancoCuentas(linkToken);
  if (path === '/v1/accounts') return jsonResponse(200, cuentas);
  const movements = /^\/v1\/accounts\/([^/]+)\/movements$/.exec(path);
  if (!movements) return bancoError(404, 'invalid_request_error', 'not_found', 'Not found');
  const accountId = decodeURIComponent(movements[1]);
  if (!cuentas.some((c) => c.id === accountId)) return bancoError(404, 'invalid_request_error', 'missing_resource', 'No such account');
  return listMovements(state, url, path, accountId);
}

function listMovements(state: SiiFakeState, url: URL, path: string, accountId: string): FakeResponse {
  const q = url.searchParams;
  const today = santiagoDate(state.now());
  const until = q.get('until') ?? today;
  const since = q.get('since') ?? addDays(until, -DEFAULT_DAYS);
  for (const [name, value] of [
    ['since', since],
    ['until', until],
  ]) {
    if (!isCalendarDate(value)) return bancoError(400, 'invalid_request_error', 'invalid_parameter', `${name} must be YYYY-MM-DD`, name);
  }
  if (since > until) return bancoError(400, 'invalid_request_error', 'invalid_parameter', 'since is after until', 'since');
  const page = q.has('page') ? Number(q.get('page')) : 1;
  const perPage = q.has('per_page') ? Number(q.get('per_page')) : DEFAULT_PER_PAGE;
  if (!Number.isInteger(page) || page < 1)
    return bancoError(400, 'invalid_request_error', 'invalid_parameter', 'page must be >= 1', 'page');
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > BANCO_MAX_PER_PAGE) {
    return bancoError(400, 'invalid_request_error', 'invalid_parameter', `per_page must be 1..${BANCO_MAX_PER_PAGE}`, 'per_page');
  }
  const all: BancoMovimiento[] = [];
  const last = until < today ? until : today;
  for (let dia = last, n = 0; dia >= since && n < 3660; dia = addDays(dia, -1), n++) all.push(...bancoMovimientosDelDia(accountId, dia));
  const pages = Math.max(1, Math.ceil(all.length / perPage));
  const link = (p: number, rel: string) => {
    const next = new URLSearchParams(q);
    next.set('since', since);
    next.set('until', until);
    next.set('page', String(p));
    next.set('per_page', String(perPage));
    return `<${url.origin}${path}?${next.toString()}>; rel="${rel}"`;
  };
  const links = [link(1, 'first'), ...(page < pages ? [link(page + 1, 'next')] : []), link(pages, 'last')];
  const res = jsonResponse(200, all.slice((page - 1) * perPage, page * perPage));
  res.headers['link'] = links.join(', ');
  return res;
}

/** `POST /sim/banco/caido {caido?, demora_ms? 0..120000}`: 503 on every `/v1/` request, or a delay (a timeout). */
export function simBancoCaido(state: SiiFakeState, body: unknown): FakeResponse {
  const b = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  const caido = b?.['caido'];
  const demora = b?.['demora_ms'];
  const demoraOk = demora === undefined || (Number.isInteger(demora) && (demora as number) >= 0 && (demora as number) <= 120_000);
  if (!b || (caido !== undefined && typeof caido !== 'boolean') || !demoraOk || (caido === undefined && demora === undefined)) {
    return jsonResponse(400, { error: 'invalid_request', detail: 'caido (boolean) and/or demora_ms (integer 0..120000) are required' });
  }
  if (caido !== undefined) state.bancoCaido = caido as boolean;
  if (demora !== undefined) state.bancoDemoraMs = demora as number;
  return jsonResponse(200, { caido: state.bancoCaido, demora_ms: state.bancoDemoraMs });
}
