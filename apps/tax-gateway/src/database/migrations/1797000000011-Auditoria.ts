import { MigrationInterface, QueryRunner } from 'typeorm';

/** Audit receipts of critical operations (spec 1 §9; docs/tax-gateway.md "Audit receipts"). */
export class Auditoria1797000000011 implements MigrationInterface {
  name = 'Auditoria1797000000011';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE auditoria (
        id uuid PRIMARY KEY,
        tenant varchar(10),
        operacion varchar(32) NOT NULL,
        actor varchar(40) NOT NULL,
        at timestamptz NOT NULL,
        recurso varchar(64),
        sha256 char(64) NOT NULL,
        canonical text NOT NULL,
        estado varchar(10) NOT NULL,
        cms bytea,
        intentos int NOT NULL DEFAULT 0,
        error text,
        firmado_at timestamptz,
        CONSTRAINT auditoria_estado_ck CHECK (estado IN ('firmado', 'pendiente')),
        CONSTRAINT auditoria_firma_ck CHECK ((estado = 'firmado') = (cms IS NOT NULL))
      )`);
    await q.query('CREATE INDEX auditoria_tenant_at_idx ON auditoria (tenant, at DESC)');
    // The retry loop reads the pending ones.
    await q.query(`CREATE INDEX auditoria_pendiente_idx ON auditoria (at) WHERE estado = 'pendiente'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE auditoria');
  }
}
