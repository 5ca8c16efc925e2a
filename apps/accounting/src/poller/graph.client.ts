import { Logger } from '@nestjs/common';
import axios, { AxiosInstance, AxiosResponse } from 'axios';

/** Microsoft Graph connection settings (GRAPH_* in the environment, see docs/accounting-poller.md). */
export interface GraphSettings {
  /** Entra ID (Azure AD) tenant id or domain. */
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** Mailbox (user principal name or id) whose folder is read, e.g. `dte@empresa.cl`. */
  mailbox: string;
  /** Well-known folder name or folder id; `inbox` by default. */
  folder?: string;
  /** Default `https://graph.microsoft.com/v1.0` (national clouds use another host). */
  graphBaseUrl?: string;
  /** Default `https://login.microsoftonline.com`. */
  authorityUrl?: string;
  /** Per-request timeout, milliseconds (default 30000). */
  timeoutMs?: number;
  /** Retries of a throttled (429) or unavailable (503/504) request (default 3). */
  maxRetries?: number;
  /** Longest Retry-After honoured, seconds (default 120; a longer one is cut to this). */
  maxRetryAfterSeconds?: number;
}

/** A Graph or token endpoint answer that is not a success; `code` is Graph's `error.code` when given. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

const RETRYABLE = new Set([429, 503, 504]);

/**
 * Minimal Microsoft Graph client: OAuth 2.0 client credentials token
 * (`POST {authority}/{tenant}/oauth2/v2.0/token`, scope `https://graph.microsoft.com/.default`),
 * cached until one minute before `expires_in` and shared by concurrent callers; a 401 from Graph
 * drops the token and retries once with a new one; 429/503/504 wait `Retry-After` (seconds or an
 * HTTP date; 2^n seconds without one) and retry up to `maxRetries` times
 * (Microsoft Graph throttling guidance, learn.microsoft.com/graph/throttling).
 */
export class GraphClient {
  private readonly logger = new Logger(GraphClient.name);
  private readonly http: AxiosInstance;
  private token?: { value: string; expiresAt: number };
  private tokenRequest?: Promise<string>;

  constructor(
    private readonly settings: GraphSettings,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {
    this.http = axios.create({ timeout: settings.timeoutMs ?? 30_000, validateStatus: () => true, maxRedirects: 0 });
  }

  /** Base URL of the Graph API, without a trailing slash. */
  get baseUrl(): string {
    return (this.settings.graphBaseUrl ?? 'https://graph.microsoft.com/v1.0').replace(/\/+$/, '');
  }

  /**
   * GET a Graph URL (absolute, e.g. an `@odata.nextLink`, or a path under {@link baseUrl}).
   * @throws GraphError for a non-2xx answer after the retries above; axios errors on network failure.
   */
  async get<T>(urlOrPath: string, headers: Record<string, string> = {}): Promise<T> {
    const url = /^https?:\/\//.test(urlOrPath) ? urlOrPath : `${this.baseUrl}${urlOrPath}`;
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      const res = await this.http.get(url, {
        headers: { ...headers, authorization: `Bearer ${await this.accessToken()}`, accept: 'application/json' },
      });
      if (res.status >= 200 && res.status < 300) return res.data as T;
      if (res.status === 401 && !refreshed) {
        this.logger.warn('Graph answered 401: requesting a new token and retrying once');
        this.token = undefined;
        refreshed = true;
        continue;
      }
      if (RETRYABLE.has(res.status) && attempt < (this.settings.maxRetries ?? 3)) {
        const waitMs = this.retryDelayMs(res, attempt);
        this.logger.warn(`Graph answered ${res.status}: retrying in ${waitMs} ms`);
        await this.sleep(waitMs);
        continue;
      }
      throw this.failure(res, 'Graph');
    }
  }

  private retryDelayMs(res: AxiosResponse, attempt: number): number {
    const header = String(res.headers['retry-after'] ?? '').trim();
    let seconds = 2 ** (attempt + 1);
    if (/^\d+$/.test(header)) seconds = Number(header);
    else if (header && !Number.isNaN(Date.parse(header))) seconds = Math.max(0, (Date.parse(header) - Date.now()) / 1000);
    return Math.round(Math.min(seconds, this.settings.maxRetryAfterSeconds ?? 120) * 1000);
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.tokenRequest ??= this.requestToken().finally(() => (this.tokenRequest = undefined));
    return this.tokenRequest;
  }

  private async requestToken(): Promise<string> {
    const s = this.settings;
    const authority = (s.authorityUrl ?? 'https://login.microsoftonline.com').replace(/\/+$/, '');
    const body = new URLSearchParams({
      client_id: s.clientId,
      client_secret: s.clientSecret,
      scope: 'https://graph.microsoft.com/.default',
      grant_type: 'client_credentials',
    });
    const res = await this.http.post(`${authority}/${encodeURIComponent(s.tenantId)}/oauth2/v2.0/token`, body.toString(), {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    });
    const data = res.data as { access_token?: string; expires_in?: number | string } | undefined;
    if (res.status !== 200 || typeof data?.access_token !== 'string') throw this.failure(res, 'Token endpoint');
    const lifetime = Number(data.expires_in ?? 3600);
    this.token = { value: data.access_token, expiresAt: Date.now() + Math.max(0, lifetime - 60) * 1000 };
    return data.access_token;
  }

  private failure(res: AxiosResponse, who: string): GraphError {
    const data = res.data as { error?: string | { code?: string; message?: string }; error_description?: string } | undefined;
    const code = typeof data?.error === 'string' ? data.error : data?.error?.code;
    // Only Graph's own code and status: never the request, which carries the secret or the token.
    return new GraphError(res.status, code, `${who} answered HTTP ${res.status}${code ? ` (${code})` : ''}`);
  }
}
