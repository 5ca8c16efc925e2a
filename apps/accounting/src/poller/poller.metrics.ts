import { Counter, Gauge, Registry } from 'prom-client';

/** Label `outcome` of `messages_polled_total`. */
export type PollOutcome =
  | 'accepted'
  | 'duplicate'
  /** A 4xx that retrying cannot fix; acknowledged. */
  | 'rejected'
  /** No XML attachment; acknowledged. */
  | 'skipped'
  /** Not acknowledged: 401/403/404/405/408/409/425/429. */
  | 'retry'
  /** Not acknowledged: 5xx, network error or timeout. */
  | 'failed';

export const POLL_OUTCOMES: readonly PollOutcome[] = ['accepted', 'duplicate', 'rejected', 'skipped', 'retry', 'failed'];

/** Alert when `poller_last_success_timestamp_seconds` is older than a few intervals. */
export class PollerMetrics {
  readonly messages: Counter<'outcome'>;
  readonly runs: Counter<'result'>;
  readonly lastSuccess: Gauge;

  constructor(registry: Registry) {
    this.messages = new Counter({
      name: 'messages_polled_total',
      help: 'Mailbox messages handled by the poller, by outcome',
      labelNames: ['outcome'],
      registers: [registry],
    });
    this.runs = new Counter({
      name: 'poller_runs_total',
      help: 'Mailbox poller runs, by result',
      labelNames: ['result'],
      registers: [registry],
    });
    this.lastSuccess = new Gauge({
      name: 'poller_last_success_timestamp_seconds',
      help: 'Unix time of the last poller run that completed without error',
      registers: [registry],
    });
    for (const outcome of POLL_OUTCOMES) this.messages.inc({ outcome }, 0);
  }
}
