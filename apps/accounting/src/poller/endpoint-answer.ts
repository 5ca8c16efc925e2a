import { PollOutcome } from './poller.metrics';

/** How the poller treats one answer of `POST /contable/poller/recibir-dte`. */
export interface AnswerPolicy {
  outcome: PollOutcome;
  /** Mark the message processed in the mailbox. */
  ack: boolean;
  /** Stop this run: the condition affects every message (key refused, endpoint down, throttled). */
  stopRun: boolean;
}

/**
 * The retry policy (docs/accounting-poller.md "Decisions"):
 * - 2xx: acknowledged (`duplicate` when the body says `status: "duplicate"`).
 * - 401/403: our key is wrong or not allowed; nothing can pass: keep everything, stop the run.
 * - 404/405: the route is not there (wrong ACCOUNTING_SELF_URL, or an app version without the
 *   endpoint): keep everything, stop the run. The endpoint must therefore answer message-level problems
 *   (e.g. no empresa for the receptor RUT) with 422, never 404.
 * - 429: throttled; keep it, stop the run. 408/425: keep it, go on.
 * - 409: a conflict about this message (e.g. `period_closed`, or the same Message-ID being booked right
 *   now by another delivery): keep it, so it is retried until a person resolves it or it turns `duplicate`.
 * - any other 4xx: the message itself is unacceptable (not a DTE, validation, unknown empresa, 413):
 *   retrying cannot help, so it is acknowledged and logged, never retried forever.
 * - 502/503/504: the endpoint is down: keep it, stop the run. Other 5xx: keep it, go on (so one message
 *   that trips a bug does not hold back the rest).
 */
export function answerPolicy(status: number, body: unknown): AnswerPolicy {
  if (status >= 200 && status < 300) {
    const duplicate = typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'duplicate';
    return { outcome: duplicate ? 'duplicate' : 'accepted', ack: true, stopRun: false };
  }
  if ([401, 403, 404, 405, 429].includes(status)) return { outcome: 'retry', ack: false, stopRun: true };
  if (status === 408 || status === 409 || status === 425) return { outcome: 'retry', ack: false, stopRun: false };
  if (status >= 400 && status < 500) return { outcome: 'rejected', ack: true, stopRun: false };
  return { outcome: 'failed', ack: false, stopRun: status === 502 || status === 503 || status === 504 };
}

/** Policy when the endpoint could not be reached or did not answer in time. */
export const NETWORK_FAILURE: AnswerPolicy = { outcome: 'failed', ack: false, stopRun: true };
