import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AxiosResponse } from 'axios';
import { isCalendarDate } from '@lib/dte';
import { OutboundHttp, OutboundTransportError, escapeForLog } from '@lib/platform';
import { tryNormalizeRut } from '@lib/rut';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { bancoError, bancoUnavailable } from './banco-errors';
import { BankCounterpart, BankFetch, BankMovement, BankMovementsSource, BankProbe } from './bank-movements-source';

/** Largest answer accepted from the provider (one page), bytes. */
const MAX_ANSWER_BYTES = 20 * 1024 * 1024;
const MAX_TEXT = 2000;
const NUL = String.fromCharCode(0);
const ID = 128;

type Json = Record<string, unknown>;

/** The `rel="next"` target of a `Link` header (RFC 8288), or undefined. */
export function nextLink(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(',')) {
    const m = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (!m) continue;
    const rels = m[2]
      .split(';')
      .map((p) => /^\s*rel\s*=\s*"?([^"]*)"?\s*$/i.exec(p)?.[1])
      .filter((v): v is string => v !== undefined)
      .flatMap((v) => v.toLowerCase().split(/\s+/));
    if (rels.includes('next')) return m[1];
  }
  return undefined;
}

/**
 * {@link BankMovementsSource} for a Fintoc-style aggregator (docs/tax-gateway.md "Bank movements": endpoints, `Link` rel="next" paging,
 * problems). The key and the link tokens never reach a log or a problem.
 */
@Injectable()
export class FintocBankSource implements BankMovementsSource {
  readonly provider = 'fintoc';
  /** `per_page` asked for (the aggregator's maximum is 300). */
  pageSize = 100;
  /** Pages read per account at most: beyond it the answer is treated as unusable (a provider that never ends). */
  maxPages = 1000;
  private readonly logger = new Logger(FintocBankSource.name);
  private readonly http: OutboundHttp;

  constructor(@Inject(TAX_SETTINGS) private readonly settings: TaxSettings) {
    this.http = new OutboundHttp({
      service: 'banco',
      label: 'The bank provider',
      baseURL: settings.bankApiBaseUrl,
      timeoutMs: settings.bankTimeoutMs,
      maxContentLength: MAX_ANSWER_BYTES,
      responseType: 'text',
      headers: { Accept: 'application/json', ...(settings.bankApiKey ? { Authorization: settings.bankApiKey } : {}) },
    });
  }

  async fetchMovements(linkToken: string, desde: string, hasta: string): Promise<BankFetch> {
    const accounts = this.list(await this.get('accounts', '/v1/accounts', { link_token: linkToken }), 'accounts');
    const clp = accounts.map((a, i) => this.account(a, i)).filter((a) => a.currency === 'CLP');
    const movements: BankMovement[] = [];
    for (const account of clp) {
      const path = `/v1/accounts/${encodeURIComponent(account.id)}/movements`;
      for (let page = 1; ; page++) {
        if (page > this.maxPages) throw bancoError('movements', `more than ${this.maxPages} pages for one account`);
        const params = { link_token: linkToken, since: desde, until: hasta, page, per_page: this.pageSize };
        const res = await this.get('movements', path, params);
        const items = this.list(res, 'movements');
        items.forEach((m, i) => movements.push(this.movement(m, account.id, `page ${page} item ${i}`)));
        // An empty page ends the listing even if the header says otherwise (no endless loop on a bad provider).
        if (items.length === 0 || !nextLink(res.headers['link'])) break;
      }
    }
    return { accounts: clp.length, movements };
  }

  async probe(timeoutMs: number, linkToken?: string): Promise<BankProbe> {
    const started = Date.now();
    const latency = () => Date.now() - started;
    try {
      const res = await this.http.request<string>('probe', {
        method: 'GET',
        url: '/v1/accounts',
        params: linkToken ? { link_token: linkToken } : {},
        timeout: timeoutMs,
        transformResponse: (data: unknown) => data,
      });
      if (res.status >= 500) return { reachable: false, latencyMs: latency(), error: `HTTP ${res.status}` };
      if (res.status === 401 || res.status === 403)
        return { reachable: true, latencyMs: latency(), error: `the key was refused (HTTP ${res.status})` };
      if (linkToken && res.status >= 300) return { reachable: true, latencyMs: latency(), error: `HTTP ${res.status}` };
      return { reachable: true, latencyMs: latency() };
    } catch (err) {
      if (!(err instanceof OutboundTransportError)) throw err;
      return { reachable: false, latencyMs: latency(), error: err.failure === 'timeout' ? `no answer within ${timeoutMs} ms` : err.code };
    }
  }

  private async get(operation: string, path: string, params: Record<string, string | number>): Promise<AxiosResponse<string>> {
    let res: AxiosResponse<string>;
    try {
      res = await this.http.request<string>(operation, { method: 'GET', url: path, params, transformResponse: (data: unknown) => data });
    } catch (err) {
      if (!(err instanceof OutboundTransportError)) throw err;
      this.logger.warn(`bank ${operation} failed: ${err.code}`);
      throw err.problem;
    }
    if (res.status >= 200 && res.status < 300) return res;
    this.logger.warn(`bank ${operation} answered HTTP ${res.status}: ${this.redact(res.data, 300, params.link_token)}`);
    if (res.status >= 500) throw bancoUnavailable(operation, `HTTP ${res.status}`);
    const why =
      res.status === 401 || res.status === 403
        ? 'the key was refused'
        : res.status === 404
          ? 'the link or account is unknown to the provider'
          : res.status === 429
            ? 'too many requests'
            : 'the request was refused';
    throw bancoError(operation, `HTTP ${res.status} (${why})`);
  }

  private list(res: AxiosResponse<string>, operation: string): Json[] {
    let value: unknown;
    try {
      value = JSON.parse(typeof res.data === 'string' ? res.data : '');
    } catch {
      this.logger.warn(
        `bank ${operation} answered something other than JSON: ${this.redact(res.data, 300, res.config?.params?.link_token)}`,
      );
      throw bancoError(operation, 'the answer is not JSON');
    }
    if (!Array.isArray(value)) throw bancoError(operation, 'the answer is not a JSON array');
    if (value.some((v) => !v || typeof v !== 'object' || Array.isArray(v))) throw bancoError(operation, 'an item is not a JSON object');
    return value as Json[];
  }

  private account(a: Json, i: number): { id: string; currency: string } {
    const id = a['id'];
    if (typeof id !== 'string' || !id || id.length > ID) throw bancoError('accounts', `account ${i} has no usable id`);
    return { id, currency: typeof a['currency'] === 'string' ? a['currency'].toUpperCase() : '' };
  }

  private movement(m: Json, accountId: string, where: string): BankMovement {
    const bad = (detail: string): never => {
      throw bancoError('movements', `${where}: ${detail}`);
    };
    const id = m['id'];
    if (typeof id !== 'string' || !id.trim() || id.length > ID) bad('no usable id');
    const amount = m['amount'];
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) bad('amount is not a whole number of CLP');
    if (m['currency'] !== 'CLP') bad('currency is not CLP');
    const postDate = typeof m['post_date'] === 'string' ? m['post_date'].slice(0, 10) : '';
    if (!isCalendarDate(postDate) || !/^\d{4}-\d{2}-\d{2}($|T)/.test(m['post_date'] as string)) bad('post_date is not an ISO date');
    const type = typeof m['type'] === 'string' && /^[a-z_]{1,32}$/i.test(m['type']) ? m['type'].toLowerCase() : 'other';
    const ref = m['reference_id'];
    const referenceId = typeof ref === 'string' || typeof ref === 'number' ? clean(String(ref)).slice(0, ID) || null : null;
    const description = typeof m['description'] === 'string' ? clean(m['description']).slice(0, MAX_TEXT) : '';
    // Money in comes from the sender, money out goes to the recipient.
    const side = (amount as number) >= 0 ? ['sender_account', 'recipient_account'] : ['recipient_account', 'sender_account'];
    const other = side.map((k) => m[k]).find((v) => v && typeof v === 'object' && !Array.isArray(v)) as Json | undefined;
    return {
      providerId: (id as string).trim(),
      accountId,
      amount: amount as number,
      currency: 'CLP',
      postDate,
      description,
      type,
      referenceId,
      counterpart: other ? counterpart(other) : null,
      raw: withoutNul(m) as Record<string, unknown>,
    };
  }

  /** A provider text for a log: the key and the call's link token replaced, then escaped and cut. */
  private redact(text: unknown, max = 300, linkToken?: unknown): string {
    let out = typeof text === 'string' ? text : String(text ?? '');
    for (const secret of [this.settings.bankApiKey, typeof linkToken === 'string' ? linkToken : undefined]) {
      if (secret) out = out.split(secret).join('[redacted]');
    }
    return escapeForLog(out, max);
  }
}

function counterpart(a: Json): BankCounterpart | null {
  const holder = a['holder_id'];
  const rut = (typeof holder === 'string' && tryNormalizeRut(holder)) || null;
  const name = typeof a['holder_name'] === 'string' ? clean(a['holder_name']).slice(0, 200) || null : null;
  const inst = a['institution'];
  const institution =
    typeof inst === 'string'
      ? inst
      : inst && typeof inst === 'object' && typeof (inst as Json)['name'] === 'string'
        ? ((inst as Json)['name'] as string)
        : null;
  const institutionName = institution ? clean(institution).slice(0, 200) || null : null;
  if (!rut && !name && !institutionName) return null;
  return { rut, name, institution: institutionName };
}

/** Text as PostgreSQL can store it: no NUL characters (text and jsonb refuse them), trimmed. */
function clean(text: string): string {
  return text.replaceAll(NUL, '').trim();
}

function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll(NUL, '');
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k.replaceAll(NUL, ''), withoutNul(v)]));
  }
  return value;
}
