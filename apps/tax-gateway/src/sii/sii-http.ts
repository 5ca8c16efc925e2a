import { Logger } from '@nestjs/common';
import { TaxMetrics, SiiOutcome } from '../metrics/tax-metrics';
import { TaxSettings } from '../settings/tax-settings';
import { OutboundHttp, OutboundTransportError, escapeForLog } from '@lib/platform';
import { SiiTokenInvalidError, siiBadResponse } from './sii-errors';

/** A raw SII answer: bytes as received (SII payloads are ISO-8859-1, whatever the header says). */
export interface SiiHttpResponse {
  status: number;
  contentType: string;
  body: Buffer;
  /** hrtime of the request start, for {@link SiiHttp.done}. */
  startedAt: bigint;
}

export interface SiiHttpRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** Overrides SII_TIMEOUT_MS for a large download (the list of DTE-authorized taxpayers). */
  timeoutMs?: number;
  /** A portal page: an HTML answer is the page itself, not an error page (a dead session still is). */
  acceptHtml?: boolean;
}

// Per operation, five failures in a row (no answer or a 5xx) stop asking for 30 s: 503 `sii_unavailable`, `enviado: false` at once
// (docs/tax-gateway.md "SII outages").
export const SII_BREAKER = { consecutiveFailures: 5, openSeconds: 30 };

/** The portal's page for a dead or absent session (docs/research/sii-protocol.md §8). */
const NO_AUTENTICADO = /NO ESTA AUTENTICADO/i;

/** The one HTTP door to the SII hosts: no redirects, transport failures mapped to problems, every call counted in `sii_requests_total`. */
export class SiiHttp {
  private readonly logger = new Logger('SiiHttp');
  private readonly http: OutboundHttp;

  /** `baseUrl` defaults to SII_DTE_BASE_URL; the RCV services live on other hosts. */
  constructor(settings: TaxSettings, metrics: TaxMetrics, baseUrl: string = settings.siiDteBaseUrl) {
    this.http = new OutboundHttp({
      service: 'sii',
      label: 'The SII',
      baseURL: baseUrl,
      timeoutMs: settings.siiTimeoutMs,
      responseType: 'arraybuffer',
      rawBody: true,
      headers: { 'User-Agent': settings.siiUserAgent },
      observe: (operation, outcome, seconds) => metrics.sii(operation, outcome as SiiOutcome, seconds),
      breaker: SII_BREAKER,
    });
  }

  /** Answers when the answer is usable (2xx, 404, not HTML). */
  async send(operation: string, req: SiiHttpRequest): Promise<SiiHttpResponse> {
    let res: SiiHttpResponse;
    try {
      const answer = await this.http.request<ArrayBuffer>(operation, {
        method: req.method,
        url: req.path,
        headers: req.headers,
        data: req.body,
        ...(req.timeoutMs ? { timeout: req.timeoutMs } : {}),
      });
      res = {
        status: answer.status,
        contentType: String(answer.headers['content-type'] ?? ''),
        body: Buffer.from(answer.data ?? new ArrayBuffer(0)),
        startedAt: answer.startedAt,
      };
    } catch (err) {
      if (!(err instanceof OutboundTransportError)) throw err;
      this.logger.warn(`SII ${operation} failed: ${escapeForLog(err.code)}`);
      throw err.problem;
    }
    const started = res.startedAt;
    if (res.status === 401 || (isHtml(res) && NO_AUTENTICADO.test(res.body.subarray(0, 4096).toString('latin1')))) {
      this.record(operation, 'token_invalid', started);
      throw new SiiTokenInvalidError(operation, res.status === 401 ? 'HTTP 401' : 'NO ESTA AUTENTICADO');
    }
    if ((isHtml(res) && !req.acceptHtml) || res.status >= 500 || (res.status >= 300 && res.status !== 404)) {
      this.record(operation, 'bad_response', started);
      this.logger.warn(`SII ${operation} answered HTTP ${res.status}: ${escapeForLog(res.body, 300)}`);
      throw siiBadResponse(operation, `HTTP ${res.status}${isHtml(res) ? ' with an HTML page' : ''}`);
    }
    return res;
  }

  /** Records the outcome of a call whose answer was parsed by the caller. */
  done(operation: string, res: SiiHttpResponse, outcome: SiiOutcome): void {
    this.record(operation, outcome, res.startedAt);
  }

  /** Records and logs an answer that is not what `operation` answers, then throws 502 `sii_bad_response`. */
  unusable(operation: string, res: SiiHttpResponse, detail: string, cause?: unknown): never {
    this.record(operation, 'bad_response', res.startedAt);
    this.logger.warn(`SII ${operation} unusable answer (${detail}): ${escapeForLog(res.body, 300)}`);
    throw siiBadResponse(operation, detail, cause);
  }

  private record(operation: string, outcome: SiiOutcome, started: bigint): void {
    this.http.observe(operation, outcome, started);
  }
}

function isHtml(res: SiiHttpResponse): boolean {
  if (/text\/html/i.test(res.contentType)) return true;
  const head = res.body.subarray(0, 200).toString('latin1').trimStart().toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html');
}
