import axios, { isAxiosError, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import {
  BrokenCircuitError,
  ConsecutiveBreaker,
  ExponentialBackoff,
  circuitBreaker,
  handleWhen,
  retry,
  type CircuitBreakerPolicy,
  type RetryPolicy,
} from 'cockatiel';
import { ProblemException } from '@lib/schemas';

/** `circuit_open`: not sent, the operation's breaker is open. */
export type TransportFailure = 'timeout' | 'unavailable' | 'too_large' | 'circuit_open';

const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT']);
const TOO_LARGE_CODES = new Set(['ERR_FR_MAX_CONTENT_LENGTH_EXCEEDED', 'ERR_BAD_RESPONSE']);

/** No usable answer; `code` is the transport's (`ECONNREFUSED`...), never a URL or body; `problem` is the caller's answer. */
export class OutboundTransportError extends Error {
  constructor(
    readonly operation: string,
    readonly failure: TransportFailure,
    readonly code: string,
    readonly problem: ProblemException,
  ) {
    super(`${operation}: ${failure} (${code})`);
    this.name = 'OutboundTransportError';
  }
}

export interface OutboundHttpOptions {
  /** Name in problem values (`sii`: `sii_timeout`, `sii_unavailable`); `label` names it for people ("The SII"). */
  service: string;
  label: string;
  baseURL: string;
  timeoutMs: number;
  headers?: Record<string, string>;
  responseType?: 'arraybuffer' | 'json' | 'text';
  /** Sends the body bytes as given (an SII upload must never be re-encoded). */
  rawBody?: boolean;
  maxRedirects?: number;
  /** Bytes; more fails as `too_large`. */
  maxContentLength?: number;
  httpsAgent?: unknown;
  /** A timeout's problem value when the upstream's contract names another (default `<service>_timeout`). */
  timeoutError?: string;
  retryAfterSeconds?: number;
  observe?: (operation: string, outcome: string, seconds: number) => void;
  /** Tries of an idempotent request on transport failures (exponential backoff; default 1). */
  attempts?: number;
  /**
   * A circuit breaker per operation: after `consecutiveFailures` transport failures or 5xx answers in a row the operation is
   * not sent for `openSeconds` (503 `<service>_unavailable` at once, with Retry-After), then one request tries it again.
   */
  breaker?: { consecutiveFailures: number; openSeconds: number };
}

export type OutboundRequest = AxiosRequestConfig & { idempotent?: boolean };

/** The apps' one outbound HTTP client (docs/ARCHITECTURE.md "Outbound HTTP"); every status is the caller's to judge. */
export class OutboundHttp {
  private readonly http: AxiosInstance;
  private readonly retries?: RetryPolicy;
  private readonly breakers = new Map<string, CircuitBreakerPolicy>();

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
   * Any status comes back, with `startedAt`; OutboundTransportError when no answer came (after an idempotent request's retries),
   * or at once with failure `circuit_open` while the operation's breaker is open.
   */
  async request<T>(operation: string, config: OutboundRequest): Promise<AxiosResponse<T> & { startedAt: bigint }> {
    const { idempotent, ...axiosConfig } = config;
    const once = () => this.once<T>(operation, axiosConfig);
    const send = () => (idempotent && this.retries ? this.retries.execute(once) : once());
    const breaker = this.breakerOf(operation);
    if (!breaker) return send();
    try {
      return await breaker.execute(send);
    } catch (err) {
      if (!(err instanceof BrokenCircuitError)) throw err;
      this.observe(operation, 'circuit_open', process.hrtime.bigint());
      const open = new Error(`${operation}: circuit_open`);
      throw new OutboundTransportError(
        operation,
        'circuit_open',
        'circuit_open',
        transportProblem(this.options, operation, 'circuit_open', open),
      );
    }
  }

  private breakerOf(operation: string): CircuitBreakerPolicy | undefined {
    const options = this.options.breaker;
    if (!options) return undefined;
    let breaker = this.breakers.get(operation);
    if (!breaker) {
      const failing = handleWhen((err) => err instanceof OutboundTransportError).orWhenResult(
        (res) => (res as AxiosResponse).status >= 500,
      );
      breaker = circuitBreaker(failing, {
        halfOpenAfter: options.openSeconds * 1000,
        breaker: new ConsecutiveBreaker(options.consecutiveFailures),
      });
      this.breakers.set(operation, breaker);
    }
    return breaker;
  }

  /** Records the caller's verdict on an answer (`bad_response`, `rejected`...), timed from `startedAt`. */
  observe(operation: string, outcome: string, startedAt: bigint): void {
    this.options.observe?.(operation, outcome, Number(process.hrtime.bigint() - startedAt) / 1e9);
  }

  private async once<T>(operation: string, config: AxiosRequestConfig): Promise<AxiosResponse<T> & { startedAt: bigint }> {
    const startedAt = process.hrtime.bigint();
    try {
      return Object.assign(await this.http.request<T>(config), { startedAt });
    } catch (err) {
      const code = (isAxiosError(err) ? err.code : undefined) ?? 'error';
      const tooLarge = this.options.maxContentLength !== undefined && TOO_LARGE_CODES.has(code);
      const failure: TransportFailure = TIMEOUT_CODES.has(code) ? 'timeout' : tooLarge ? 'too_large' : 'unavailable';
      this.observe(operation, failure, startedAt);
      // The cause logged is the failure alone: the transport's error carries the URL, its query and the headers (keys).
      const cause = new Error(`${operation}: ${failure} (${code})`);
      throw new OutboundTransportError(operation, failure, code, transportProblem(this.options, operation, failure, cause));
    }
  }
}

/** True for the problem of a request that never left (its breaker was open), which the caller may queue and send later. */
export function wasNotSent(problem: ProblemException): boolean {
  return problem.getProblem()['enviado'] === false;
}

/**
 * 504 `<service>_timeout`, 502 `<service>_error` (too large) or 503 `<service>_unavailable` for a transport failure; an open
 * breaker's 503 says so, with `enviado: false` and Retry-After its open time.
 */
export function transportProblem(
  options: Pick<OutboundHttpOptions, 'service' | 'label' | 'timeoutError' | 'maxContentLength' | 'retryAfterSeconds' | 'breaker'>,
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
  if (failure === 'circuit_open') {
    const seconds = String(options.breaker?.openSeconds ?? 1);
    return new ProblemException(
      503,
      `${options.service}_unavailable`,
      `${options.label} failed ${options.breaker?.consecutiveFailures} times in a row (${operation}); not asked again for ${seconds} s.`,
      { ...extras, enviado: false, headers: { 'Retry-After': seconds } },
    );
  }
  const headers = options.retryAfterSeconds ? { headers: { 'Retry-After': String(options.retryAfterSeconds) } } : {};
  return new ProblemException(503, `${options.service}_unavailable`, `${options.label} could not be reached (${operation}).`, {
    ...extras,
    ...headers,
  });
}
