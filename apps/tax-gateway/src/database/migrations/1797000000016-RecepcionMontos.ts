import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a received DTE's Totales say beyond MntNeto, MntExe, IVA and MntTotal (additional taxes and retentions,
 * IVANoRet, CredEC, MntBase, Comisiones, MntBruto; SII Formato DTE v2.2 §B Totales): the purchases book's OtrosImp and
 * the accounting entries need them. Null for documents received before.
 */
export class RecepcionMontos1797000000016 implements MigrationInterface {
  name = 'RecepcionMontos1797000000016';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE recepcion ADD COLUMN montos_detalle jsonb');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE recepcion DROP COLUMN montos_detalle');
  }
}
