import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, LessThanOrEqual, Repository } from 'typeorm';
import { Clock } from '../clock/clock';
import { stageIndex } from '../lifecycle/transitions';
import { ServiceEntity } from '../services/entities/service.entity';
import { DemotionService } from './demotion.service';
import { ScheduledDemotionEntity } from './scheduled-demotion.entity';

export interface DemotionRunReport {
  applied: string[];
  cancelled: string[];
}

/** Applies announced demotions whose 7-day notice has run out (called by the scheduler host and tests). */
@Injectable()
export class DemotionScheduler {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(ScheduledDemotionEntity) private readonly notices: Repository<ScheduledDemotionEntity>,
    private readonly demotions: DemotionService,
    private readonly clock: Clock,
  ) {}

  async runDue(now: Date = this.clock.now()): Promise<DemotionRunReport> {
    const report: DemotionRunReport = { applied: [], cancelled: [] };
    const due = await this.notices.find({
      where: { state: 'scheduled', effective_at: LessThanOrEqual(now) },
      order: { effective_at: 'ASC' },
    });
    for (const candidate of due) {
      await this.dataSource.transaction(async (manager) => {
        const notice = await manager.findOne(ScheduledDemotionEntity, {
          where: { id: candidate.id, state: 'scheduled' },
          lock: { mode: 'pessimistic_write' },
        });
        if (!notice) return;
        const service = await manager.findOneOrFail(ServiceEntity, {
          where: { id: notice.service_id },
          lock: { mode: 'pessimistic_write' },
        });
        if (stageIndex(service.marketplace_status) <= stageIndex(notice.to_stage)) {
          await this.demotions.settle(manager, notice, 'cancelled', `service already ${service.marketplace_status}`, now);
          report.cancelled.push(notice.slug);
          return;
        }
        await this.demotions.apply(manager, service, notice.to_stage, {
          kind: 'demotion',
          actor: 'scheduler:demotions',
          reason: notice.reason,
        });
        await this.demotions.settle(manager, notice, 'applied', 'applied by the scheduler at the end of the notice', now);
        report.applied.push(notice.slug);
      });
    }
    return report;
  }
}
