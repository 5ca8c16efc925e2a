import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `documento_emitido`: the DTEs the gateway emitted for an empresa, with their entries. `emision_solicitud`:
 * an emission's Idempotency-Key, COMMITTED as `pendiente` before the gateway is called.
 */
export class DocumentoEmitido1796000000001 implements MigrationInterface {
  name = 'DocumentoEmitido1796000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE documento_emitido (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        empresa_id uuid NOT NULL REFERENCES empresa(id),
        tipo_dte smallint NOT NULL CHECK (tipo_dte IN (33, 34, 56, 61)),
        folio bigint NOT NULL CHECK (folio > 0),
        fecha_emision date NOT NULL,
        rut_receptor varchar(10) NOT NULL,
        razon_social_receptor varchar(200) NOT NULL,
        neto bigint NOT NULL DEFAULT 0 CHECK (neto >= 0),
        exento bigint NOT NULL DEFAULT 0 CHECK (exento >= 0),
        iva bigint NOT NULL DEFAULT 0 CHECK (iva >= 0),
        total bigint NOT NULL DEFAULT 0 CHECK (total >= 0),
        emision_id uuid NOT NULL CONSTRAINT documento_emitido_emision_uq UNIQUE,
        trackid varchar(32) NULL,
        estado varchar(32) NOT NULL,
        referencias jsonb NOT NULL DEFAULT '[]',
        asiento_id uuid NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by varchar(64) NOT NULL,
        CONSTRAINT documento_emitido_folio_uq UNIQUE (empresa_id, tipo_dte, folio),
        CONSTRAINT documento_emitido_asiento_fk FOREIGN KEY (empresa_id, asiento_id) REFERENCES asiento(empresa_id, id)
      )`);
    await q.query('CREATE INDEX documento_emitido_fecha_idx ON documento_emitido (empresa_id, fecha_emision)');
    await q.query('CREATE INDEX factura_fecha_idx ON factura (empresa_id, fecha_emision)');
    await q.query(`
      CREATE TABLE emision_solicitud (
        caller varchar(64) NOT NULL,
        clave varchar(255) NOT NULL,
        request_sha256 char(64) NOT NULL,
        empresa_id uuid NOT NULL REFERENCES empresa(id),
        estado varchar(16) NOT NULL CHECK (estado IN ('pendiente', 'completada')),
        status smallint NULL,
        respuesta jsonb NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (caller, clave)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS emision_solicitud');
    await q.query('DROP INDEX IF EXISTS factura_fecha_idx');
    await q.query('DROP TABLE IF EXISTS documento_emitido');
  }
}
