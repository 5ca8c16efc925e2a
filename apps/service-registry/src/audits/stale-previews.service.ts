import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, Repository } from 'typeorm';
import { AnnouncementsService } from '../announcements/announcements.service';
import { addDays, Clock, DAY_MS } from '../clock/clock';
import { ServiceEntity } from '../services/entities/service.entity';
import type { StalePreview } from './dto/audit.views';

/** Preview age after which a human review is asked for, in days (docs/service-registry.md "Stale previews"). */
export const STALE_PREVIEW_DAYS = 90;

/** `2026-Q4` for a date (UTC). */
export const quarterOf = (d: Date): string => `${d.getUTCFullYear()}-Q${Math.floor(d.getUTCMonth() / 3) + 1}`;

/**
 * Services in preview for more than 90 days without promotion. No automatic demotion: a
 * quarterly announcement lists them for a human reviewer, who demotes to internal or promotes to beta.
 */
@Injectable()
export class StalePreviewsService {
  constructor(
    @InjectRepository(ServiceEntity) private readonly services: Repository<ServiceEntity>,
    private readonly announcements: AnnouncementsService,
    private readonly clock: Clock,
  ) {}

  async list(now: Date = this.clock.now()): Promise<StalePreview[]> {
    const rows = await this.services.find({
      where: { marketplace_status: 'preview', stage_entered_at: LessThanOrEqual(addDays(now, -STALE_PREVIEW_DAYS)) },
      order: { stage_entered_at: 'ASC' },
    });
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

  /** Once per calendar quarter (dedupe key `stale-previews:<quarter>`), when there is something to list. */
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
    const created = await this.announcements.enqueue(this.services.manager, {
      kind: 'stale_previews',
      text,
      dedupeKey: `stale-previews:${quarter}`,
      payload: { quarter, services: stale },
    });
    return created !== undefined;
  }
}
