import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The accounting schema: empresas, chart of accounts, entries and lines, closed periods, received
 * facturas, idempotency keys and the audit trail. Money is CLP whole pesos in `bigint`.
 * The ledger guards live in {@link AccountingLedgerGuards1760000000001}.
 */
export class AccountingSchema1760000000000 implements MigrationInterface {
  name = 'AccountingSchema1760000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE empresa (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        rut varchar(10) NOT NULL CONSTRAINT empresa_rut_uq UNIQUE,
        razon_social varchar(200) NOT NULL,
        regimen varchar(32) NOT NULL,
        datos_contribuyente jsonb NOT NULL,
        ultimo_numero_asiento integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by varchar(64) NOT NULL
      )`);
    await q.query(`
      CREATE TABLE cuenta (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        empresa_id uuid NOT NULL REFERENCES empresa(id),
        codigo varchar(40) NOT NULL,
        nombre varchar(120) NOT NULL,
        tipo varchar(12) NOT NULL CHECK (tipo IN ('activo','pasivo','patrimonio','ingreso','gasto')),
        nivel smallint NOT NULL CHECK (nivel BETWEEN 1 AND 5),
        imputable boolean NOT NULL,
        parent_id uuid NULL,
        rol varchar(32) NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT cuenta_codigo_uq UNIQUE (empresa_id, codigo),
        CONSTRAINT cuenta_empresa_id_uq UNIQUE (empresa_id, id),
        CONSTRAINT cuenta_parent_fk FOREIGN KEY (empresa_id, parent_id) REFERENCES cuenta(empresa_id, id),
        CONSTRAINT cuenta_nivel_parent_ck CHECK ((nivel = 1) = (parent_id IS NULL)),
        CONSTRAINT cuenta_codigo_ck CHECK (codigo ~ '^[0-9]+(\\.[0-9]+){0,4}$')
      )`);
    await q.query(`CREATE UNIQUE INDEX cuenta_rol_uq ON cuenta (empresa_id, rol) WHERE rol IS NOT NULL`);
    await q.query(`
      CREATE TABLE asiento (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        empresa_id uuid NOT NULL REFERENCES empresa(id),
        numero integer NOT NULL,
        fecha date NOT NULL,
        glosa varchar(500) NOT NULL,
        origen varchar(16) NOT NULL CHECK (origen IN ('manual','dte','reversa','apertura','importacion')),
        reversa_de uuid NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by varchar(64) NOT NULL,
        CONSTRAINT asiento_numero_uq UNIQUE (empresa_id, numero),
        CONSTRAINT asiento_empresa_id_uq UNIQUE (empresa_id, id),
        CONSTRAINT asiento_reversa_fk FOREIGN KEY (empresa_id, reversa_de) REFERENCES asiento(empresa_id, id)
      )`);
    await q.query(`CREATE UNIQUE INDEX asiento_reversa_uq ON asiento (reversa_de) WHERE reversa_de IS NOT NULL`);
    await q.query(`CREATE INDEX asiento_empresa_fecha_idx ON asiento (empresa_id, fecha, numero)`);
    await q.query(`
      CREATE TABLE linea_asiento (
        id bigserial PRIMARY KEY,
        asiento_id uuid NOT NULL,
        empresa_id uuid NOT NULL,
        linea smallint NOT NULL,
        cuenta_id uuid NOT NULL,
        debe bigint NOT NULL DEFAULT 0,
        haber bigint NOT NULL DEFAULT 0,
        glosa varchar(500) NULL,
        CONSTRAINT linea_asiento_fk FOREIGN KEY (empresa_id, asiento_id) REFERENCES asiento(empresa_id, id),
        CONSTRAINT linea_cuenta_fk FOREIGN KEY (empresa_id, cuenta_id) REFERENCES cuenta(empresa_id, id),
        CONSTRAINT linea_numero_uq UNIQUE (asiento_id, linea),
        CONSTRAINT linea_un_lado_ck CHECK (debe >= 0 AND haber >= 0 AND (debe > 0) <> (haber > 0))
      )`);
    await q.query(`CREATE INDEX linea_cuenta_idx ON linea_asiento (empresa_id, cuenta_id)`);
    await q.query(`
      CREATE TABLE periodo_cerrado (
        empresa_id uuid NOT NULL REFERENCES empresa(id),
        periodo char(7) NOT NULL CHECK (periodo ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
        cerrado_en timestamptz NOT NULL DEFAULT now(),
        cerrado_por varchar(64) NOT NULL,
        PRIMARY KEY (empresa_id, periodo)
      )`);
    await q.query(`
      CREATE TABLE factura (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        empresa_id uuid NOT NULL REFERENCES empresa(id),
        rut_emisor varchar(10) NOT NULL,
        razon_social_emisor varchar(200) NOT NULL,
        tipo_dte smallint NOT NULL,
        folio bigint NOT NULL,
        fecha_emision date NOT NULL,
        neto bigint NOT NULL DEFAULT 0,
        exento bigint NOT NULL DEFAULT 0,
        iva bigint NOT NULL DEFAULT 0,
        total bigint NOT NULL DEFAULT 0,
        asiento_id uuid NULL,
        xml text NOT NULL,
        xml_sha256 char(64) NOT NULL,
        origen varchar(16) NOT NULL DEFAULT 'api',
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by varchar(64) NOT NULL,
        CONSTRAINT factura_natural_uq UNIQUE (empresa_id, rut_emisor, tipo_dte, folio),
        CONSTRAINT factura_asiento_fk FOREIGN KEY (empresa_id, asiento_id) REFERENCES asiento(empresa_id, id)
      )`);
    await q.query(`
      CREATE TABLE idempotencia (
        caller varchar(64) NOT NULL,
        clave varchar(255) NOT NULL,
        operacion varchar(64) NOT NULL,
        request_sha256 char(64) NOT NULL,
        status smallint NULL,
        respuesta jsonb NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (caller, clave)
      )`);
    await q.query(`
      CREATE TABLE auditoria (
        id bigserial PRIMARY KEY,
        empresa_id uuid NULL,
        caller varchar(64) NOT NULL,
        accion varchar(64) NOT NULL,
        entidad varchar(32) NOT NULL,
        entidad_id varchar(64) NULL,
        resultado varchar(64) NOT NULL DEFAULT 'ok',
        input_sha256 char(64) NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX auditoria_empresa_idx ON auditoria (empresa_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['auditoria', 'idempotencia', 'factura', 'periodo_cerrado', 'linea_asiento', 'asiento', 'cuenta', 'empresa']) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
  }
}
