import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, Not } from 'typeorm';
import type { Tx } from '../database/tx';
import { ServiceEntity } from '../services/entities/service.entity';
import { ReservedSlotEntity } from './reserved-slot.entity';

/** Persistence of reserved slots, and the namespace of slugs and ports they share with services. */
@Injectable()
export class ReservedSlotsStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Slugs and ports are unique across two tables, which no unique index can keep: an advisory lock, in SQL. */
  async lockNamespace(tx: Tx): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('service-registry:slots'))`);
  }

  existsSlot(tx: Tx, slug: string): Promise<boolean> {
    return tx.exists(ReservedSlotEntity, { where: { slug } });
  }

  existsService(tx: Tx, slug: string): Promise<boolean> {
    return tx.exists(ServiceEntity, { where: { slug } });
  }

  findSlotByPort(tx: Tx, port: number): Promise<ReservedSlotEntity | null> {
    return tx.findOne(ReservedSlotEntity, { where: { port } });
  }

  findServiceByPort(tx: Tx, port: number, exceptServiceId?: string): Promise<ServiceEntity | null> {
    return tx.findOne(ServiceEntity, { where: { port, ...(exceptServiceId ? { id: Not(exceptServiceId) } : {}) } });
  }

  insert(tx: Tx, fields: Partial<ReservedSlotEntity>): Promise<ReservedSlotEntity> {
    return tx.save(tx.create(ReservedSlotEntity, fields));
  }

  list(): Promise<ReservedSlotEntity[]> {
    return this.db.getRepository(ReservedSlotEntity).find({ order: { port: 'ASC' } });
  }

  get(slug: string): Promise<ReservedSlotEntity | null> {
    return this.db.getRepository(ReservedSlotEntity).findOne({ where: { slug } });
  }

  async delete(slug: string): Promise<boolean> {
    const result = await this.db.getRepository(ReservedSlotEntity).delete({ slug });
    return Boolean(result.affected);
  }
}
