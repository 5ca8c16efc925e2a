import { MigrationInterface, QueryRunner } from 'typeorm';

/** The export documents 110, 111 and 112 are sales the gateway issues too (libs/dte TIPOS_DTE_VENTA), booked in pesos. */
export class DocumentoEmitidoExportacion1798000000000 implements MigrationInterface {
  name = 'DocumentoEmitidoExportacion1798000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documento_emitido DROP CONSTRAINT documento_emitido_tipo_dte_check`);
    await q.query(`ALTER TABLE documento_emitido ADD CONSTRAINT documento_emitido_tipo_dte_check
      CHECK (tipo_dte IN (33, 34, 56, 61, 110, 111, 112))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documento_emitido DROP CONSTRAINT documento_emitido_tipo_dte_check`);
    await q.query(`ALTER TABLE documento_emitido ADD CONSTRAINT documento_emitido_tipo_dte_check CHECK (tipo_dte IN (33, 34, 56, 61))`);
  }
}
