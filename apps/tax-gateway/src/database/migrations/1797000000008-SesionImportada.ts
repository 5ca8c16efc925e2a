import { MigrationInterface, QueryRunner } from 'typeorm';

/** Imported portal sessions (spec 1 "Imported session"; docs/tax-gateway.md "Imported sessions"). */
export class SesionImportada1797000000008 implements MigrationInterface {
  name = 'SesionImportada1797000000008';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sesion_importada (
        representado_rut varchar(10) PRIMARY KEY,
        cookies jsonb NOT NULL,
        imported_at timestamptz NOT NULL,
        expires_at timestamptz,
        last_used_at timestamptz,
        last_use_accepted boolean,
        imported_by varchar(40) NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE sesion_importada');
  }
}
