import { Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { ROLES, requireRole, type Role, type Viewer } from '../access/viewer';
import { canSee, visibilityFilter } from '../access/visibility';
import { Clock } from '../clock/clock';
import { ReservedSlotsService } from '../reserved-slots/reserved-slots.service';
import { applyFields } from './apply-fields';
import type { CreateServiceDto } from './dto/create-service.dto';
import type { ListServicesQueryDto } from './dto/list-services-query.dto';
import { ServiceEntity } from './entities/service.entity';
import { HistoryService } from './history.service';
import { ServicesStore } from './services.store';

export interface ServicePage {
  items: ServiceEntity[];
  total: number;
  limit: number;
  offset: number;
}

/** Creating, finding and listing services with the visibility rules (docs/service-registry.md "Roles matrix"). */
@Injectable()
export class ServicesService {
  constructor(
    private readonly store: ServicesStore,
    private readonly slots: ReservedSlotsService,
    private readonly clock: Clock,
    private readonly history: HistoryService,
  ) {}

  /** Creates a service in internal (admin or superadmin); the creation is the first row of the history. */
  async create(dto: CreateServiceDto, viewer: Viewer): Promise<ServiceEntity> {
    requireRole(viewer, [ROLES.admin, ROLES.superadmin], 'create a service');
    const now = this.clock.now();
    return this.store.transaction(async (tx) => {
      await this.slots.lockNamespace(tx);
      await this.slots.assertSlugNotReserved(tx, dto.slug);
      if (await this.store.existsWithSlug(tx, dto.slug)) {
        throw new ProblemException(409, 'slug_taken', `A service with the slug ${dto.slug} already exists.`);
      }
      if (dto.port != null) await this.slots.assertPortFree(tx, dto.port);
      const service = Object.assign(new ServiceEntity(), {
        slug: dto.slug,
        features: [],
        metadata: {},
        self_service: false,
        is_active: true,
        status: 'active',
        marketplace_status: 'internal',
        stage_entered_at: now,
        grandfathered: false,
        created_at: now,
        updated_at: now,
      });
      applyFields(service, dto);
      const saved = await this.store.save(tx, service);
      await this.history.record(tx, {
        serviceId: saved.id,
        slug: saved.slug,
        from: null,
        to: 'internal',
        kind: 'created',
        actor: viewer.actor,
        caller: viewer.caller,
        reason: 'created',
        at: now,
      });
      return saved;
    });
  }

  findBySlug(slug: string): Promise<ServiceEntity | null> {
    return this.store.findBySlug(slug);
  }

  /** The service if the viewer may see it; otherwise 404 (never 403: invisible services do not exist). */
  async findVisible(slug: string, viewer: Viewer): Promise<ServiceEntity> {
    const service = await this.findBySlug(slug);
    if (!service || !canSee(viewer, service.slug, service.marketplace_status)) throw notFound(slug);
    return service;
  }

  /** {@link findVisible}, then 403 unless the viewer holds one of `roles`: 404 before 403. */
  async findVisibleFor(slug: string, viewer: Viewer, roles: readonly Role[], action: string): Promise<ServiceEntity> {
    const service = await this.findVisible(slug, viewer);
    requireRole(viewer, roles, action);
    return service;
  }

  /** Services the viewer may see, filtered by stage; without `status` internal ones are hidden, for everyone. */
  async list(query: ListServicesQueryDto, viewer: Viewer): Promise<ServicePage> {
    const [items, total] = await this.store.findPage(query.status, visibilityFilter(viewer), query.limit, query.offset);
    return { items, total, limit: query.limit, offset: query.offset };
  }
}

export const notFound = (slug: string): ProblemException =>
  new ProblemException(404, 'not_found', `No service ${slug} is visible to this request.`);
