import { Injectable } from '@nestjs/common';
import { AnnouncementsService } from '../announcements/announcements.service';
import { addDays, Clock, DAY_MS } from '../clock/clock';
import { ServicesStore } from '../services/services.store';
import type { StalePreviewView } from './dto/audit.views';

/** Preview age after which a human review is asked for, in days (docs/service-registry.md "Stale previews"). */
export const STALE_PREVIEW_DAYS = 90;

export const quarterOf = (d: Date): string => `${d.getUTCFullYear()}-Q${Math.floor(d.getUTCMonth() / 3) + 1}`;

/** No automatic demotion: a quarterly announcement lists stale previews for a human reviewer. */
@Injectable()
export class StalePreviewsService {
  constructor(
    private readonly services: ServicesStore,
    private readonly announcements: AnnouncementsService,
    private readonly clock: Clock,
  ) {}

  async list(now: Date = this.clock.now()): Promise<StalePreviewView[]> {
    const rows = await this.services.listInStageSince('preview', addDays(now, -STALE_PREVIEW_DAYS));
    return rows
      .filter((s) => now.getTime() - s.stage_entered_at.getTime() > STALE_PREVIEW_DAYS * DAY_MS)
      .map((s) => ({
        slug: s.slug,
        name: s.name,
        maintainer: s.maintainer,
        in_preview_since: s.stage_entered_at.toISOString(),
        days_in_preview: Math.floor((now.getTime() - s.stage_entered_at.getTime()) / DAY_MS),
      }));
  }

  /** Once per quarter (the dedupe key). */
  async runDue(now: Date = this.clock.now()): Promise<boolean> {
    const stale = await this.list(now);
    if (stale.length === 0) return false;
    const quarter = quarterOf(now);
    const lines = stale.map(
      (s) => `- ${s.name} (${s.slug}): ${s.days_in_preview} days in preview${s.maintainer ? `, maintainer ${s.maintainer}` : ''}`,
    );
    const text =
      `Quarterly review ${quarter}: ${stale.length} service(s) in preview for more than ${STALE_PREVIEW_DAYS} days. ` +
      `A reviewer should promote each to beta or demote it to internal:\n${lines.join('\n')}`;
    const created = await this.announcements.enqueue(undefined, {
      kind: 'stale_previews',
      text,
      dedupeKey: `stale-previews:${quarter}`,
      payload: { quarter, services: stale },
    });
    return created !== undefined;
  }
}
