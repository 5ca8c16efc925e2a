import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bank movements matched with a sale collected or a purchase paid (docs/accounting.md "Bank reconciliation"): one row per movement,
 * with the cobranza or pago entry it posted; a document's open balance is its total less the movements matched with it.
 */
export class ConciliacionBancaria1799000000002 implements MigrationInterface {
  name = 'ConciliacionBancaria1799000000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE conciliacion_bancaria (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        empresa_id uuid NOT NULL REFERENCES empresa(id),
        movimiento_id varchar(128) NOT NULL,
        cuenta varchar(128) NOT NULL,
        fecha date NOT NULL,
        monto bigint NOT NULL CHECK (monto > 0),
        descripcion varchar(500) NOT NULL,
        documento_emitido_id uuid NULL REFERENCES documento_emitido(id),
        factura_id uuid NULL REFERENCES factura(id),
        razones jsonb NOT NULL DEFAULT '[]',
        asiento_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by varchar(64) NOT NULL,
        CONSTRAINT conciliacion_bancaria_movimiento_uq UNIQUE (empresa_id, movimiento_id),
        CONSTRAINT conciliacion_bancaria_documento_check CHECK ((documento_emitido_id IS NULL) <> (factura_id IS NULL)),
        CONSTRAINT conciliacion_bancaria_asiento_fk FOREIGN KEY (empresa_id, asiento_id) REFERENCES asiento(empresa_id, id)
      )`);
    await q.query(`CREATE INDEX conciliacion_bancaria_emitido_idx ON conciliacion_bancaria (documento_emitido_id)`);
    await q.query(`CREATE INDEX conciliacion_bancaria_factura_idx ON conciliacion_bancaria (factura_id)`);
    // The cobranza and pago entries name their origin.
    await q.query(`ALTER TABLE asiento DROP CONSTRAINT asiento_origen_check`);
    await q.query(`ALTER TABLE asiento ADD CONSTRAINT asiento_origen_check
      CHECK (origen IN ('manual', 'dte', 'reversa', 'apertura', 'importacion', 'banco'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    const [{ n }] = await q.query(`SELECT count(*)::int AS n FROM asiento WHERE origen = 'banco'`);
    // Posted entries are append-only: reverting would leave them with an origen the old CHECK refuses.
    if (n > 0) throw new Error(`${n} entries were posted by the bank reconciliation: revert by hand`);
    await q.query(`DROP TABLE conciliacion_bancaria`);
    await q.query(`ALTER TABLE asiento DROP CONSTRAINT asiento_origen_check`);
    await q.query(`ALTER TABLE asiento ADD CONSTRAINT asiento_origen_check
      CHECK (origen IN ('manual', 'dte', 'reversa', 'apertura', 'importacion'))`);
  }
}
