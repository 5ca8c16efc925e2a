import { Injectable, Logger } from '@nestjs/common';
import { OutboundHttp, OutboundTransportError } from '@lib/platform';
import { Clock } from '../clock/clock';
import { ServiceRegistryConfig } from '../config';
import { AnnouncementsStore } from './announcements.store';

/** Retry delay after `attempts` failed deliveries: 30 s doubling, at most one hour. */
export const retryDelayMs = (attempts: number): number => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/** How long a claimed announcement is reserved for the process delivering it. */
const LEASE_MS = 120_000;
const BATCH = 20;

export interface DeliveryReport {
  delivered: number;
  failed: number;
}

/** Posts pending announcements to the webhook; the claim's lease keeps two processes from posting one twice. */
@Injectable()
export class AnnouncementDeliverer {
  private readonly logger = new Logger(AnnouncementDeliverer.name);

  constructor(
    private readonly outbox: AnnouncementsStore,
    private readonly clock: Clock,
    private readonly settings: ServiceRegistryConfig,
  ) {}

  async runDue(now: Date = this.clock.now()): Promise<DeliveryReport> {
    const url = this.settings.ANNOUNCE_WEBHOOK_URL;
    const report: DeliveryReport = { delivered: 0, failed: 0 };
    if (!url) return report;
    for (const row of await this.outbox.claim(now, new Date(now.getTime() + LEASE_MS), BATCH)) {
      const error = await this.post(url, row.text);
      if (error === undefined) {
        await this.outbox.update(row.id, {
          state: 'delivered',
          delivered_at: now,
          attempts: row.attempts + 1,
          last_error: null,
        });
        report.delivered += 1;
      } else {
        const attempts = row.attempts + 1;
        await this.outbox.update(row.id, {
          attempts,
          last_error: error,
          next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)),
        });
        this.logger.warn({ announcement: row.id, attempts, error }, 'announcement delivery failed; will retry');
        report.failed += 1;
      }
    }
    return report;
  }

  /** Undefined on a 2xx answer, else a short reason. */
  private async post(url: string, text: string): Promise<string | undefined> {
    try {
      const res = await WEBHOOK.request('announcement', { method: 'POST', url, data: { text } });
      return res.status >= 200 && res.status < 300 ? undefined : `webhook answered HTTP ${res.status}`;
    } catch (err) {
      if (!(err instanceof OutboundTransportError)) throw err;
      return `webhook unreachable: ${err.failure} (${err.code})`;
    }
  }
}

const WEBHOOK = new OutboundHttp({ service: 'webhook', label: 'The webhook', baseURL: '', timeoutMs: 5000 });
