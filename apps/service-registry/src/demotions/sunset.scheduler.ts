import { Injectable } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { sunsetDate } from '../services/service.view';
import { ServicesStore } from '../services/services.store';
import { DemotionService } from './demotion.service';

/**
 * A deprecated service whose sunset date has passed moves to internal with is_active false; contracts
 * and held credits follow the demotion-to-internal rule (docs/service-registry.md "Deprecation and sunset").
 */
@Injectable()
export class SunsetScheduler {
  constructor(
    private readonly services: ServicesStore,
    private readonly demotions: DemotionService,
    private readonly clock: Clock,
  ) {}

  async runDue(now: Date = this.clock.now()): Promise<string[]> {
    const done: string[] = [];
    for (const id of await this.services.listDueSunsetIds(now)) {
      await this.services.transaction(async (tx) => {
        const service = await this.services.lockById(tx, id);
        if (service.status !== 'deprecated' || !service.sunset_at || service.sunset_at.getTime() > now.getTime()) return;
        const reason = `sunset date ${sunsetDate(service.sunset_at)} reached`;
        if (service.marketplace_status !== 'internal') {
          await this.demotions.apply(tx, service, 'internal', { kind: 'sunset', actor: 'scheduler:sunset', reason });
        } else if (service.is_active) {
          await this.demotions.deactivateInternal(tx, service, { actor: 'scheduler:sunset', reason });
        }
        done.push(service.slug);
      });
    }
    return done;
  }
}
