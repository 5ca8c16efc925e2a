import { MigrationInterface, QueryRunner } from 'typeorm';

/** The UTM of each month in pesos, as the SII publishes it (docs/research/f29.md §3), registered by the accountant: the F29 readjusts the remanente with it. */
export class Utm1799000000004 implements MigrationInterface {
  name = 'Utm1799000000004';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE utm (
        mes char(7) PRIMARY KEY CONSTRAINT utm_mes_check CHECK (mes ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
        valor integer NOT NULL CONSTRAINT utm_valor_check CHECK (valor > 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by varchar(64) NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE utm`);
  }
}
