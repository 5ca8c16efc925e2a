import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, In, LessThanOrEqual } from 'typeorm';
import type { MarketplaceStage } from '@lib/schemas';
import type { VisibilityFilter } from '../access/visibility';
import type { Tx } from '../database/tx';
import { ServiceEntity } from './entities/service.entity';
import { ServiceTransitionEntity } from './entities/transition.entity';

/** Persistence of services and their append-only history of transitions. */
@Injectable()
export class ServicesStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  findBySlug(slug: string): Promise<ServiceEntity | null> {
    return this.db.getRepository(ServiceEntity).findOne({ where: { slug } });
  }

  /** One page by slug; `status` narrows to one stage, else internal ones are left out. */
  findPage(
    status: MarketplaceStage | undefined,
    filter: VisibilityFilter,
    limit: number,
    offset: number,
  ): Promise<[ServiceEntity[], number]> {
    const qb = this.db.getRepository(ServiceEntity).createQueryBuilder('s');
    if (status) qb.andWhere('s.marketplace_status = :status', { status });
    else qb.andWhere(`s.marketplace_status <> 'internal'`);
    qb.andWhere(
      new Brackets((w) => {
        w.where('s.marketplace_status IN (:...stages)', { stages: filter.stages });
        if (filter.previewSlugs.length > 0) {
          w.orWhere(`(s.marketplace_status = 'preview' AND s.slug IN (:...previewSlugs))`, { previewSlugs: filter.previewSlugs });
        }
      }),
    );
    qb.orderBy('s.slug', 'ASC').take(limit).skip(offset);
    return qb.getManyAndCount();
  }

  /** Services at one of `stages`, ordered by `order`. */
  listByStages(stages: MarketplaceStage[], order: 'slug' | 'name'): Promise<ServiceEntity[]> {
    return this.db.getRepository(ServiceEntity).find({ where: { marketplace_status: In(stages) }, order: { [order]: 'ASC' } });
  }

  /** Services at `stage` since `since` or earlier, longest there first. */
  listInStageSince(stage: MarketplaceStage, since: Date): Promise<ServiceEntity[]> {
    return this.db.getRepository(ServiceEntity).find({
      where: { marketplace_status: stage, stage_entered_at: LessThanOrEqual(since) },
      order: { stage_entered_at: 'ASC' },
    });
  }

  /** Ids of deprecated services past their sunset that are still above internal or active. */
  async listDueSunsetIds(now: Date): Promise<string[]> {
    const rows = await this.db
      .getRepository(ServiceEntity)
      .createQueryBuilder('s')
      .select('s.id')
      .where(`s.status = 'deprecated' AND s.sunset_at <= :now AND (s.marketplace_status <> 'internal' OR s.is_active)`, { now })
      .getMany();
    return rows.map((r) => r.id);
  }

  lockById(tx: Tx, id: string): Promise<ServiceEntity> {
    return tx.findOneOrFail(ServiceEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  lockBySlug(tx: Tx, slug: string): Promise<ServiceEntity | null> {
    return tx.findOne(ServiceEntity, { where: { slug }, lock: { mode: 'pessimistic_write' } });
  }

  existsWithSlug(tx: Tx, slug: string): Promise<boolean> {
    return tx.exists(ServiceEntity, { where: { slug } });
  }

  save(tx: Tx, service: ServiceEntity): Promise<ServiceEntity> {
    return tx.save(ServiceEntity, service);
  }

  insertTransition(tx: Tx, fields: Partial<ServiceTransitionEntity>): Promise<ServiceTransitionEntity> {
    return tx.save(tx.create(ServiceTransitionEntity, fields));
  }

  /** Oldest first. */
  listTransitions(serviceId: string): Promise<ServiceTransitionEntity[]> {
    return this.db.getRepository(ServiceTransitionEntity).find({ where: { service_id: serviceId }, order: { id: 'ASC' } });
  }

  findTransition(id: string): Promise<ServiceTransitionEntity | null> {
    return this.db.getRepository(ServiceTransitionEntity).findOne({ where: { id } });
  }
}
