import { MigrationInterface, QueryRunner } from 'typeorm';

/** IECV books (docs/tax-gateway.md "Books"): every generated version, its bytes and its SII estado. */
export class Libro1797000000003 implements MigrationInterface {
  name = 'Libro1797000000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE libro (
        id uuid PRIMARY KEY,
        tenant varchar(10) NOT NULL,
        tipo varchar(6) NOT NULL,
        periodo char(7) NOT NULL,
        version int NOT NULL,
        tipo_libro varchar(10) NOT NULL,
        tipo_envio varchar(8) NOT NULL,
        codigo_autorizacion varchar(10),
        estado varchar(16) NOT NULL,
        glosa text,
        trackid varchar(20),
        totales jsonb NOT NULL,
        documentos int NOT NULL,
        xml bytea NOT NULL,
        xml_sha256 char(64) NOT NULL,
        historial jsonb NOT NULL,
        caller varchar(40),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (tenant, tipo, periodo, version)
      )`);
    await q.query('CREATE INDEX libro_tenant_created ON libro (tenant, created_at DESC, id DESC)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE libro');
  }
}
