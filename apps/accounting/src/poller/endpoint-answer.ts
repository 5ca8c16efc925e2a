import { PollOutcome } from './poller.metrics';

export interface AnswerPolicy {
  outcome: PollOutcome;
  ack: boolean;
  /** The condition affects every message (key refused, endpoint down, throttled). */
  stopRun: boolean;
}

/**
 * The retry policy (docs/accounting-poller.md "Decisions"). 401/403/404/405, 429 and 502-504 affect every
 * message: keep it, stop the run (so the endpoint answers message-level problems with 422, never 404).
 * 409 is a conflict about this message: keep it until resolved or `duplicate`. Any other 4xx cannot be
 * helped by retrying: acknowledge and log. Other 5xx: keep it, go on (one buggy message holds back nothing).
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

export const NETWORK_FAILURE: AnswerPolicy = { outcome: 'failed', ack: false, stopRun: true };
