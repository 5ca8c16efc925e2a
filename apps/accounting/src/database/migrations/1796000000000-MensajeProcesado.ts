import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `mensaje_procesado`, unique on the SHA-256 of the Message-ID (docs/research/registry-ledger-accounting.md §0.3),
 * since a Message-ID may be up to 998 characters, too long for a plain btree key.
 */
export class MensajeProcesado1796000000000 implements MigrationInterface {
  name = 'MensajeProcesado1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mensaje_procesado (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        message_id text NOT NULL CHECK (length(message_id) BETWEEN 1 AND 998),
        message_id_sha256 char(64) NOT NULL CONSTRAINT mensaje_procesado_message_uq UNIQUE,
        received_at timestamptz NOT NULL,
        empresa_id uuid NULL REFERENCES empresa(id),
        adjuntos smallint NOT NULL,
        documentos integer NOT NULL DEFAULT 0,
        facturas_nuevas integer NOT NULL DEFAULT 0,
        resultado jsonb NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        processed_by varchar(64) NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS mensaje_procesado');
  }
}
