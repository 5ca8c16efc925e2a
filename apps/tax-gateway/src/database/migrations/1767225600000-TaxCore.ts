import { MigrationInterface, QueryRunner } from 'typeorm';

/** Money is whole CLP in bigint; SII dates are `date`; instants are timestamptz (docs/DESIGN.md §3). */
export class TaxCore1767225600000 implements MigrationInterface {
  name = 'TaxCore1767225600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE caf (
        id uuid PRIMARY KEY,
        tenant varchar(10) NOT NULL,
        tipo_dte smallint NOT NULL,
        desde bigint NOT NULL,
        hasta bigint NOT NULL,
        fecha_autorizacion date NOT NULL,
        ultimo_dia_valido date,
        idk integer NOT NULL,
        razon_social varchar(100) NOT NULL,
        rsapk_m text NOT NULL,
        rsapk_e text NOT NULL,
        caf_xml bytea NOT NULL,
        signer_caf_id varchar(200) NOT NULL,
        file_sha256 char(64) NOT NULL,
        uploaded_by varchar(64),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT caf_range_ck CHECK (desde >= 1 AND hasta >= desde)
      )`);
    await q.query('CREATE INDEX caf_tenant_tipo_idx ON caf (tenant, tipo_dte)');
    await q.query(`
      CREATE TABLE caf_folio_counter (
        caf_id uuid PRIMARY KEY REFERENCES caf (id),
        tenant varchar(10) NOT NULL,
        tipo_dte smallint NOT NULL,
        hasta bigint NOT NULL,
        next_folio bigint NOT NULL,
        ultimo_dia_valido date,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT caf_folio_counter_ck CHECK (next_folio >= 1 AND next_folio <= hasta + 1)
      )`);
    await q.query('CREATE INDEX caf_folio_counter_lookup_idx ON caf_folio_counter (tenant, tipo_dte, next_folio)');
    await q.query(`
      CREATE TABLE dte_emission (
        id uuid PRIMARY KEY,
        tenant varchar(10) NOT NULL,
        tipo_dte smallint NOT NULL,
        folio bigint NOT NULL,
        caf_id uuid NOT NULL REFERENCES caf (id),
        fecha_emision date NOT NULL,
        receptor_rut varchar(10) NOT NULL,
        receptor_razon_social varchar(100) NOT NULL,
        neto bigint NOT NULL,
        exento bigint NOT NULL,
        iva bigint NOT NULL,
        total bigint NOT NULL,
        tasa_iva smallint NOT NULL,
        estado varchar(24) NOT NULL,
        glosa text,
        trackid varchar(20),
        rut_envia varchar(10) NOT NULL,
        xml bytea NOT NULL,
        xml_sha256 char(64) NOT NULL,
        documentos jsonb,
        error jsonb,
        caller varchar(64),
        uploaded_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT dte_emission_montos_ck CHECK (neto >= 0 AND exento >= 0 AND iva >= 0 AND total = neto + exento + iva)
      )`);
    // A folio is used once per (issuer, type), whatever happens to the upload (SII rule).
    await q.query('CREATE UNIQUE INDEX dte_emission_folio_uq ON dte_emission (tenant, tipo_dte, folio)');
    await q.query('CREATE INDEX dte_emission_trackid_idx ON dte_emission (tenant, trackid)');
    await q.query(`
      CREATE TABLE dte_emission_status (
        id bigserial PRIMARY KEY,
        emission_id uuid NOT NULL REFERENCES dte_emission (id) ON DELETE CASCADE,
        estado varchar(24) NOT NULL,
        glosa text,
        detail jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX dte_emission_status_emission_idx ON dte_emission_status (emission_id, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE dte_emission_status');
    await q.query('DROP TABLE dte_emission');
    await q.query('DROP TABLE caf_folio_counter');
    await q.query('DROP TABLE caf');
  }
}
