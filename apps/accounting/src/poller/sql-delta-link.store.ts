import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DeltaLinkStore } from './delta-link.store';

/**
 * {@link DeltaLinkStore} in the `poller_state` table (migration PollerState), so a restart resumes the
 * Graph delta round instead of offering the whole folder again. The write is an upsert (one row per folder).
 */
@Injectable()
export class SqlDeltaLinkStore implements DeltaLinkStore {
  constructor(private readonly dataSource: DataSource) {}

  async get(key: string): Promise<string | undefined> {
    const [row]: { delta_link: string }[] = await this.dataSource.query('SELECT delta_link FROM poller_state WHERE key = $1', [key]);
    return row?.delta_link;
  }

  async set(key: string, deltaLink: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO poller_state (key, delta_link) VALUES ($1, $2)
       ON CONFLICT (key) DO UPDATE SET delta_link = EXCLUDED.delta_link, updated_at = now()`,
      [key, deltaLink],
    );
  }
}
