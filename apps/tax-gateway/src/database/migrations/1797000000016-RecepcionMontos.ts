import { MigrationInterface, QueryRunner } from 'typeorm';

/** Totales beyond the four amounts (SII Formato DTE v2.2 §B Totales), for the purchases book's OtrosImp and the accounting entries. */
export class RecepcionMontos1797000000016 implements MigrationInterface {
  name = 'RecepcionMontos1797000000016';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE recepcion ADD COLUMN montos_detalle jsonb');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE recepcion DROP COLUMN montos_detalle');
  }
}
