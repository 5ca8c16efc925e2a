import { MigrationInterface, QueryRunner } from 'typeorm';

/** The AECs the tenants assign or receive (docs/tax-gateway.md "Cesión"), with their history in the pipeline's shape. */
export class Cesion1797000000025 implements MigrationInterface {
  name = 'Cesion1797000000025';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE dte_cesion (
        id uuid PRIMARY KEY,
        tenant varchar(10) NOT NULL,
        rol varchar(10) NOT NULL CONSTRAINT dte_cesion_rol_ck CHECK (rol IN ('cedente', 'cesionario')),
        rut_emisor varchar(10) NOT NULL,
        tipo_dte smallint NOT NULL CONSTRAINT dte_cesion_tipo_ck CHECK (tipo_dte IN (33, 34, 43, 46)),
        folio bigint NOT NULL,
        seq smallint NOT NULL CONSTRAINT dte_cesion_seq_ck CHECK (seq BETWEEN 1 AND 40),
        rut_cedente varchar(10) NOT NULL,
        rut_cesionario varchar(10) NOT NULL,
        razon_social_cesionario varchar(100) NOT NULL,
        monto bigint NOT NULL CONSTRAINT dte_cesion_monto_ck CHECK (monto > 0),
        ultimo_vencimiento date NOT NULL,
        estado varchar(24) NOT NULL,
        glosa text,
        resultado varchar(20) NOT NULL DEFAULT 'pendiente'
          CONSTRAINT dte_cesion_resultado_ck CHECK (resultado IN ('aceptado', 'aceptado_con_reparos', 'rechazado', 'pendiente')),
        trackid varchar(20),
        xml bytea NOT NULL,
        xml_sha256 char(64) NOT NULL,
        error jsonb,
        caller varchar(64),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX dte_cesion_documento_idx ON dte_cesion (tenant, tipo_dte, folio)');
    // One live cesión per document and sequence of a tenant: a second while the first is not refused is a conflict.
    await q.query(`CREATE UNIQUE INDEX dte_cesion_vigente_uq ON dte_cesion (tenant, rol, rut_emisor, tipo_dte, folio, seq)
      WHERE resultado <> 'rechazado'`);
    await q.query(`
      CREATE TABLE dte_cesion_estado (
        id bigserial PRIMARY KEY,
        cesion_id uuid NOT NULL REFERENCES dte_cesion (id) ON DELETE CASCADE,
        estado varchar(24) NOT NULL,
        glosa text,
        detail jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX dte_cesion_estado_cesion_idx ON dte_cesion_estado (cesion_id, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE dte_cesion_estado');
    await q.query('DROP TABLE dte_cesion');
  }
}
