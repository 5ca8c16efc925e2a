import { Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { ROLES, requireRole, type Viewer } from '../access/viewer';
import { Clock } from '../clock/clock';
import type { Tx } from '../database/tx';
import type { CreateReservedSlotDto } from './reserved-slot.dto';
import { ReservedSlotView, toReservedSlotView } from './reserved-slot.view';
import { ReservedSlotsStore } from './reserved-slots.store';

/** Slots reserved for products not built yet (docs/service-registry.md "Reserved slots"). */
@Injectable()
export class ReservedSlotsService {
  constructor(
    private readonly store: ReservedSlotsStore,
    private readonly clock: Clock,
  ) {}

  async create(dto: CreateReservedSlotDto, viewer: Viewer): Promise<ReservedSlotView> {
    requireRole(viewer, [ROLES.admin, ROLES.superadmin], 'reserve a slot');
    return this.store.transaction(async (tx) => {
      await this.store.lockNamespace(tx);
      if (await this.store.existsSlot(tx, dto.slug)) {
        throw new ProblemException(409, 'slot_exists', `The slug ${dto.slug} is already reserved.`);
      }
      if (await this.store.existsService(tx, dto.slug)) {
        throw new ProblemException(409, 'slug_taken', `A service with the slug ${dto.slug} exists; a reserved slot has no service row.`);
      }
      await this.assertPortFree(tx, dto.port);
      const row = await this.store.insert(tx, {
        slug: dto.slug,
        port: dto.port,
        canonical_path: dto.canonical_path,
        brand_tokens: dto.brand_tokens,
        reserved_by: viewer.actor,
        created_at: this.clock.now(),
      });
      return toReservedSlotView(row);
    });
  }

  async list(): Promise<ReservedSlotView[]> {
    return (await this.store.list()).map(toReservedSlotView);
  }

  async get(slug: string): Promise<ReservedSlotView> {
    const row = await this.store.get(slug);
    if (!row) throw new ProblemException(404, 'not_found', `No reserved slot ${slug}.`);
    return toReservedSlotView(row);
  }

  async release(slug: string, viewer: Viewer): Promise<void> {
    requireRole(viewer, [ROLES.admin, ROLES.superadmin], 'release a reserved slot');
    if (!(await this.store.delete(slug))) throw new ProblemException(404, 'not_found', `No reserved slot ${slug}.`);
  }

  /** Taken before a write that checks slugs or ports (services and slots share them). */
  lockNamespace(tx: Tx): Promise<void> {
    return this.store.lockNamespace(tx);
  }

  async assertPortFree(tx: Tx, port: number, exceptServiceId?: string): Promise<void> {
    const slot = await this.store.findSlotByPort(tx, port);
    if (slot) throw new ProblemException(409, 'port_taken', `Port ${port} is reserved for the slot ${slot.slug}.`, { port });
    const service = await this.store.findServiceByPort(tx, port, exceptServiceId);
    if (service) throw new ProblemException(409, 'port_taken', `Port ${port} is used by the service ${service.slug}.`, { port });
  }

  async assertSlugNotReserved(tx: Tx, slug: string): Promise<void> {
    if (await this.store.existsSlot(tx, slug)) {
      throw new ProblemException(
        409,
        'slug_reserved',
        `The slug ${slug} is held by a reserved slot; release the slot before creating the service.`,
      );
    }
  }
}
