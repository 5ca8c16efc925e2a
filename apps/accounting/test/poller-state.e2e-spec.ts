import { DataSource } from 'typeorm';
import { createTestDatabase } from '@lib/testing';
import { PollerState1795240000000 } from '../src/database/migrations/1795240000000-PollerState';
import { SqlDeltaLinkStore } from '../src/poller/sql-delta-link.store';

describe('SqlDeltaLinkStore (real PostgreSQL)', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = new DataSource({
      type: 'postgres',
      url: await createTestDatabase('poller_state'),
      migrations: [PollerState1795240000000],
      synchronize: false,
    });
    await dataSource.initialize();
    await dataSource.runMigrations();
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  it('keeps one delta link per key and replaces it on the next round', async () => {
    const a = new SqlDeltaLinkStore(dataSource);
    expect(await a.get('graph:dte@x.test:inbox')).toBeUndefined();
    await a.set('graph:dte@x.test:inbox', 'https://graph.microsoft.com/v1.0/delta?$deltatoken=d1');
    await a.set('graph:otro@x.test:inbox', 'https://graph.microsoft.com/v1.0/delta?$deltatoken=o1');
    await a.set('graph:dte@x.test:inbox', 'https://graph.microsoft.com/v1.0/delta?$deltatoken=d2');

    // A second store (another process after a restart) reads what the first one wrote.
    const b = new SqlDeltaLinkStore(dataSource);
    expect(await b.get('graph:dte@x.test:inbox')).toBe('https://graph.microsoft.com/v1.0/delta?$deltatoken=d2');
    expect(await b.get('graph:otro@x.test:inbox')).toBe('https://graph.microsoft.com/v1.0/delta?$deltatoken=o1');
    const rows: { n: string }[] = await dataSource.query('SELECT count(*)::text AS n FROM poller_state');
    expect(rows[0].n).toBe('2');
  });
});
