import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An emission's `resultado` in the words published to the other apps (RESULTADOS_SII in libs/dte): never null,
 * `pendiente` until the SII refuses or processes the envío, `aceptado_con_reparos` where it said `reparos`.
 * The refused states are written out: a migration does not follow the code that changes after it.
 */
export class ResultadoSii1797000000019 implements MigrationInterface {
  name = 'ResultadoSii1797000000019';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE dte_emission ALTER COLUMN resultado TYPE varchar(20)');
    await q.query(`UPDATE dte_emission SET resultado = 'aceptado_con_reparos' WHERE resultado = 'reparos'`);
    await q.query(
      `UPDATE dte_emission SET resultado = 'rechazado' WHERE resultado IS NULL AND estado IN ('RSC', 'RFR', 'RCT', 'RPT', 'VOF')`,
    );
    await q.query(`UPDATE dte_emission SET resultado = 'pendiente' WHERE resultado IS NULL`);
    await q.query(`ALTER TABLE dte_emission
      ALTER COLUMN resultado SET DEFAULT 'pendiente',
      ALTER COLUMN resultado SET NOT NULL,
      ADD CONSTRAINT dte_emission_resultado_ck CHECK (resultado IN ('aceptado', 'aceptado_con_reparos', 'rechazado', 'pendiente'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE dte_emission DROP CONSTRAINT dte_emission_resultado_ck,
      ALTER COLUMN resultado DROP NOT NULL, ALTER COLUMN resultado DROP DEFAULT`);
    await q.query(
      `UPDATE dte_emission SET resultado = NULL WHERE resultado = 'pendiente' OR (resultado = 'rechazado' AND estado <> 'EPR')`,
    );
    await q.query(`UPDATE dte_emission SET resultado = 'reparos' WHERE resultado = 'aceptado_con_reparos'`);
    await q.query('ALTER TABLE dte_emission ALTER COLUMN resultado TYPE varchar(12)');
  }
}
