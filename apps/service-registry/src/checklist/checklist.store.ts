import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ChecklistResultEntity } from './checklist-result.entity';
import { ChecklistEvidenceEntity } from './evidence.entity';

/** Persistence of checklist results (one row per service and item) and of the append-only evidence. */
@Injectable()
export class ChecklistStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Inserts or replaces the result of each item. */
  async upsertResults(rows: Omit<ChecklistResultEntity, 'id'>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .getRepository(ChecklistResultEntity)
      .createQueryBuilder()
      .insert()
      .values(rows)
      .orUpdate(['gate', 'status', 'detail', 'source', 'checked_at', 'checked_by'], ['service_id', 'item_id'])
      .execute();
  }

  listResults(serviceId: string): Promise<ChecklistResultEntity[]> {
    return this.db.getRepository(ChecklistResultEntity).find({ where: { service_id: serviceId } });
  }

  /** The newest evidence of each item from one source. */
  async findNewestEvidence(serviceId: string, source: string): Promise<Map<string, ChecklistEvidenceEntity>> {
    const rows = await this.db
      .getRepository(ChecklistEvidenceEntity)
      .createQueryBuilder('e')
      .distinctOn(['e.item_id'])
      .where('e.service_id = :serviceId AND e.source = :source', { serviceId, source })
      .orderBy('e.item_id')
      .addOrderBy('e.id', 'DESC')
      .getMany();
    return new Map(rows.map((r) => [r.item_id, r]));
  }

  insertEvidence(rows: Omit<ChecklistEvidenceEntity, 'id'>[]): Promise<ChecklistEvidenceEntity[]> {
    const repo = this.db.getRepository(ChecklistEvidenceEntity);
    return repo.save(repo.create(rows));
  }

  /** Newest first, at most 500. */
  listEvidence(serviceId: string): Promise<ChecklistEvidenceEntity[]> {
    return this.db.getRepository(ChecklistEvidenceEntity).find({ where: { service_id: serviceId }, order: { id: 'DESC' }, take: 500 });
  }
}
