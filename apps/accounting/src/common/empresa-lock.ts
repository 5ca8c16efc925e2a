import { isUUID } from 'class-validator';
import { ProblemException } from '@lib/schemas';
import { EntityManager } from 'typeorm';

/** The empresa row as the write paths need it. */
export interface LockedEmpresa {
  id: string;
  rut: string;
  razon_social: string;
}

/**
 * Locks the empresa row (`SELECT ... FOR NO KEY UPDATE`) for the rest of the transaction. Every write
 * to an empresa's books takes this lock, so writes of one empresa are serialized: entry numbers are
 * gap-free, a period cannot be closed while an entry into it is being posted, a chart change cannot
 * race a posting.
 *
 * NO KEY UPDATE, not UPDATE: inserting a row that references the empresa (a poller message, an
 * idempotency key) takes FOR KEY SHARE on it, which FOR UPDATE conflicts with and NO KEY UPDATE does
 * not. With FOR UPDATE two transactions that each inserted such a row and then asked for this lock
 * waited on each other (PostgreSQL 40P01; PostgreSQL manual §13.3.2 "Row-Level Locks").
 * @throws ProblemException 404 `not_found` when the empresa does not exist.
 */
export async function lockEmpresa(em: EntityManager, empresaId: string): Promise<LockedEmpresa> {
  const rows: LockedEmpresa[] = isUUID(empresaId)
    ? await em.query('SELECT id, rut, razon_social FROM empresa WHERE id = $1 FOR NO KEY UPDATE', [empresaId])
    : [];
  if (rows.length === 0) throw new ProblemException(404, 'not_found', `Empresa ${empresaId} does not exist`);
  return rows[0];
}

/**
 * Checks the empresa exists (no lock), for read paths.
 * @throws ProblemException 404 `not_found`.
 */
export async function requireEmpresa(em: EntityManager, empresaId: string): Promise<LockedEmpresa> {
  const rows: LockedEmpresa[] = isUUID(empresaId)
    ? await em.query('SELECT id, rut, razon_social FROM empresa WHERE id = $1', [empresaId])
    : [];
  if (rows.length === 0) throw new ProblemException(404, 'not_found', `Empresa ${empresaId} does not exist`);
  return rows[0];
}
