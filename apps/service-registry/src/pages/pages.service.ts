import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { Viewer } from '../access/viewer';
import { canSee } from '../access/visibility';
import { Clock } from '../clock/clock';
import { HistoryService } from '../services/history.service';
import { ServiceEntity } from '../services/entities/service.entity';
import type { GoneDetails } from './page-renderer';

/** What `GET /s/{slug}/` should answer. */
export type DetailOutcome = { kind: 'page'; service: ServiceEntity } | { kind: 'gone'; details: GoneDetails } | { kind: 'not_found' };

export const explanationPath = (slug: string): string => `/s/${slug}/gone`;

/** Decisions behind the marketplace pages (visibility, 410 grace period, catalog membership). */
@Injectable()
export class PagesService {
  constructor(
    @InjectRepository(ServiceEntity) private readonly services: Repository<ServiceEntity>,
    private readonly history: HistoryService,
    private readonly clock: Clock,
  ) {}

  /**
   * During the grace period after a demotion from beta or public the URL answers 410 pointing to
   * the explanation (docs/service-registry.md "Demotion"), for everyone; otherwise the page when visible, else 404.
   */
  async detail(slug: string, viewer: Viewer): Promise<DetailOutcome> {
    const service = await this.services.findOne({ where: { slug } });
    if (!service) return { kind: 'not_found' };
    if (service.gone_until && service.gone_until.getTime() > this.clock.now().getTime()) {
      const details = await this.goneDetails(service);
      if (details) return { kind: 'gone', details };
    }
    return canSee(viewer, service.slug, service.marketplace_status) ? { kind: 'page', service } : { kind: 'not_found' };
  }

  /** The explanation of the last demotion from beta or public, while the service keeps a pointer to it. */
  async explanation(slug: string): Promise<GoneDetails | undefined> {
    const service = await this.services.findOne({ where: { slug } });
    return service ? this.goneDetails(service) : undefined;
  }

  /** Catalog: beta services for authenticated viewers (Beta badge), public ones for everyone; never preview or internal. */
  async catalog(viewer: Viewer): Promise<ServiceEntity[]> {
    const stages = ['public', 'beta'].filter((stage) => canSee(viewer, '', stage as 'public' | 'beta'));
    return this.services.find({ where: { marketplace_status: In(stages) }, order: { name: 'ASC' } });
  }

  private async goneDetails(service: ServiceEntity): Promise<GoneDetails | undefined> {
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
