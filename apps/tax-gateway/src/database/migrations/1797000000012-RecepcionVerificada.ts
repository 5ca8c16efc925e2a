import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Unique by the SII's key only among verified DTEs (docs/tax-gateway.md "Reception"): a forged copy never shadows the genuine one received
 * after it.
 */
export class RecepcionVerificada1797000000012 implements MigrationInterface {
  name = 'RecepcionVerificada1797000000012';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE recepcion DROP CONSTRAINT recepcion_tenant_rut_emisor_tipo_dte_folio_key`);
    await q.query(`
      CREATE UNIQUE INDEX recepcion_verificada_key ON recepcion (tenant, rut_emisor, tipo_dte, folio) WHERE estado = 'recibido'
    `);
    await q.query(`CREATE INDEX recepcion_clave_idx ON recepcion (tenant, rut_emisor, tipo_dte, folio)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX recepcion_clave_idx`);
    await q.query(`DROP INDEX recepcion_verificada_key`);
    await q.query(
      `ALTER TABLE recepcion ADD CONSTRAINT recepcion_tenant_rut_emisor_tipo_dte_folio_key UNIQUE (tenant, rut_emisor, tipo_dte, folio)`,
    );
  }
}
