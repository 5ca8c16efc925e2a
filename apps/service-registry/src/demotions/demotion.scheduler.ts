import { Injectable } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { stageIndex } from '../lifecycle/transitions';
import { ServicesStore } from '../services/services.store';
import { DemotionService } from './demotion.service';
import { DemotionsStore } from './demotions.store';

export interface DemotionRunReport {
  applied: string[];
  cancelled: string[];
}

/** Applies announced demotions whose 7-day notice has run out (called by the scheduler host and tests). */
@Injectable()
export class DemotionScheduler {
  constructor(
    private readonly store: DemotionsStore,
    private readonly services: ServicesStore,
    private readonly demotions: DemotionService,
    private readonly clock: Clock,
  ) {}

  async runDue(now: Date = this.clock.now()): Promise<DemotionRunReport> {
    const report: DemotionRunReport = { applied: [], cancelled: [] };
    for (const candidate of await this.store.listDue(now)) {
      await this.store.transaction(async (tx) => {
        const notice = await this.store.lock(tx, { id: candidate.id, state: 'scheduled' });
        if (!notice) return;
        const service = await this.services.lockById(tx, notice.service_id);
        if (stageIndex(service.marketplace_status) <= stageIndex(notice.to_stage)) {
          await this.demotions.settle(tx, notice, 'cancelled', `service already ${service.marketplace_status}`, now);
          report.cancelled.push(notice.slug);
          return;
        }
        await this.demotions.apply(tx, service, notice.to_stage, {
          kind: 'demotion',
          actor: 'scheduler:demotions',
          reason: notice.reason,
        });
        await this.demotions.settle(tx, notice, 'applied', 'applied by the scheduler at the end of the notice', now);
        report.applied.push(notice.slug);
      });
    }
    return report;
  }
}
