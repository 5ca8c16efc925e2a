import { DataSource, EntityManager } from 'typeorm';

/**
 * Runs the queries of one report in a single read-only REPEATABLE READ transaction, so rows and
 * totals come from the same snapshot even while entries are being posted.
 */
export function inSnapshot<T>(ds: DataSource, work: (em: EntityManager) => Promise<T>): Promise<T> {
  return ds.transaction('REPEATABLE READ', async (em) => {
    await em.query('SET TRANSACTION READ ONLY');
    return work(em);
  });
}
