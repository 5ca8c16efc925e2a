import { DataSource, EntityManager } from 'typeorm';
import { mapDbError } from './db-errors';

/**
 * Runs `work` in one READ COMMITTED transaction and turns database guard errors (including the
 * deferred balance trigger, which fires at COMMIT) into problems (see `mapDbError`).
 * `onError` may translate other errors first (e.g. a named unique violation).
 */
export async function inTransaction<T>(
  ds: DataSource,
  work: (em: EntityManager) => Promise<T>,
  onError?: (err: unknown) => unknown,
): Promise<T> {
  try {
    return await ds.transaction(work);
  } catch (err) {
    const translated = onError?.(err);
    throw translated ?? mapDbError(err);
  }
}
