import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { CommonConfig } from './config';
import { resolveDatabase } from './database';
import { PlatformOptions } from './tokens';

const options: PlatformOptions = { appName: 'db-spec', entities: [], migrations: [], defaultDatabaseName: 'db_spec' };
const config = (overrides: Partial<CommonConfig>): CommonConfig => Object.assign(new CommonConfig(), overrides);

describe('resolveDatabase', () => {
  it('uses DATABASE_URL when set', async () => {
    const db = await resolveDatabase(config({ DATABASE_URL: 'postgres://u:p@db:5432/x' }), options);
    expect(db.url).toBe('postgres://u:p@db:5432/x');
    expect(db.embedded).toBeUndefined();
  });

  it('refuses to start without DATABASE_URL in production', async () => {
    await expect(resolveDatabase(config({ NODE_ENV: 'production' }), options)).rejects.toThrow('DATABASE_URL is required in production');
  });

  it('otherwise starts an embedded PostgreSQL, creates the database, and reopens it on the next start', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'platform-db-spec-'));
    chmodSync(dataRoot, 0o755); // mkdtemp makes it 0700: the postgres OS user could not reach pg/ inside
    try {
      for (let round = 0; round < 2; round++) {
        const db = await resolveDatabase(config({ NODE_ENV: 'test', DATA_DIR: dataRoot }), options);
        try {
          expect(db.embedded?.dataDir).toBe(join(dataRoot, 'db-spec', 'pg'));
          const client = new Client({ connectionString: db.url });
          await client.connect();
          const { rows } = await client.query('SELECT current_database() AS name');
          await client.end();
          expect(rows[0].name).toBe('db_spec');
        } finally {
          await db.stop();
        }
      }
    } finally {
      rmSync(dataRoot, { recursive: true, force: true });
    }
  }, 60000);
});
