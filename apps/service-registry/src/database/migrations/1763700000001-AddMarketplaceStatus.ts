import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The service record (docs/service-registry.md "Decisions", "Backfill"): `marketplace_status` (varchar 32, the four stages, default internal),
 * backfilled from `metadata.visibility` when that is one of the four stages, else internal;
 * `pricing_tier` and the lifecycle columns; a trigger keeping `metadata.visibility` equal to
 * `marketplace_status` on every write. Rows already public are grandfathered (they predate the
 * 2026-05-01 cutoff rules of the registry).
 */
export class AddMarketplaceStatus1763700000001 implements MigrationInterface {
  name = 'AddMarketplaceStatus1763700000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE services ADD COLUMN marketplace_status varchar(32)`);
    await q.query(`
      UPDATE services SET marketplace_status = CASE
        WHEN jsonb_typeof(metadata) = 'object' AND metadata->>'visibility' IN ('internal', 'preview', 'beta', 'public')
          THEN metadata->>'visibility'
        ELSE 'internal' END`);
    await q.query(`
      ALTER TABLE services
        ALTER COLUMN marketplace_status SET DEFAULT 'internal',
        ALTER COLUMN marketplace_status SET NOT NULL,
        ADD CONSTRAINT ck_services_marketplace_status CHECK (marketplace_status IN ('internal', 'preview', 'beta', 'public')),
        ADD COLUMN pricing_tier varchar(32),
        ADD CONSTRAINT ck_services_pricing_tier CHECK (pricing_tier IS NULL OR pricing_tier IN ('free', 'metered', 'flat', 'custom')),
        ADD COLUMN self_service boolean NOT NULL DEFAULT false,
        ADD COLUMN sunset_at timestamptz,
        ADD COLUMN stage_entered_at timestamptz,
        ADD COLUMN public_since timestamptz,
        ADD COLUMN grandfathered boolean NOT NULL DEFAULT false,
        ADD COLUMN audit_badge varchar(64),
        ADD COLUMN gone_until timestamptz,
        ADD COLUMN gone_transition_id bigint,
        ADD COLUMN version integer NOT NULL DEFAULT 1`);
    await q.query(`
      UPDATE services SET
        stage_entered_at = updated_at,
        grandfathered = (marketplace_status = 'public'),
        metadata = jsonb_set(CASE WHEN jsonb_typeof(metadata) = 'object' THEN metadata ELSE '{}'::jsonb END,
                             '{visibility}', to_jsonb(marketplace_status))`);
    await q.query(`ALTER TABLE services ALTER COLUMN stage_entered_at SET NOT NULL, ALTER COLUMN stage_entered_at SET DEFAULT now()`);
    await q.query(`
      CREATE FUNCTION services_align_visibility() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.metadata := jsonb_set(CASE WHEN jsonb_typeof(NEW.metadata) = 'object' THEN NEW.metadata ELSE '{}'::jsonb END,
                                  '{visibility}', to_jsonb(NEW.marketplace_status));
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER services_align_visibility BEFORE INSERT OR UPDATE ON services
      FOR EACH ROW EXECUTE FUNCTION services_align_visibility()`);
    await q.query(`CREATE INDEX ix_services_marketplace_status ON services (marketplace_status)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER services_align_visibility ON services`);
    await q.query(`DROP FUNCTION services_align_visibility()`);
    await q.query(`DROP INDEX ix_services_marketplace_status`);
    await q.query(`
      ALTER TABLE services
        DROP COLUMN marketplace_status, DROP COLUMN pricing_tier, DROP COLUMN self_service, DROP COLUMN sunset_at,
        DROP COLUMN stage_entered_at, DROP COLUMN public_since, DROP COLUMN grandfathered, DROP COLUMN audit_badge,
        DROP COLUMN gone_until, DROP COLUMN gone_transition_id, DROP COLUMN version`);
  }
}
