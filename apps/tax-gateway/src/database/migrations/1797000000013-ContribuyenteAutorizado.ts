import { MigrationInterface, QueryRunner } from 'typeorm';

/** The SII's list of DTE-authorized taxpayers per environment and its last download (docs/tax-gateway.md "Taxpayer data"). */
export class ContribuyenteAutorizado1797000000013 implements MigrationInterface {
  name = 'ContribuyenteAutorizado1797000000013';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE contribuyente_autorizado (
        ambiente varchar(4) NOT NULL,
        rut varchar(10) NOT NULL,
        razon_social text NOT NULL,
        numero_resolucion integer NOT NULL,
        fecha_resolucion date,
        correo_intercambio text,
        url text,
        PRIMARY KEY (ambiente, rut)
      )`);
    await q.query(`
      CREATE TABLE contribuyentes_descarga (
        ambiente varchar(4) PRIMARY KEY,
        descargado_en timestamptz NOT NULL,
        filas integer NOT NULL,
        sha256 char(64) NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE contribuyentes_descarga');
    await q.query('DROP TABLE contribuyente_autorizado');
  }
}
