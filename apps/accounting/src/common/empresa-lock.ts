import { ProblemException } from '@lib/schemas';
import { EntityManager } from 'typeorm';

/** The empresa row as the write paths need it. */
export interface LockedEmpresa {
  id: string;
  rut: string;
  razon_social: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Locks the empresa row (`SELECT ... FOR UPDATE`) for the rest of the transaction. Every write
 * to an empresa's books takes this lock FIRST, so writes of one empresa are serialized: entry
 * numbers are gap-free, a period cannot be closed while an entry into it is being posted, a
 * chart change cannot race a posting, and there is one lock order (no deadlocks).
 * @throws ProblemException 404 `not_found` when the empresa does not exist.
 */
export async function lockEmpresa(em: EntityManager, empresaId: string): Promise<LockedEmpresa> {
  const rows: LockedEmpresa[] = UUID.test(empresaId)
    ? await em.query('SELECT id, rut, razon_social FROM empresa WHERE id = $1 FOR UPDATE', [empresaId])
    : [];
  if (rows.length === 0) throw new ProblemException(404, 'not_found', `Empresa ${empresaId} does not exist`);
  return rows[0];
}

/**
 * Checks the empresa exists (no lock), for read paths.
 * @throws ProblemException 404 `not_found`.
 */
export async function requireEmpresa(em: EntityManager, empresaId: string): Promise<LockedEmpresa> {
  const rows: LockedEmpresa[] = UUID.test(empresaId)
    ? await em.query('SELECT id, rut, razon_social FROM empresa WHERE id = $1', [empresaId])
    : [];
  if (rows.length === 0) throw new ProblemException(404, 'not_found', `Empresa ${empresaId} does not exist`);
  return rows[0];
}
