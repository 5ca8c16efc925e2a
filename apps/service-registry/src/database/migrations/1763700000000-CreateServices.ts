import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The service table as it stood before the marketplace lifecycle: stage information lived only in
 * `metadata.visibility`. The next migration adds `marketplace_status` and backfills it.
 */
export class CreateServices1763700000000 implements MigrationInterface {
  name = 'CreateServices1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE services (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug varchar(63) NOT NULL,
        name varchar(120) NOT NULL,
        tagline varchar(200),
        description text,
        features jsonb NOT NULL DEFAULT '[]'::jsonb,
        is_active boolean NOT NULL DEFAULT true,
        status varchar(32) NOT NULL DEFAULT 'active',
        maintainer varchar(200),
        repository_url varchar(500),
        health_url varchar(500),
        port integer,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_services_slug UNIQUE (slug),
        CONSTRAINT ck_services_slug CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
      )`);
    await q.query(`CREATE UNIQUE INDEX uq_services_port ON services (port) WHERE port IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE services`);
  }
}
