import { Injectable } from '@nestjs/common';
import type { Viewer } from '../access/viewer';
import { canSee } from '../access/visibility';
import { Clock } from '../clock/clock';
import { HistoryService } from '../services/history.service';
import type { ServiceEntity } from '../services/entities/service.entity';
import { ServicesStore } from '../services/services.store';
import type { GoneDetails } from './page-renderer';

export type DetailOutcome = { kind: 'page'; service: ServiceEntity } | { kind: 'gone'; details: GoneDetails } | { kind: 'not_found' };

export const explanationPath = (slug: string): string => `/s/${slug}/gone`;

/** Decisions behind the marketplace pages (visibility, 410 grace period, catalog membership). */
@Injectable()
export class PagesService {
  constructor(
    private readonly services: ServicesStore,
    private readonly history: HistoryService,
    private readonly clock: Clock,
  ) {}

  /** 410 for everyone during the grace period after a demotion (docs/service-registry.md "Demotion"). */
  async resolveDetail(slug: string, viewer: Viewer): Promise<DetailOutcome> {
    const service = await this.services.findBySlug(slug);
    if (!service) return { kind: 'not_found' };
    if (service.gone_until && service.gone_until.getTime() > this.clock.now().getTime()) {
      const details = await this.describeGone(service);
      if (details) return { kind: 'gone', details };
    }
    return canSee(viewer, service.slug, service.marketplace_status) ? { kind: 'page', service } : { kind: 'not_found' };
  }

  async explain(slug: string): Promise<GoneDetails | undefined> {
    const service = await this.services.findBySlug(slug);
    return service ? this.describeGone(service) : undefined;
  }

  async listCatalog(viewer: Viewer): Promise<ServiceEntity[]> {
    const stages = (['public', 'beta'] as const).filter((stage) => canSee(viewer, '', stage));
    return this.services.listByStages(stages, 'name');
  }

  private async describeGone(service: ServiceEntity): Promise<GoneDetails | undefined> {
    if (!service.gone_transition_id) return undefined;
    const t = await this.history.get(service.gone_transition_id);
    if (!t) return undefined;
    return {
      slug: service.slug,
      name: service.name,
      from: t.from_stage ?? 'unknown',
      to: t.to_stage,
      at: new Date(t.at),
      reason: t.reason,
      explanationPath: explanationPath(service.slug),
    };
  }
}
