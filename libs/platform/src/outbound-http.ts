import axios, { isAxiosError, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { ExponentialBackoff, handleWhen, retry, type RetryPolicy } from 'cockatiel';
import { ProblemException } from '@lib/schemas';

/** How a request failed before any answer: no answer in time, no connection, or an answer over the size limit. */
export type TransportFailure = 'timeout' | 'unavailable' | 'too_large';

const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT']);
const TOO_LARGE_CODES = new Set(['ERR_FR_MAX_CONTENT_LENGTH_EXCEEDED', 'ERR_BAD_RESPONSE']);

/** A request that got no usable answer; `problem` is what the caller answers (503/504/502, see {@link transportProblem}). */
export class OutboundTransportError extends Error {
  constructor(
    readonly operation: string,
    readonly failure: TransportFailure,
    /** The transport's code (`ECONNREFUSED`, `ECONNABORTED`...), never a URL or a body. */
    readonly code: string,
    readonly problem: ProblemException,
  ) {
    super(`${operation}: ${failure} (${code})`);
    this.name = 'OutboundTransportError';
  }
}

export interface OutboundHttpOptions {
  /** The upstream's name in problem values: `sii` gives `sii_timeout` and `sii_unavailable`. */
  service: string;
  /** The upstream for people: "The SII", "The signing service". */
  label: string;
  baseURL: string;
  timeoutMs: number;
  headers?: Record<string, string>;
  responseType?: 'arraybuffer' | 'json' | 'text';
  /** Sends the body bytes as given (an SII upload must never be re-encoded). */
  rawBody?: boolean;
  maxRedirects?: number;
  /** Bytes; a larger answer fails as `too_large`. */
  maxContentLength?: number;
  httpsAgent?: unknown;
  /** Problem value of a timeout when the upstream's contract names another (default `<service>_timeout`). */
  timeoutError?: string;
  /** Seconds a client should wait before trying again after `<service>_unavailable` (a Retry-After header). */
  retryAfterSeconds?: number;
  /** Called once per request, whatever its outcome (`ok`, `timeout`, `unavailable`, `too_large`, or the caller's). */
  observe?: (operation: string, outcome: string, seconds: number) => void;
  /** Attempts of an idempotent request when the transport failed (exponential backoff with jitter; default 1). */
  attempts?: number;
}

/** A request: axios' config, plus whether it may be sent again after a transport failure. */
export type OutboundRequest = AxiosRequestConfig & { idempotent?: boolean };

/**
 * The one outbound HTTP client of the apps (docs/ARCHITECTURE.md "Outbound HTTP"): a timeout on every request, no
 * status treated as an exception (the caller judges every answer it gets), transport failures turned into the
 * problem the apps answer (503 `<service>_unavailable`, 504 `<service>_timeout`, 502 `<service>_error` for an answer
 * over the size limit), retries of idempotent requests through cockatiel, and one observation per request for the
 * app's metrics. Redirects are not followed unless `maxRedirects` says so.
 */
export class OutboundHttp {
  private readonly http: AxiosInstance;
  private readonly retries?: RetryPolicy;

  constructor(private readonly options: OutboundHttpOptions) {
    this.http = axios.create({
      baseURL: options.baseURL,
      timeout: options.timeoutMs,
      maxRedirects: options.maxRedirects ?? 0,
      validateStatus: () => true,
      ...(options.responseType ? { responseType: options.responseType } : {}),
      ...(options.rawBody ? { transformRequest: [(data: unknown) => data] } : {}),
      ...(options.maxContentLength ? { maxContentLength: options.maxContentLength } : {}),
      ...(options.httpsAgent ? { httpsAgent: options.httpsAgent } : {}),
      headers: options.headers,
    });
    const attempts = options.attempts ?? 1;
    if (attempts > 1) {
      const transport = handleWhen((err) => err instanceof OutboundTransportError && err.failure !== 'too_large');
      this.retries = retry(transport, {
        maxAttempts: attempts - 1,
        backoff: new ExponentialBackoff({ initialDelay: 100, maxDelay: 2000 }),
      });
    }
  }

  /**
   * Sends `config` and answers whatever status came back, timed from start to answer.
   * @throws OutboundTransportError when no answer came (after the retries of an idempotent request).
   */
  async request<T>(operation: string, config: OutboundRequest): Promise<AxiosResponse<T> & { startedAt: bigint }> {
    const { idempotent, ...axiosConfig } = config;
    const once = () => this.once<T>(operation, axiosConfig);
    return idempotent && this.retries ? this.retries.execute(once) : once();
  }

  /** Records the outcome the caller gave an answer (`bad_response`, `rejected`...), timed from the request's start. */
  observe(operation: string, outcome: string, startedAt: bigint): void {
    this.options.observe?.(operation, outcome, Number(process.hrtime.bigint() - startedAt) / 1e9);
  }

  private async once<T>(operation: string, config: AxiosRequestConfig): Promise<AxiosResponse<T> & { startedAt: bigint }> {
    const startedAt = process.hrtime.bigint();
    try {
      return Object.assign(await this.http.request<T>(config), { startedAt });
    } catch (err) {
      const code = (isAxiosError(err) ? err.code : undefined) ?? 'error';
      const failure: TransportFailure = TIMEOUT_CODES.has(code) ? 'timeout' : TOO_LARGE_CODES.has(code) ? 'too_large' : 'unavailable';
      this.observe(operation, failure, startedAt);
      throw new OutboundTransportError(operation, failure, code, transportProblem(this.options, operation, failure, err));
    }
  }
}

/** The problem of a transport failure of `operation` at the upstream `options` names. */
export function transportProblem(
  options: Pick<OutboundHttpOptions, 'service' | 'label' | 'timeoutError' | 'maxContentLength' | 'retryAfterSeconds'>,
  operation: string,
  failure: TransportFailure,
  cause?: unknown,
): ProblemException {
  const extras = { cause, operation };
  if (failure === 'timeout') {
    return new ProblemException(
      504,
      options.timeoutError ?? `${options.service}_timeout`,
      `${options.label} did not answer in time (${operation}).`,
      extras,
    );
  }
  if (failure === 'too_large') {
    return new ProblemException(
      502,
      `${options.service}_error`,
      `${options.label} answered more than ${options.maxContentLength} bytes (${operation}).`,
      extras,
    );
  }
  const headers = options.retryAfterSeconds ? { headers: { 'Retry-After': String(options.retryAfterSeconds) } } : {};
  return new ProblemException(503, `${options.service}_unavailable`, `${options.label} could not be reached (${operation}).`, {
    ...extras,
    ...headers,
  });
}
