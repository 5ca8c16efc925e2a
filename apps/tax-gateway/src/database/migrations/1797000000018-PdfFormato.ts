import { MigrationInterface, QueryRunner } from 'typeorm';

/** Printed DTEs in two forms (carta, termica); the PDFs stored before are LETTER pages. */
export class PdfFormato1797000000018 implements MigrationInterface {
  name = 'PdfFormato1797000000018';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE dte_pdf ADD COLUMN formato text NOT NULL DEFAULT 'carta' CHECK (formato IN ('carta', 'termica'))`);
    // The default only fills the existing rows: every new row names its form.
    await q.query('ALTER TABLE dte_pdf ALTER COLUMN formato DROP DEFAULT');
    await q.query('ALTER TABLE dte_pdf DROP CONSTRAINT dte_pdf_pkey');
    await q.query('ALTER TABLE dte_pdf ADD PRIMARY KEY (emision_id, cedible, formato)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM dte_pdf WHERE formato <> 'carta'`);
    await q.query('ALTER TABLE dte_pdf DROP CONSTRAINT dte_pdf_pkey');
    await q.query('ALTER TABLE dte_pdf DROP COLUMN formato');
    await q.query('ALTER TABLE dte_pdf ADD PRIMARY KEY (emision_id, cedible)');
  }
}
