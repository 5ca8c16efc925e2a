import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { ProblemException } from '@lib/schemas';
import { ROLES, requireRole, type Viewer } from '../access/viewer';
import { Clock } from '../clock/clock';
import { ServiceEntity } from '../services/entities/service.entity';
import type { CreateReservedSlotDto } from './reserved-slot.dto';
import { ReservedSlotEntity } from './reserved-slot.entity';
import { ReservedSlotView, toSlotView } from './reserved-slot.view';
import { assertPortFree, lockSlotNamespace } from './slot-rules';

/**
 * Slots reserved for products not built yet: a platform port (8200-8299) unique among slots and
 * services, a canonical path and brand tokens; the slug has no service row until the slot is released.
 */
@Injectable()
export class ReservedSlotsService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(ReservedSlotEntity) private readonly slots: Repository<ReservedSlotEntity>,
    private readonly clock: Clock,
  ) {}

  /** 409 `slot_exists`, `slug_taken` (a service has the slug) or `port_taken`. Admin or superadmin. */
  async create(dto: CreateReservedSlotDto, viewer: Viewer): Promise<ReservedSlotView> {
    requireRole(viewer, [ROLES.admin, ROLES.superadmin], 'reserve a slot');
    return this.dataSource.transaction(async (manager) => {
      await lockSlotNamespace(manager);
      if (await manager.exists(ReservedSlotEntity, { where: { slug: dto.slug } })) {
        throw new ProblemException(409, 'slot_exists', `The slug ${dto.slug} is already reserved.`);
      }
      if (await manager.exists(ServiceEntity, { where: { slug: dto.slug } })) {
        throw new ProblemException(409, 'slug_taken', `A service with the slug ${dto.slug} exists; a reserved slot has no service row.`);
      }
      await assertPortFree(manager, dto.port);
      const row = await manager.save(
        manager.create(ReservedSlotEntity, {
          slug: dto.slug,
          port: dto.port,
          canonical_path: dto.canonical_path,
          brand_tokens: dto.brand_tokens,
          reserved_by: viewer.actor,
          created_at: this.clock.now(),
        }),
      );
      return toSlotView(row);
    });
  }

  async list(): Promise<ReservedSlotView[]> {
    return (await this.slots.find({ order: { port: 'ASC' } })).map(toSlotView);
  }

  async get(slug: string): Promise<ReservedSlotView> {
    const row = await this.slots.findOne({ where: { slug } });
    if (!row) throw new ProblemException(404, 'not_found', `No reserved slot ${slug}.`);
    return toSlotView(row);
  }

  /** Releases a slot (the product can then be created as a service). Admin or superadmin. */
  async release(slug: string, viewer: Viewer): Promise<void> {
    requireRole(viewer, [ROLES.admin, ROLES.superadmin], 'release a reserved slot');
    const result = await this.slots.delete({ slug });
    if (!result.affected) throw new ProblemException(404, 'not_found', `No reserved slot ${slug}.`);
  }
}
