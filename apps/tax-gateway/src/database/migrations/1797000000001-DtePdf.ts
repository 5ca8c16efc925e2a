import { MigrationInterface, QueryRunner } from 'typeorm';

/** Printed DTEs (GET /tax/dte/{emision_id}/pdf): one row per emission and copy. */
export class DtePdf1797000000001 implements MigrationInterface {
  name = 'DtePdf1797000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE dte_pdf (
        emision_id uuid NOT NULL REFERENCES dte_emission (id),
        cedible boolean NOT NULL,
        pdf bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (emision_id, cedible)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE dte_pdf');
  }
}
