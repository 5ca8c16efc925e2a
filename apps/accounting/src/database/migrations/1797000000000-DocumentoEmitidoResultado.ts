import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An emitted document's outcome at the SII as the gateway publishes it (RESULTADOS_SII in libs/dte), which
 * accounting follows instead of the SII's codes. Rows before it: the gateway's final states EPR (taken as
 * accepted, as they were) and the `rechazado` accounting wrote; the rest are still followed.
 */
export class DocumentoEmitidoResultado1797000000000 implements MigrationInterface {
  name = 'DocumentoEmitidoResultado1797000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documento_emitido ADD COLUMN resultado varchar(20) NOT NULL DEFAULT 'pendiente'
      CONSTRAINT documento_emitido_resultado_ck CHECK (resultado IN ('aceptado', 'aceptado_con_reparos', 'rechazado', 'pendiente'))`);
    await q.query(`UPDATE documento_emitido SET resultado = CASE estado WHEN 'EPR' THEN 'aceptado' ELSE 'rechazado' END
      WHERE estado IN ('EPR', 'rechazado')`);
    await q.query(`CREATE INDEX documento_emitido_pendiente_idx ON documento_emitido (created_at) WHERE resultado = 'pendiente'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE documento_emitido SET estado = 'rechazado' WHERE resultado = 'rechazado'`);
    await q.query('DROP INDEX documento_emitido_pendiente_idx');
    await q.query('ALTER TABLE documento_emitido DROP COLUMN resultado');
  }
}
