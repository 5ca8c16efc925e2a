import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Totals' parts (docs/tax-gateway.md "Request shape") so the database checks MntTotal = neto + exento + IVA + adicionales +
 * garantia_envases.
 */
export class EmisionMontos1797000000005 implements MigrationInterface {
  name = 'EmisionMontos1797000000005';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE dte_emission ADD COLUMN montos_detalle jsonb');
    await q.query('ALTER TABLE dte_emission ADD COLUMN adicionales bigint NOT NULL DEFAULT 0');
    await q.query('ALTER TABLE dte_emission ADD COLUMN garantia_envases bigint NOT NULL DEFAULT 0');
    await q.query('ALTER TABLE dte_emission DROP CONSTRAINT dte_emission_montos_ck');
    await q.query(`ALTER TABLE dte_emission ADD CONSTRAINT dte_emission_montos_ck
      CHECK (neto >= 0 AND exento >= 0 AND iva >= 0 AND adicionales >= 0 AND garantia_envases >= 0
        AND total = neto + exento + iva + adicionales + garantia_envases)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE dte_emission DROP CONSTRAINT dte_emission_montos_ck');
    await q.query('DELETE FROM dte_emission WHERE adicionales <> 0 OR garantia_envases <> 0');
    await q.query(
      'ALTER TABLE dte_emission ADD CONSTRAINT dte_emission_montos_ck CHECK (neto >= 0 AND exento >= 0 AND iva >= 0 AND total = neto + exento + iva)',
    );
    await q.query('ALTER TABLE dte_emission DROP COLUMN garantia_envases');
    await q.query('ALTER TABLE dte_emission DROP COLUMN adicionales');
    await q.query('ALTER TABLE dte_emission DROP COLUMN montos_detalle');
  }
}
