// Jest globalSetup: ONE PostgreSQL per run (docs/platform.md "Tests"), shared through TEST_PG_ADMIN_URL; each file creates its own
// database. TEST_DATABASE_URL skips it. Loaded outside the test runtime (no @lib/* mapping), hence the relative import.
import { mkdtempSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { EmbeddedPostgresHandle, startEmbeddedPostgres } from '../../platform/src/embedded-postgres';

const holder = globalThis as typeof globalThis & { __testEmbeddedPg?: EmbeddedPostgresHandle };

export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) {
    process.env.TEST_PG_ADMIN_URL = process.env.TEST_DATABASE_URL;
    return;
  }
  const root = mkdtempSync(join(tmpdir(), 'jest-pg-'));
  rmdirSync(root); // recreated with permissions the postgres OS user can traverse
  const server = await startEmbeddedPostgres({
    dataDir: join(root, 'pg'),
    persistent: false,
    // Throw-away cluster: durability off makes migrations and CREATE DATABASE much faster.
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  });
  holder.__testEmbeddedPg = server;
  process.env.TEST_PG_ADMIN_URL = server.url('postgres');
}
