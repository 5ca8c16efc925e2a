import { MigrationInterface, QueryRunner } from 'typeorm';

/** Cached bank movements (docs/tax-gateway.md "Bank movements"). */
export class Banco1797000000010 implements MigrationInterface {
  name = 'Banco1797000000010';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE banco_movimiento (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        tenant varchar(10) NOT NULL,
        provider varchar(32) NOT NULL,
        provider_id varchar(128) NOT NULL,
        account_id varchar(128) NOT NULL,
        amount bigint NOT NULL,
        currency varchar(3) NOT NULL,
        post_date date NOT NULL,
        description text NOT NULL,
        type varchar(32) NOT NULL,
        reference_id varchar(128),
        counterpart_rut varchar(10),
        counterpart_name text,
        counterpart_institution text,
        raw jsonb NOT NULL,
        first_seen_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT banco_movimiento_provider_id UNIQUE (tenant, provider, provider_id)
      )`);
    await q.query('CREATE INDEX banco_movimiento_tenant_fecha ON banco_movimiento (tenant, post_date DESC, first_seen_at DESC, id)');
    await q.query(`
      CREATE TABLE banco_refresh (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        tenant varchar(10) NOT NULL,
        provider varchar(32) NOT NULL,
        refreshed_at timestamptz NOT NULL,
        desde date NOT NULL,
        hasta date NOT NULL,
        cuentas integer,
        nuevos integer NOT NULL,
        conocidos integer NOT NULL,
        outcome varchar(32) NOT NULL,
        error text
      )`);
    await q.query('CREATE INDEX banco_refresh_tenant_at ON banco_refresh (tenant, refreshed_at DESC, id DESC)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE banco_refresh');
    await q.query('DROP TABLE banco_movimiento');
  }
}
