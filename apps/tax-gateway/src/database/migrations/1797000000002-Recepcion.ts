import { MigrationInterface, QueryRunner } from 'typeorm';

/** Reception (docs/tax-gateway.md "Reception"); sequences give CodEnvio and IdRespuesta, needed before the answer is signed. */
export class Recepcion1797000000002 implements MigrationInterface {
  name = 'Recepcion1797000000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE recepcion_envio (
        id uuid PRIMARY KEY,
        numero bigserial NOT NULL UNIQUE,
        tenant varchar(10) NOT NULL,
        nombre_archivo varchar(200) NOT NULL,
        xml bytea NOT NULL,
        xml_sha256 char(64) NOT NULL,
        set_id varchar(80) NOT NULL,
        rut_emisor varchar(10) NOT NULL,
        estado_envio smallint NOT NULL,
        glosa text NOT NULL,
        verificaciones jsonb NOT NULL,
        caller varchar(40),
        received_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (tenant, xml_sha256)
      )`);
    await q.query(`
      CREATE TABLE recepcion (
        id uuid PRIMARY KEY,
        envio_id uuid NOT NULL REFERENCES recepcion_envio (id),
        tenant varchar(10) NOT NULL,
        rut_emisor varchar(10) NOT NULL,
        razon_social_emisor varchar(100) NOT NULL,
        correo_emisor varchar(80),
        tipo_dte smallint NOT NULL,
        folio bigint NOT NULL,
        fecha_emision date NOT NULL,
        rut_receptor varchar(10) NOT NULL,
        neto bigint NOT NULL,
        exento bigint NOT NULL,
        iva bigint NOT NULL,
        total bigint NOT NULL,
        estado varchar(12) NOT NULL,
        estado_recepcion smallint NOT NULL,
        glosa text NOT NULL,
        verificaciones jsonb NOT NULL,
        estado_comercial varchar(24),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (tenant, rut_emisor, tipo_dte, folio)
      )`);
    await q.query('CREATE INDEX recepcion_tenant_created ON recepcion (tenant, created_at DESC, id DESC)');
    await q.query(`
      CREATE TABLE recepcion_respuesta (
        id uuid PRIMARY KEY,
        numero bigserial NOT NULL UNIQUE,
        tenant varchar(10) NOT NULL,
        envio_id uuid REFERENCES recepcion_envio (id),
        recepcion_id uuid REFERENCES recepcion (id),
        tipo varchar(16) NOT NULL,
        xml bytea NOT NULL,
        xml_sha256 char(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX recepcion_respuesta_recepcion ON recepcion_respuesta (recepcion_id)');
    await q.query('CREATE INDEX recepcion_respuesta_envio ON recepcion_respuesta (envio_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE recepcion_respuesta');
    await q.query('DROP TABLE recepcion');
    await q.query('DROP TABLE recepcion_envio');
  }
}
