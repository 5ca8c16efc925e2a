import { Injectable } from '@nestjs/common';
import { pickFields } from '@lib/platform';
import { Clock, isoOrNull } from '../clock/clock';
import type { Tx } from '../database/tx';
import type { AnnouncementEntity } from './announcement.entity';
import { AnnouncementsStore } from './announcements.store';
import type { AnnouncementView } from './dto/announcement.view';

export interface AnnouncementInput {
  kind: string;
  text: string;
  slug?: string;
  payload?: Record<string, unknown>;
  dedupeKey?: string;
}

/** The outbox (docs/service-registry.md "Decisions"): callers pass their transaction so the announcement commits with the change. */
@Injectable()
export class AnnouncementsService {
  constructor(
    private readonly store: AnnouncementsStore,
    private readonly clock: Clock,
  ) {}

  /** Undefined when `dedupeKey` was used before. */
  enqueue(tx: Tx | undefined, input: AnnouncementInput): Promise<AnnouncementEntity | undefined> {
    const now = this.clock.now();
    return this.store.insertUnlessDuplicate(tx, {
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
    });
  }

  async list(filter: { kind?: string; slug?: string; limit: number }): Promise<AnnouncementView[]> {
    return (await this.store.list(filter)).map(toAnnouncementView);
  }
}

function toAnnouncementView(a: AnnouncementEntity): AnnouncementView {
  return {
    id: String(a.id),
    ...pickFields(a, 'kind', 'slug', 'text', 'payload', 'state', 'attempts', 'last_error'),
    created_at: new Date(a.created_at).toISOString(),
    delivered_at: isoOrNull(a.delivered_at),
  };
}
