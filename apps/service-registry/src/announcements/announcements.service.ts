import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { Clock } from '../clock/clock';
import { AnnouncementEntity } from './announcement.entity';
import type { AnnouncementView } from './dto/announcement.view';

/** What to announce; `dedupeKey` makes the announcement exist at most once. */
export interface AnnouncementInput {
  kind: string;
  text: string;
  slug?: string;
  payload?: Record<string, unknown>;
  dedupeKey?: string;
}

/**
 * Writes announcements to the outbox of the shared announcement channel (docs/service-registry.md
 * "Decisions"). Callers pass
 * their transaction's EntityManager so the announcement commits or rolls back with the change.
 */
@Injectable()
export class AnnouncementsService {
  constructor(
    @InjectRepository(AnnouncementEntity) private readonly repo: Repository<AnnouncementEntity>,
    private readonly clock: Clock,
  ) {}

  /** Adds an announcement; with a dedupe key already used, nothing is added and undefined is returned. */
  async enqueue(manager: EntityManager, input: AnnouncementInput): Promise<AnnouncementEntity | undefined> {
    const now = this.clock.now();
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(AnnouncementEntity)
      .values({
        kind: input.kind,
        text: input.text,
        slug: input.slug ?? null,
        // jsonb column: TypeORM's deep-partial typing does not accept an open record.
        payload: (input.payload ?? {}) as object,
        dedupe_key: input.dedupeKey ?? null,
        state: 'pending',
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
      })
      .orIgnore()
      .returning('*')
      .execute();
    const row = (result.raw as AnnouncementEntity[])[0];
    return row ? manager.create(AnnouncementEntity, row) : undefined;
  }

  /** Newest first, optionally of one kind or one service. */
  async list(filter: { kind?: string; slug?: string; limit: number }): Promise<AnnouncementView[]> {
    const rows = await this.repo.find({
      where: { ...(filter.kind ? { kind: filter.kind } : {}), ...(filter.slug ? { slug: filter.slug } : {}) },
      order: { id: 'DESC' },
      take: filter.limit,
    });
    return rows.map(toView);
  }
}

function toView(a: AnnouncementEntity): AnnouncementView {
  return {
    id: String(a.id),
    kind: a.kind,
    slug: a.slug,
    text: a.text,
    payload: a.payload,
    state: a.state,
    attempts: a.attempts,
    last_error: a.last_error,
    created_at: new Date(a.created_at).toISOString(),
    delivered_at: a.delivered_at ? new Date(a.delivered_at).toISOString() : null,
  };
}
