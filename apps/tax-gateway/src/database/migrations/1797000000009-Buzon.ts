import { MigrationInterface, QueryRunner } from 'typeorm';

/** The SII mailbox's inbox path (docs/tax-gateway.md "Notifications and documents"): a redelivered e-mail gets the same answer. */
export class Buzon1797000000009 implements MigrationInterface {
  name = 'Buzon1797000000009';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notificacion_vista (
        rut varchar(10) NOT NULL,
        notif_id varchar(64) NOT NULL,
        vista_at timestamptz NOT NULL,
        PRIMARY KEY (rut, notif_id)
      )`);
    await q.query(`
      CREATE TABLE notificacion_inbox (
        message_id varchar(255) PRIMARY KEY,
        rut varchar(10) NOT NULL,
        tenant varchar(10) NOT NULL,
        nuevas jsonb NOT NULL,
        leido_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE notificacion_inbox');
    await q.query('DROP TABLE notificacion_vista');
  }
}
