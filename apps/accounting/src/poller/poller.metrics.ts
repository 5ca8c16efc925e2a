import { Counter, Gauge, Registry } from 'prom-client';

/** What happened to one polled message (label `outcome` of `messages_polled_total`). */
export type PollOutcome =
  /** 2xx: booked (or nothing bookable in it, as the endpoint decided); acknowledged. */
  | 'accepted'
  /** 2xx `{status: "duplicate"}`: that Message-ID was processed before; acknowledged. */
  | 'duplicate'
  /** A 4xx that retrying cannot fix (not a DTE, validation, unknown empresa, too large); acknowledged. */
  | 'rejected'
  /** No XML attachment: not posted; acknowledged. */
  | 'skipped'
  /** 401/403/404/405/408/409/425/429: not acknowledged, offered again next run. */
  | 'retry'
  /** 5xx, network error or timeout: not acknowledged, offered again next run. */
  | 'failed';

export const POLL_OUTCOMES: readonly PollOutcome[] = ['accepted', 'duplicate', 'rejected', 'skipped', 'retry', 'failed'];

/**
 * Poller metrics on the app's registry (`/metrics`): `messages_polled_total{outcome}`,
 * `poller_runs_total{result="ok"|"error"}` and `poller_last_success_timestamp_seconds`
 * (alert when it is older than a few intervals).
 */
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
