import { MigrationInterface, QueryRunner } from 'typeorm';

/** `poller_state`: the mailbox poller's persisted cursors (Graph delta links), read and written by poller/sql-delta-link.store.ts. */
export class PollerState1795240000000 implements MigrationInterface {
  name = 'PollerState1795240000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE poller_state (
        key varchar(300) PRIMARY KEY,
        delta_link text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE poller_state');
  }
}
