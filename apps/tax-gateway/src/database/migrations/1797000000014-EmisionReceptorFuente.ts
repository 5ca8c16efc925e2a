import { MigrationInterface, QueryRunner } from 'typeorm';

/** Where RznSocRecep came from (canonical-data rule, docs/tax-gateway.md "Taxpayer data"). */
export class EmisionReceptorFuente1797000000014 implements MigrationInterface {
  name = 'EmisionReceptorFuente1797000000014';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE dte_emission ADD COLUMN receptor_razon_social_fuente varchar(10) NOT NULL DEFAULT 'solicitud'`);
    await q.query(`ALTER TABLE dte_emission ALTER COLUMN receptor_razon_social_fuente DROP DEFAULT`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE dte_emission DROP COLUMN receptor_razon_social_fuente');
  }
}
