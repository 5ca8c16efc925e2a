import { Logger } from '@nestjs/common';
import axios, { AxiosInstance, AxiosResponse } from 'axios';

/** GRAPH_* settings (docs/accounting-poller.md). */
export interface GraphSettings {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  mailbox: string;
  folder?: string;
  /** National clouds use another host. */
  graphBaseUrl?: string;
  authorityUrl?: string;
  timeoutMs?: number;
  /** Retries of a 429, 503 or 504. */
  maxRetries?: number;
  /** Longest Retry-After honoured, seconds (a longer one is cut to this). */
  maxRetryAfterSeconds?: number;
}

/** A non-success answer; `code` is Graph's `error.code` when given. */
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
 * Minimal Microsoft Graph client: a client-credentials token cached until a minute before it expires; a 401
 * drops it and retries once; 429/503/504 wait `Retry-After` (2^n seconds without one) and retry
 * (learn.microsoft.com/graph/throttling).
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

  get baseUrl(): string {
    return (this.settings.graphBaseUrl ?? 'https://graph.microsoft.com/v1.0').replace(/\/+$/, '');
  }

  /** An absolute URL (an `@odata.nextLink`) or a path under {@link baseUrl}. */
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
