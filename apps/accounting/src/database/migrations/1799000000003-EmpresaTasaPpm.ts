import { MigrationInterface, QueryRunner } from 'typeorm';

/** The empresa's PPM rate, in percent (docs/accounting.md "F29 from the books"): set by the accountant, none until then. */
export class EmpresaTasaPpm1799000000003 implements MigrationInterface {
  name = 'EmpresaTasaPpm1799000000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE empresa ADD COLUMN tasa_ppm numeric(6, 3) NULL CONSTRAINT empresa_tasa_ppm_check CHECK (tasa_ppm >= 0 AND tasa_ppm <= 100)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE empresa DROP COLUMN tasa_ppm`);
  }
}
