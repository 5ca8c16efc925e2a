import { MigrationInterface, QueryRunner } from 'typeorm';

/** The own document a note references, when exactly one: the notes on a document add up against its total. */
export class EmisionReferencia1797000000017 implements MigrationInterface {
  name = 'EmisionReferencia1797000000017';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE dte_emission ADD COLUMN ref_tipo_dte smallint, ADD COLUMN ref_folio bigint');
    await q.query(
      'CREATE INDEX dte_emission_referencia_idx ON dte_emission (tenant, ref_tipo_dte, ref_folio) WHERE ref_tipo_dte IS NOT NULL',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX dte_emission_referencia_idx');
    await q.query('ALTER TABLE dte_emission DROP COLUMN ref_tipo_dte, DROP COLUMN ref_folio');
  }
}
