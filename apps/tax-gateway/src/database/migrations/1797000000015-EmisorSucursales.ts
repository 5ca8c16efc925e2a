import { MigrationInterface, QueryRunner } from 'typeorm';

/** A DTE issued from a branch carries the branch's address (SII Formato DTE v2.2 §A Emisor: CdgSIISucur, DirOrigen, CmnaOrigen). */
export class EmisorSucursales1797000000015 implements MigrationInterface {
  name = 'EmisorSucursales1797000000015';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE emisor ADD COLUMN sucursales jsonb NOT NULL DEFAULT '[]'::jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE emisor DROP COLUMN sucursales');
  }
}
