import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A liquidación-factura 43's Comisiones y Otros Cargos (Formato DTE v2.2 §F; field 124 subtracts ValComNeto, ValComExe and
 * ValComIVA from MntTotal, which may then be negative): their sum, so the database still checks the total.
 */
export class Comisiones1797000000024 implements MigrationInterface {
  name = 'Comisiones1797000000024';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE dte_emission ADD COLUMN comisiones bigint NOT NULL DEFAULT 0');
    await q.query('ALTER TABLE dte_emission DROP CONSTRAINT dte_emission_montos_ck');
    await q.query(`ALTER TABLE dte_emission ADD CONSTRAINT dte_emission_montos_ck
      CHECK (neto >= 0 AND exento >= 0 AND iva >= 0 AND adicionales >= 0 AND garantia_envases >= 0
        AND iva_retenido >= 0 AND iva_retenido <= iva AND comisiones >= 0
        AND total = neto + exento + iva + adicionales + garantia_envases - iva_retenido - comisiones)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE dte_emission DROP CONSTRAINT dte_emission_montos_ck');
    await q.query('DELETE FROM dte_emission WHERE comisiones <> 0');
    await q.query(`ALTER TABLE dte_emission ADD CONSTRAINT dte_emission_montos_ck
      CHECK (neto >= 0 AND exento >= 0 AND iva >= 0 AND adicionales >= 0 AND garantia_envases >= 0
        AND iva_retenido >= 0 AND iva_retenido <= iva
        AND total = neto + exento + iva + adicionales + garantia_envases - iva_retenido)`);
    await q.query('ALTER TABLE dte_emission DROP COLUMN comisiones');
  }
}
