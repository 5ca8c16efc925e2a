import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { Clock } from '../clock/clock';
import { ServiceEntity } from '../services/entities/service.entity';
import { sunsetDate } from '../services/service.view';
import { DemotionService } from './demotion.service';

/**
 * A deprecated service whose sunset date has passed moves to internal with is_active false; contracts
 * and held credits follow the demotion-to-internal rule (docs/service-registry.md "Deprecation and sunset").
 */
@Injectable()
export class SunsetScheduler {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(ServiceEntity) private readonly services: Repository<ServiceEntity>,
    private readonly demotions: DemotionService,
    private readonly clock: Clock,
  ) {}

  async runDue(now: Date = this.clock.now()): Promise<string[]> {
    const due = await this.services
      .createQueryBuilder('s')
      .select('s.id')
      .where(`s.status = 'deprecated' AND s.sunset_at <= :now AND (s.marketplace_status <> 'internal' OR s.is_active)`, { now })
      .getMany();
    const done: string[] = [];
    for (const { id } of due) {
      await this.dataSource.transaction(async (manager) => {
        const service = await manager.findOneOrFail(ServiceEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
        if (service.status !== 'deprecated' || !service.sunset_at || service.sunset_at.getTime() > now.getTime()) return;
        const reason = `sunset date ${sunsetDate(service.sunset_at)} reached`;
        if (service.marketplace_status !== 'internal') {
          await this.demotions.apply(manager, service, 'internal', { kind: 'sunset', actor: 'scheduler:sunset', reason });
        } else if (service.is_active) {
          await this.demotions.deactivateInternal(manager, service, { actor: 'scheduler:sunset', reason });
        }
        done.push(service.slug);
      });
    }
    return done;
  }
}
