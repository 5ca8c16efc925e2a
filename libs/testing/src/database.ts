import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** Set by global-setup.ts for the workers. */
export const TEST_PG_ADMIN_URL_ENV = 'TEST_PG_ADMIN_URL';

function adminUrl(): string {
  const url = process.env[TEST_PG_ADMIN_URL_ENV] ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      `No test PostgreSQL: wire libs/testing/src/global-setup.ts as jest globalSetup (it sets ${TEST_PG_ADMIN_URL_ENV}) or set TEST_DATABASE_URL.`,
    );
  }
  return url;
}

/** `<prefix>_<time>_<random>` (≤ 63 chars); not dropped: the embedded server goes at the end (else {@link dropTestDatabase}). */
export async function createTestDatabase(prefix = 'test'): Promise<string> {
  const safe =
    prefix
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_')
      .slice(0, 40) || 'test';
  const name = `${safe}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = adminUrl();
  const client = new Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Terminating its connections. */
export async function dropTestDatabase(databaseUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const client = new Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
