import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, DataSource, Repository } from 'typeorm';
import { ProblemException } from '@lib/schemas';
import { ROLES, requireRole, type Viewer } from '../access/viewer';
import { canSee, visibilityFilter } from '../access/visibility';
import { Clock } from '../clock/clock';
import { HistoryService } from './history.service';
import { assertPortFree, assertSlugNotReserved, lockSlotNamespace } from '../reserved-slots/slot-rules';
import { applyFields } from './apply-fields';
import type { CreateServiceDto } from './dto/create-service.dto';
import type { ListServicesQuery } from './dto/list-services.query';
import { ServiceEntity } from './entities/service.entity';

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
    private readonly dataSource: DataSource,
    @InjectRepository(ServiceEntity) private readonly repo: Repository<ServiceEntity>,
    private readonly clock: Clock,
    private readonly history: HistoryService,
  ) {}

  /**
   * Creates a service in internal (admin or superadmin). 409 `slug_taken` / `slug_reserved` /
   * `port_taken`. The creation is the first row of the history.
   */
  async create(dto: CreateServiceDto, viewer: Viewer): Promise<ServiceEntity> {
    requireRole(viewer, [ROLES.admin, ROLES.superadmin], 'create a service');
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      await lockSlotNamespace(manager);
      await assertSlugNotReserved(manager, dto.slug);
      if (await manager.exists(ServiceEntity, { where: { slug: dto.slug } })) {
        throw new ProblemException(409, 'slug_taken', `A service with the slug ${dto.slug} already exists.`);
      }
      if (dto.port != null) await assertPortFree(manager, dto.port);
      const service = manager.create(ServiceEntity, {
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
      const saved = await manager.save(service);
      await this.history.record(manager, {
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

  async findBySlug(slug: string): Promise<ServiceEntity | null> {
    return this.repo.findOne({ where: { slug } });
  }

  /** The service if the viewer may see it; otherwise 404 (never 403: invisible services do not exist). */
  async findVisible(slug: string, viewer: Viewer): Promise<ServiceEntity> {
    const service = await this.findBySlug(slug);
    if (!service || !canSee(viewer, service.slug, service.marketplace_status)) throw notFound(slug);
    return service;
  }

  /** Services the viewer may see, filtered by stage; without `status` internal ones are hidden, for everyone. */
  async list(query: ListServicesQuery, viewer: Viewer): Promise<ServicePage> {
    const filter = visibilityFilter(viewer);
    const qb = this.repo.createQueryBuilder('s');
    if (query.status) qb.andWhere('s.marketplace_status = :status', { status: query.status });
    else qb.andWhere(`s.marketplace_status <> 'internal'`);
    qb.andWhere(
      new Brackets((w) => {
        w.where('s.marketplace_status IN (:...stages)', { stages: filter.stages });
        if (filter.previewSlugs.length > 0) {
          w.orWhere(`(s.marketplace_status = 'preview' AND s.slug IN (:...previewSlugs))`, { previewSlugs: filter.previewSlugs });
        }
      }),
    );
    qb.orderBy('s.slug', 'ASC').take(query.limit).skip(query.offset);
    const [items, total] = await qb.getManyAndCount();
    return { items, total, limit: query.limit, offset: query.offset };
  }
}

export const notFound = (slug: string): ProblemException =>
  new ProblemException(404, 'not_found', `No service ${slug} is visible to this request.`);
