import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ledger invariants enforced by PostgreSQL itself, whatever path writes: entries balance (a DEFERRED
 * constraint trigger, checked at commit when all lines are in), posted entries and the audit trail are
 * append-only, no entry in a closed period, postings only to leaf accounts. `common/db-errors.ts` maps them.
 */
export class AccountingLedgerGuards1760000000001 implements MigrationInterface {
  name = 'AccountingLedgerGuards1760000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION asiento_check_balance() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        target uuid;
        n integer;
        d numeric;
        h numeric;
      BEGIN
        IF TG_TABLE_NAME = 'asiento' THEN target := NEW.id;
        ELSIF TG_OP = 'DELETE' THEN target := OLD.asiento_id;
        ELSE target := NEW.asiento_id;
        END IF;
        SELECT count(*), coalesce(sum(debe), 0), coalesce(sum(haber), 0) INTO n, d, h
          FROM linea_asiento WHERE asiento_id = target;
        IF n < 2 OR d <> h THEN
          RAISE EXCEPTION 'asiento % does not balance: % lines, debe %, haber %', target, n, d, h
            USING ERRCODE = 'check_violation', CONSTRAINT = 'asiento_balanceado';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE CONSTRAINT TRIGGER linea_asiento_balance AFTER INSERT OR UPDATE OR DELETE ON linea_asiento
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION asiento_check_balance()`);
    await q.query(`
      CREATE CONSTRAINT TRIGGER asiento_balance AFTER INSERT ON asiento
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION asiento_check_balance()`);

    await q.query(`
      CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '% is append-only: % refused (post a reversal instead)', TG_TABLE_NAME, TG_OP
          USING ERRCODE = 'restrict_violation', CONSTRAINT = 'asiento_inmutable';
      END $$`);
    for (const table of ['asiento', 'linea_asiento', 'auditoria']) {
      await q.query(`CREATE TRIGGER ${table}_inmutable BEFORE UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION ledger_append_only()`);
      await q.query(`CREATE TRIGGER ${table}_no_truncate BEFORE TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only()`);
    }

    await q.query(`
      CREATE FUNCTION asiento_check_periodo() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM periodo_cerrado
                    WHERE empresa_id = NEW.empresa_id AND periodo = to_char(NEW.fecha, 'YYYY-MM')) THEN
          RAISE EXCEPTION 'period % is closed', to_char(NEW.fecha, 'YYYY-MM')
            USING ERRCODE = 'check_violation', CONSTRAINT = 'asiento_periodo_abierto';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER asiento_periodo BEFORE INSERT ON asiento
      FOR EACH ROW EXECUTE FUNCTION asiento_check_periodo()`);

    await q.query(`
      CREATE FUNCTION linea_check_imputable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM cuenta WHERE id = NEW.cuenta_id AND imputable) THEN
          RAISE EXCEPTION 'account % does not take postings', NEW.cuenta_id
            USING ERRCODE = 'check_violation', CONSTRAINT = 'linea_cuenta_imputable';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER linea_imputable BEFORE INSERT ON linea_asiento
      FOR EACH ROW EXECUTE FUNCTION linea_check_imputable()`);
    await q.query(`
      CREATE FUNCTION cuenta_check_hoja() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.imputable AND NOT NEW.imputable
           AND EXISTS (SELECT 1 FROM linea_asiento WHERE cuenta_id = NEW.id) THEN
          RAISE EXCEPTION 'account % has postings and must stay a leaf', NEW.codigo
            USING ERRCODE = 'check_violation', CONSTRAINT = 'linea_cuenta_imputable';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER cuenta_hoja BEFORE UPDATE ON cuenta
      FOR EACH ROW EXECUTE FUNCTION cuenta_check_hoja()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS cuenta_hoja ON cuenta`);
    await q.query(`DROP TRIGGER IF EXISTS linea_imputable ON linea_asiento`);
    await q.query(`DROP TRIGGER IF EXISTS asiento_periodo ON asiento`);
    for (const table of ['asiento', 'linea_asiento', 'auditoria']) {
      await q.query(`DROP TRIGGER IF EXISTS ${table}_inmutable ON ${table}`);
      await q.query(`DROP TRIGGER IF EXISTS ${table}_no_truncate ON ${table}`);
    }
    await q.query(`DROP TRIGGER IF EXISTS asiento_balance ON asiento`);
    await q.query(`DROP TRIGGER IF EXISTS linea_asiento_balance ON linea_asiento`);
    for (const fn of [
      'cuenta_check_hoja',
      'linea_check_imputable',
      'asiento_check_periodo',
      'ledger_append_only',
      'asiento_check_balance',
    ]) {
      await q.query(`DROP FUNCTION IF EXISTS ${fn}()`);
    }
  }
}
