import { AddressInfo } from 'node:net';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import axios, { AxiosInstance } from 'axios';
import { escapeForLog } from '@lib/platform';
import { AnswerPolicy, NETWORK_FAILURE, answerPolicy } from './endpoint-answer';
import { MailboxAdapter, MailboxMessage } from './mailbox.types';
import { POLL_OUTCOMES, PollOutcome, PollerMetrics } from './poller.metrics';
import { POLLER_SETTINGS, PollerSettings } from './poller.settings';

/** The configured {@link MailboxAdapter}, null when MAILBOX_ADAPTER=none. */
export const MAILBOX_ADAPTER = Symbol('MAILBOX_ADAPTER');

/** docs/spec/3-style-catalog-and-accounting.md "poller/recibir-dte". */
export const POLLER_ENDPOINT_PATH = '/contable/poller/recibir-dte';

export interface PollerDelivery {
  message_id: string;
  received_at: string;
  attachments: { filename: string; content_base64: string }[];
  empresa_id?: string;
}

/** What one run did; `stoppedEarly` when the endpoint was down, refused the key or throttled. */
export interface PollRunSummary {
  polled: number;
  outcomes: Record<PollOutcome, number>;
  stoppedEarly: boolean;
  error?: string;
}

/**
 * The mailbox poller (docs/spec/3-style-catalog-and-accounting.md "Mailbox poller", docs/DESIGN.md §5): POSTs
 * each new message's XML attachments to this app's endpoint with its own key, and acknowledges a message only
 * when the answer says so ({@link answerPolicy}). Runs never overlap: the next is scheduled when one ends.
 */
@Injectable()
export class MailboxPoller implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MailboxPoller.name);
  private readonly http: AxiosInstance;
  private current?: Promise<PollRunSummary>;
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    @Inject(POLLER_SETTINGS) private readonly settings: PollerSettings,
    @Inject(MAILBOX_ADAPTER) private readonly adapter: MailboxAdapter | null,
    private readonly metrics: PollerMetrics,
    @Optional() private readonly adapterHost?: HttpAdapterHost,
  ) {
    this.http = axios.create({
      timeout: settings.timeoutMs,
      validateStatus: () => true,
      maxRedirects: 0,
      maxBodyLength: Infinity,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
    });
  }

  get enabled(): boolean {
    return this.adapter !== null && this.settings.intervalMinutes > 0;
  }

  /** The first run is one interval after boot, when the HTTP server listens. */
  onApplicationBootstrap(): void {
    if (!this.enabled) {
      this.logger.log(
        this.adapter ? 'Mailbox poller schedule disabled (POLLER_INTERVAL_MINUTES=0)' : 'Mailbox poller disabled (MAILBOX_ADAPTER=none)',
      );
      return;
    }
    this.logger.log(`Mailbox poller (${this.adapter?.kind}) every ${this.settings.intervalMinutes} min`);
    this.schedule();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.current;
    await this.adapter?.close?.();
  }

  /** Never throws (failures are in the summary); during a run, returns that run. */
  runOnce(): Promise<PollRunSummary> {
    this.current ??= this.run().finally(() => (this.current = undefined));
    return this.current;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.runOnce().then(() => this.schedule()), this.settings.intervalMinutes * 60_000);
    this.timer.unref();
  }

  private async run(): Promise<PollRunSummary> {
    const summary: PollRunSummary = {
      polled: 0,
      outcomes: Object.fromEntries(POLL_OUTCOMES.map((o) => [o, 0])) as Record<PollOutcome, number>,
      stoppedEarly: false,
    };
    if (!this.adapter) return summary;
    try {
      for await (const message of this.adapter.fetchNew()) {
        summary.polled++;
        const policy = await this.deliver(message);
        summary.outcomes[policy.outcome]++;
        this.metrics.messages.inc({ outcome: policy.outcome });
        if (policy.ack) await this.ack(message);
        if (policy.stopRun) {
          summary.stoppedEarly = true;
          break;
        }
      }
      this.metrics.runs.inc({ result: 'ok' });
      this.metrics.lastSuccess.setToCurrentTime();
    } catch (err) {
      summary.error = err instanceof Error ? err.message : String(err);
      this.metrics.runs.inc({ result: 'error' });
      this.logger.error(`Mailbox poll (${this.adapter.kind}) failed: ${escapeForLog(summary.error, 500)}`);
    }
    if (summary.polled > 0 || summary.error) this.logger.log(`Mailbox poll: ${JSON.stringify(summary)}`);
    return summary;
  }

  private async deliver(message: MailboxMessage): Promise<AnswerPolicy> {
    const id = escapeForLog(message.message_id, 300);
    if (message.attachments.length === 0) {
      this.logger.log(`Message ${id} has no XML attachment: acknowledged without posting`);
      return { outcome: 'skipped', ack: true, stopRun: false };
    }
    const body: PollerDelivery = { message_id: message.message_id, received_at: message.received_at, attachments: message.attachments };
    if (this.settings.empresaId) body.empresa_id = this.settings.empresaId;
    let status: number;
    let answer: unknown;
    try {
      const res = await this.http.post(`${this.baseUrl()}${POLLER_ENDPOINT_PATH}`, body, {
        headers: { 'x-internal-key': this.settings.key },
      });
      status = res.status;
      answer = res.data;
    } catch (err) {
      this.logger.warn(`Posting message ${id} failed: ${escapeForLog((err as Error).message, 300)}; retried next run`);
      return NETWORK_FAILURE;
    }
    const policy = answerPolicy(status, answer);
    if (policy.outcome === 'rejected' || policy.outcome === 'retry' || policy.outcome === 'failed') {
      const problem = answer as { error?: unknown; detail?: unknown } | undefined;
      const what = `HTTP ${status} ${escapeForLog(problem?.error ?? '', 100)}: ${escapeForLog(problem?.detail ?? '', 300)}`;
      const next = policy.ack ? 'acknowledged, not retried' : 'retried next run';
      const line = `Endpoint refused message ${id} (${what}); ${next}`;
      if (status === 401 || status === 403) this.logger.error(`${line}. Check POLLER_KEY and that the endpoint allows the "poller" caller`);
      else this.logger.warn(line);
    }
    return policy;
  }

  private async ack(message: MailboxMessage): Promise<void> {
    try {
      await message.ack();
    } catch (err) {
      // Offered again next run and answered `duplicate` then: harmless.
      this.logger.warn(
        `Could not acknowledge message ${escapeForLog(message.message_id, 300)}: ${escapeForLog((err as Error).message, 300)}`,
      );
    }
  }

  /** ACCOUNTING_SELF_URL, else the address this app listens on (PORT=0 included), else PORT. */
  private baseUrl(): string {
    if (this.settings.selfUrl) return this.settings.selfUrl;
    let port = this.settings.fallbackPort;
    let host = '127.0.0.1';
    try {
      const address = this.adapterHost?.httpAdapter?.getHttpServer()?.address() as AddressInfo | string | null | undefined;
      if (address && typeof address === 'object') {
        port = address.port;
        const wildcard = ['0.0.0.0', '::', '::ffff:0.0.0.0'].includes(address.address);
        if (!wildcard) host = address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address;
      }
    } catch {
      // Not listening (yet): keep the PORT fallback.
    }
    return `http://${host}:${port}`;
  }
}
