import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { Tx } from '../database/tx';
import { AnnouncementEntity } from './announcement.entity';

/** Persistence of the announcement outbox. */
@Injectable()
export class AnnouncementsStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Undefined when the dedupe key is taken. */
  async insertUnlessDuplicate(
    tx: Tx | undefined,
    fields: QueryDeepPartialEntity<AnnouncementEntity>,
  ): Promise<AnnouncementEntity | undefined> {
    const manager = tx ?? this.db.manager;
    const result = await manager.createQueryBuilder().insert().into(AnnouncementEntity).values(fields).orIgnore().returning('*').execute();
    const row = (result.raw as AnnouncementEntity[])[0];
    return row ? manager.create(AnnouncementEntity, row) : undefined;
  }

  list(filter: { kind?: string; slug?: string; limit: number }): Promise<AnnouncementEntity[]> {
    return this.db.getRepository(AnnouncementEntity).find({
      where: { ...(filter.kind ? { kind: filter.kind } : {}), ...(filter.slug ? { slug: filter.slug } : {}) },
      order: { id: 'DESC' },
      take: filter.limit,
    });
  }

  /** SQL, because TypeORM cannot say UPDATE ... WHERE id IN (... FOR UPDATE SKIP LOCKED) RETURNING. */
  async claim(now: Date, leaseUntil: Date, batch: number): Promise<AnnouncementEntity[]> {
    const [rows] = (await this.db.query(
      `UPDATE announcements SET next_attempt_at = $2
        WHERE id IN (SELECT id FROM announcements WHERE state = 'pending' AND next_attempt_at <= $1
                     ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED)
        RETURNING id, text, attempts`,
      [now, leaseUntil],
    )) as [AnnouncementEntity[], number];
    return [...rows].sort((a, b) => Number(a.id) - Number(b.id));
  }

  async update(id: string, fields: QueryDeepPartialEntity<AnnouncementEntity>): Promise<void> {
    await this.db.getRepository(AnnouncementEntity).update(id, fields);
  }
}
