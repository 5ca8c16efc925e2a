import { EntityManager } from 'typeorm';
import { ProblemException } from '@lib/schemas';

/** The platform port range (DESIGN §1; spec 2 "Reserved slot"). */
export const PLATFORM_PORT_MIN = 8200;
export const PLATFORM_PORT_MAX = 8299;

/**
 * Serializes writes that must keep slugs and ports unique across services AND reserved slots (two
 * tables, so no single unique index can): a transaction-scoped advisory lock.
 */
export async function lockSlotNamespace(manager: EntityManager): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('service-registry:slots'))`);
}

/** 409 `port_taken` when a reserved slot or another service uses `port`. */
export async function assertPortFree(manager: EntityManager, port: number, exceptServiceId?: string): Promise<void> {
  const [slot] = (await manager.query(`SELECT slug FROM reserved_slots WHERE port = $1`, [port])) as { slug: string }[];
  if (slot) throw new ProblemException(409, 'port_taken', `Port ${port} is reserved for the slot ${slot.slug}.`, { port });
  const [service] = (await manager.query(`SELECT slug FROM services WHERE port = $1 AND id <> COALESCE($2::uuid, '00000000-0000-0000-0000-000000000000')`, [
    port,
    exceptServiceId ?? null,
  ])) as { slug: string }[];
  if (service) throw new ProblemException(409, 'port_taken', `Port ${port} is used by the service ${service.slug}.`, { port });
}

/** 409 `slug_reserved` when a reserved slot holds `slug` (a reserved product has no service row). */
export async function assertSlugNotReserved(manager: EntityManager, slug: string): Promise<void> {
  const rows = (await manager.query(`SELECT 1 FROM reserved_slots WHERE slug = $1`, [slug])) as unknown[];
  if (rows.length > 0) {
    throw new ProblemException(409, 'slug_reserved', `The slug ${slug} is held by a reserved slot; release the slot before creating the service.`);
  }
}
