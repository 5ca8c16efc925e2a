import { MigrationInterface, QueryRunner } from 'typeorm';

/** Per-document outcome of an emission and its QueryEstDte backoff (docs/tax-gateway.md "Reconciler"). */
export class EmisionResultado1797000000006 implements MigrationInterface {
  name = 'EmisionResultado1797000000006';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE dte_emission
      ADD COLUMN resultado varchar(12),
      ADD COLUMN estado_sii varchar(8),
      ADD COLUMN estado_sii_glosa text,
      ADD COLUMN consultas int NOT NULL DEFAULT 0,
      ADD COLUMN proxima_consulta timestamptz`);
    await q.query(`CREATE INDEX dte_emission_confirmar_idx ON dte_emission (proxima_consulta) WHERE estado = 'EPR' AND estado_sii IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX dte_emission_confirmar_idx');
    await q.query(`ALTER TABLE dte_emission DROP COLUMN resultado, DROP COLUMN estado_sii, DROP COLUMN estado_sii_glosa,
      DROP COLUMN consultas, DROP COLUMN proxima_consulta`);
  }
}
