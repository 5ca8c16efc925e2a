import { randomUUID } from 'node:crypto';
import { DataSource, type QueryRunner } from 'typeorm';
import { createTestDatabase, dropTestDatabase } from '@lib/testing';
import { migrations } from '../../src/database/migrations';

/** A value of the column's type for the NOT NULL columns the case does not name (what they hold is not the point). */
function filler(type: string): string {
  const values: Record<string, string> = {
    uuid: 'gen_random_uuid()',
    smallint: '1',
    integer: '1',
    bigint: '1',
    date: "'2026-01-15'",
    'timestamp with time zone': 'now()',
    jsonb: "'[]'",
    bytea: "'\\x00'",
    boolean: 'false',
  };
  return values[type] ?? "'x'";
}

/**
 * Inserts a row into `table` of a database migrated up to some point: `fields` as given (SQL parameters), every other
 * NOT NULL column without a default filled with a value of its type. The row's id (a new uuid unless given).
 */
export async function insertRow(ds: QueryRunner, table: string, fields: Record<string, string | null>): Promise<string> {
  const columns: { column_name: string; data_type: string }[] = await ds.query(
    `SELECT column_name, data_type FROM information_schema.columns
      WHERE table_name = $1 AND is_nullable = 'NO' AND column_default IS NULL`,
    [table],
  );
  const given: Record<string, string | null> = { id: randomUUID(), ...fields };
  const names = [...new Set([...columns.map((c) => c.column_name), ...Object.keys(given)])];
  const values = names.map((n) =>
    n in given ? '$' + (Object.keys(given).indexOf(n) + 1) : filler(columns.find((c) => c.column_name === n)?.data_type ?? ''),
  );
  await ds.query(`INSERT INTO ${table} (${names.join(', ')}) VALUES (${values.join(', ')})`, Object.values(given));
  return given.id as string;
}

/**
 * Runs `fn` on a new database migrated up to, not including, `migration` (one of the app's migrations), on one
 * connection whose foreign keys are off (the rows a case inserts need not have parents); the database is dropped after.
 */
export async function beforeMigration(migration: (typeof migrations)[number], fn: (q: QueryRunner) => Promise<void>): Promise<void> {
  const url = await createTestDatabase('tax_gateway_migration');
  const ds = new DataSource({ type: 'postgres', url, migrations: migrations.slice(0, migrations.indexOf(migration)) });
  await ds.initialize();
  const q = ds.createQueryRunner();
  try {
    await ds.runMigrations();
    await q.connect();
    await q.query('SET session_replication_role = replica');
    await fn(q);
  } finally {
    await q.release();
    await ds.destroy();
    await dropTestDatabase(url);
  }
}
