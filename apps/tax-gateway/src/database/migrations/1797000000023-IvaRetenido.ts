import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The IVA a factura de compra 46 retains (Formato DTE v2.2 §4 codes 15, 30-48; field 124: MntTotal "- IVA Retenido
 * productos (en caso de facturas de compra)"), so the database still checks the total: neto + exento + IVA +
 * adicionales + garantia_envases - iva_retenido, the retention at most the IVA.
 */
export class IvaRetenido1797000000023 implements MigrationInterface {
  name = 'IvaRetenido1797000000023';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE dte_emission ADD COLUMN iva_retenido bigint NOT NULL DEFAULT 0');
    await q.query('ALTER TABLE dte_emission DROP CONSTRAINT dte_emission_montos_ck');
    await q.query(`ALTER TABLE dte_emission ADD CONSTRAINT dte_emission_montos_ck
      CHECK (neto >= 0 AND exento >= 0 AND iva >= 0 AND adicionales >= 0 AND garantia_envases >= 0
        AND iva_retenido >= 0 AND iva_retenido <= iva
        AND total = neto + exento + iva + adicionales + garantia_envases - iva_retenido)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE dte_emission DROP CONSTRAINT dte_emission_montos_ck');
    await q.query('DELETE FROM dte_emission WHERE iva_retenido <> 0');
    await q.query(`ALTER TABLE dte_emission ADD CONSTRAINT dte_emission_montos_ck
      CHECK (neto >= 0 AND exento >= 0 AND iva >= 0 AND adicionales >= 0 AND garantia_envases >= 0
        AND total = neto + exento + iva + adicionales + garantia_envases)`);
    await q.query('ALTER TABLE dte_emission DROP COLUMN iva_retenido');
  }
}
