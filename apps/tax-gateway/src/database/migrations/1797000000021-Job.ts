import { MigrationInterface, QueryRunner } from 'typeorm';

/** Long work in the background (docs/tax-gateway.md "Jobs"); pg-boss keeps its own schema `pgboss`, created on start. */
export class Job1797000000021 implements MigrationInterface {
  name = 'Job1797000000021';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE job (
        id uuid PRIMARY KEY,
        tipo varchar(40) NOT NULL,
        tenant varchar(10) NOT NULL,
        estado varchar(10) NOT NULL CONSTRAINT job_estado_ck CHECK (estado IN ('queued', 'running', 'done', 'failed')),
        datos jsonb NOT NULL,
        total int,
        items jsonb NOT NULL DEFAULT '[]',
        resultado jsonb,
        error jsonb,
        caller varchar(64),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz
      )`);
    await q.query('CREATE INDEX job_tenant_created_idx ON job (tenant, created_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE job');
  }
}
