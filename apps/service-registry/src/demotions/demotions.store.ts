import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, LessThanOrEqual } from 'typeorm';
import type { Tx } from '../database/tx';
import { ScheduledDemotionEntity } from './scheduled-demotion.entity';

/** Persistence of the demotion notices. */
@Injectable()
export class DemotionsStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Newest first. */
  listNotices(serviceId: string): Promise<ScheduledDemotionEntity[]> {
    return this.db.getRepository(ScheduledDemotionEntity).find({ where: { service_id: serviceId }, order: { id: 'DESC' } });
  }

  /** Scheduled notices effective at `now` or earlier, oldest first. */
  listDue(now: Date): Promise<ScheduledDemotionEntity[]> {
    return this.db.getRepository(ScheduledDemotionEntity).find({
      where: { state: 'scheduled', effective_at: LessThanOrEqual(now) },
      order: { effective_at: 'ASC' },
    });
  }

  lock(tx: Tx, where: { id?: string; service_id?: string; state?: 'scheduled' }): Promise<ScheduledDemotionEntity | null> {
    return tx.findOne(ScheduledDemotionEntity, { where, lock: { mode: 'pessimistic_write' } });
  }

  insert(tx: Tx, fields: Partial<ScheduledDemotionEntity>): Promise<ScheduledDemotionEntity> {
    return tx.save(tx.create(ScheduledDemotionEntity, fields));
  }

  async settle(tx: Tx, id: string, fields: Pick<ScheduledDemotionEntity, 'state' | 'settled_at' | 'settled_note'>): Promise<void> {
    await tx.update(ScheduledDemotionEntity, { id }, fields);
  }
}
