import { EntityManager, Not } from 'typeorm';
import { ProblemException } from '@lib/schemas';
import { ServiceEntity } from '../services/entities/service.entity';
import { ReservedSlotEntity } from './reserved-slot.entity';

/** The platform port range (docs/service-registry.md "Reserved slots"). */
export const PLATFORM_PORT_MIN = 8200;
export const PLATFORM_PORT_MAX = 8299;

/**
 * Serializes writes that must keep slugs and ports unique across services AND reserved slots (two
 * tables, so no single unique index can): a transaction-scoped advisory lock, in SQL because TypeORM
 * has no word for it.
 */
export async function lockSlotNamespace(manager: EntityManager): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('service-registry:slots'))`);
}

/** 409 `port_taken` when a reserved slot or another service uses `port`. */
export async function assertPortFree(manager: EntityManager, port: number, exceptServiceId?: string): Promise<void> {
  const slot = await manager.findOne(ReservedSlotEntity, { where: { port } });
  if (slot) throw new ProblemException(409, 'port_taken', `Port ${port} is reserved for the slot ${slot.slug}.`, { port });
  const service = await manager.findOne(ServiceEntity, { where: { port, ...(exceptServiceId ? { id: Not(exceptServiceId) } : {}) } });
  if (service) throw new ProblemException(409, 'port_taken', `Port ${port} is used by the service ${service.slug}.`, { port });
}

/** 409 `slug_reserved` when a reserved slot holds `slug` (a reserved product has no service row). */
export async function assertSlugNotReserved(manager: EntityManager, slug: string): Promise<void> {
  if (await manager.exists(ReservedSlotEntity, { where: { slug } })) {
    throw new ProblemException(
      409,
      'slug_reserved',
      `The slug ${slug} is held by a reserved slot; release the slot before creating the service.`,
    );
  }
}
