import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issuer data per tenant (emisores area): the Caratula resolution is each company's own. */
export class Emisor1797000000000 implements MigrationInterface {
  name = 'Emisor1797000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE emisor (
        tenant varchar(10) PRIMARY KEY,
        fecha_resolucion date NOT NULL,
        numero_resolucion integer NOT NULL,
        actecos integer[] NOT NULL DEFAULT '{}',
        codigo_sucursal integer,
        correo_intercambio varchar(80),
        logo bytea,
        oficina_sii varchar(40),
        updated_by varchar(64),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT emisor_numero_resolucion_ck CHECK (numero_resolucion >= 0),
        CONSTRAINT emisor_actecos_ck CHECK (cardinality(actecos) <= 4)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE emisor');
  }
}
