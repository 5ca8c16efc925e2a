import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedPostgresHandle, startEmbeddedPostgres } from '@lib/platform';
import { watchDatabase } from './database-watch';

const settled = (p: Promise<unknown>) => Promise.race([p.then(() => 'settled'), Promise.resolve('pending')]);

describe('watchDatabase', () => {
  const dir = mkdtempSync(join(tmpdir(), 'database-watch-'));
  chmodSync(dir, 0o755); // traversable by the postgres OS user the embedded server runs as
  let pg: EmbeddedPostgresHandle;

  beforeAll(async () => {
    pg = await startEmbeddedPostgres({ dataDir: join(dir, 'pg'), persistent: false, settings: { fsync: 'off' } });
  }, 60_000);

  afterAll(async () => {
    await pg?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stays quiet when closed on purpose', async () => {
    const watch = await watchDatabase(pg.url('postgres'));
    await watch.close();
    expect(await settled(watch.lost)).toBe('pending');
  });

  it('tells when the server is killed', async () => {
    const watch = await watchDatabase(pg.url('postgres'));
    expect(await settled(watch.lost)).toBe('pending');
    const postmasterPid = Number(readFileSync(join(pg.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmasterPid, 'SIGKILL');
    expect(await watch.lost).toMatch(/^connection (lost|closed)/);
  }, 30_000);
});
