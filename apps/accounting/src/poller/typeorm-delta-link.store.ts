import { DataSource } from 'typeorm';
import { DeltaLinkStore } from './delta-link.store';
import { PollerState } from './poller-state.entity';

/**
 * {@link DeltaLinkStore} in the `poller_state` table, so a restart resumes the Graph delta round
 * instead of offering the whole folder again. The write is an upsert (one row per folder).
 */
export class TypeOrmDeltaLinkStore implements DeltaLinkStore {
  constructor(private readonly dataSource: DataSource) {}

  async get(key: string): Promise<string | undefined> {
    const row = await this.dataSource.getRepository(PollerState).findOneBy({ key });
    return row?.deltaLink;
  }

  async set(key: string, deltaLink: string): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(PollerState)
      .values({ key, deltaLink })
      .orUpdate(['delta_link', 'updated_at'], ['key'])
      .execute();
  }
}
