import { MigrationInterface, QueryRunner } from 'typeorm';

const STAGES = `('internal', 'preview', 'beta', 'public')`;
const RESULT = `('passed', 'failed', 'not_applicable')`;

/**
 * History (append-only), checklist results and evidence, reviews, scheduled demotions, the
 * announcement outbox, contracts with credit holds and release transactions, reserved slots.
 */
export class CreateLifecycleTables1763700000002 implements MigrationInterface {
  name = 'CreateLifecycleTables1763700000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION registry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`
      CREATE TABLE service_transitions (
        id bigserial PRIMARY KEY,
        service_id uuid NOT NULL REFERENCES services(id),
        slug varchar(63) NOT NULL,
        from_stage varchar(32) CHECK (from_stage IN ${STAGES}),
        to_stage varchar(32) NOT NULL CHECK (to_stage IN ${STAGES}),
        kind varchar(32) NOT NULL CHECK (kind IN ('created', 'promotion', 'demotion', 'forced_demotion', 'sunset', 'audit_demotion', 'operator_demotion')),
        actor varchar(200) NOT NULL,
        caller varchar(64),
        reason text,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_service_transitions_service ON service_transitions (service_id, at)`);
    await q.query(`
      CREATE TABLE checklist_results (
        id bigserial PRIMARY KEY,
        service_id uuid NOT NULL REFERENCES services(id),
        item_id varchar(64) NOT NULL,
        gate varchar(32) NOT NULL,
        status varchar(16) NOT NULL CHECK (status IN ${RESULT}),
        detail text NOT NULL,
        source varchar(32) NOT NULL,
        checked_at timestamptz NOT NULL,
        checked_by varchar(200) NOT NULL,
        CONSTRAINT uq_checklist_results_service_item UNIQUE (service_id, item_id)
      )`);
    await q.query(`
      CREATE TABLE checklist_evidence (
        id bigserial PRIMARY KEY,
        service_id uuid NOT NULL REFERENCES services(id),
        item_id varchar(64) NOT NULL,
        source varchar(32) NOT NULL CHECK (source IN ('checklist-cli', 'attestation')),
        status varchar(16) NOT NULL CHECK (status IN ${RESULT}),
        detail text NOT NULL,
        link varchar(1000),
        target varchar(32),
        generated_at timestamptz NOT NULL,
        submitted_by varchar(200) NOT NULL,
        caller varchar(64),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_checklist_evidence_item ON checklist_evidence (service_id, item_id, id DESC)`);
    await q.query(`
      CREATE TABLE service_reviews (
        id bigserial PRIMARY KEY,
        service_id uuid NOT NULL REFERENCES services(id),
        target varchar(32) NOT NULL CHECK (target IN ('beta', 'public')),
        decision varchar(16) NOT NULL CHECK (decision IN ('approved', 'rejected')),
        comment text,
        reviewer varchar(200) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_service_reviews_service ON service_reviews (service_id, target, id DESC)`);
    await q.query(`
      CREATE TABLE scheduled_demotions (
        id bigserial PRIMARY KEY,
        service_id uuid NOT NULL REFERENCES services(id),
        slug varchar(63) NOT NULL,
        from_stage varchar(32) NOT NULL CHECK (from_stage IN ${STAGES}),
        to_stage varchar(32) NOT NULL CHECK (to_stage IN ${STAGES}),
        reason text NOT NULL,
        requested_by varchar(200) NOT NULL,
        announced_at timestamptz NOT NULL,
        effective_at timestamptz NOT NULL,
        state varchar(16) NOT NULL DEFAULT 'scheduled' CHECK (state IN ('scheduled', 'applied', 'cancelled')),
        settled_at timestamptz,
        settled_note text
      )`);
    await q.query(`CREATE UNIQUE INDEX uq_scheduled_demotions_pending ON scheduled_demotions (service_id) WHERE state = 'scheduled'`);
    await q.query(`CREATE INDEX ix_scheduled_demotions_due ON scheduled_demotions (effective_at) WHERE state = 'scheduled'`);
    await q.query(`
      CREATE TABLE announcements (
        id bigserial PRIMARY KEY,
        kind varchar(32) NOT NULL,
        dedupe_key varchar(100) UNIQUE,
        slug varchar(63),
        text text NOT NULL,
        payload jsonb NOT NULL DEFAULT '{}'::jsonb,
        state varchar(16) NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_announcements_pending ON announcements (next_attempt_at) WHERE state = 'pending'`);
    await this.createContracts(q);
    await q.query(`
      CREATE TABLE reserved_slots (
        slug varchar(63) PRIMARY KEY CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
        port integer NOT NULL UNIQUE CHECK (port BETWEEN 8200 AND 8299),
        canonical_path varchar(200) NOT NULL,
        brand_tokens jsonb NOT NULL DEFAULT '{}'::jsonb,
        reserved_by varchar(200) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    for (const table of ['service_transitions', 'checklist_evidence', 'credit_transactions']) {
      await q.query(`
        CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION registry_append_only()`);
    }
  }

  private async createContracts(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE contracts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        service_id uuid NOT NULL REFERENCES services(id),
        customer varchar(200) NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        deactivated_at timestamptz,
        deactivation_reason text
      )`);
    await q.query(`CREATE INDEX ix_contracts_service ON contracts (service_id) WHERE is_active`);
    await q.query(`
      CREATE TABLE credit_holds (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        contract_id uuid NOT NULL REFERENCES contracts(id),
        amount bigint NOT NULL CHECK (amount > 0),
        state varchar(16) NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'released')),
        reference varchar(200),
        created_at timestamptz NOT NULL DEFAULT now(),
        released_at timestamptz
      )`);
    await q.query(`CREATE INDEX ix_credit_holds_contract ON credit_holds (contract_id) WHERE state = 'held'`);
    await q.query(`
      CREATE TABLE credit_transactions (
        id bigserial PRIMARY KEY,
        hold_id uuid NOT NULL REFERENCES credit_holds(id),
        contract_id uuid NOT NULL REFERENCES contracts(id),
        kind varchar(16) NOT NULL CHECK (kind IN ('hold', 'release')),
        amount bigint NOT NULL CHECK (amount > 0),
        reason text,
        actor varchar(200) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX uq_credit_transactions_release ON credit_transactions (hold_id) WHERE kind = 'release'`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'reserved_slots',
      'credit_transactions',
      'credit_holds',
      'contracts',
      'announcements',
      'scheduled_demotions',
      'service_reviews',
      'checklist_evidence',
      'checklist_results',
      'service_transitions',
    ]) {
      await q.query(`DROP TABLE ${table}`);
    }
    await q.query(`DROP FUNCTION registry_append_only()`);
  }
}
