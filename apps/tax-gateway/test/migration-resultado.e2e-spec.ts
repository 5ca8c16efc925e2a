import { randomUUID } from 'node:crypto';
import { DataSource, type QueryRunner } from 'typeorm';
import { createTestDatabase, dropTestDatabase } from '@lib/testing';
import { ResultadoSii1797000000019 } from '../src/database/migrations/1797000000019-ResultadoSii';
import { migrations } from '../src/database/migrations';

/** A value of the column's type for the NOT NULL columns the case does not name (what they hold is not the point). */
function filler(type: string): string {
  const values: Record<string, string> = {
    uuid: 'gen_random_uuid()',
    smallint: '1',
    integer: '1',
    bigint: '1',
    date: "'2026-01-15'",
    'timestamp with time zone': 'now()',
    jsonb: "'[]'",
    bytea: "'\\x00'",
    boolean: 'false',
  };
  return values[type] ?? "'x'";
}

async function insertEmision(ds: QueryRunner, fields: Record<string, string | null>): Promise<string> {
  const columns: { column_name: string; data_type: string }[] = await ds.query(
    `SELECT column_name, data_type FROM information_schema.columns
      WHERE table_name = 'dte_emission' AND is_nullable = 'NO' AND column_default IS NULL`,
  );
  const id = randomUUID();
  const given = { id, neto: '0', exento: '0', iva: '0', total: '0', tipo_dte: '33', ...fields };
  const names = [...new Set([...columns.map((c) => c.column_name), ...Object.keys(given)])];
  const values = names.map((n) =>
    n in given ? '$' + (Object.keys(given).indexOf(n) + 1) : filler(columns.find((c) => c.column_name === n)?.data_type ?? ''),
  );
  await ds.query(`INSERT INTO dte_emission (${names.join(', ')}) VALUES (${values.join(', ')})`, Object.values(given));
  return id;
}

describe('migration ResultadoSii1797000000019 (the outcome in the published words)', () => {
  it('renames reparos, fills rechazado for a refused envío and pendiente for the rest, and keeps every row', async () => {
    const url = await createTestDatabase('tax_gateway_migration');
    const index = migrations.indexOf(ResultadoSii1797000000019);
    const ds = new DataSource({ type: 'postgres', url, migrations: migrations.slice(0, index) });
    await ds.initialize();
    const q = ds.createQueryRunner();
    try {
      await ds.runMigrations();
      await q.connect();
      // Foreign keys (caf, emisor) are not what this migration is about; the setting holds for this connection.
      await q.query('SET session_replication_role = replica');
      const filas: [string, string | null, string][] = [
        ['EPR', 'aceptado', 'aceptado'],
        ['EPR', 'reparos', 'aceptado_con_reparos'],
        ['EPR', 'rechazado', 'rechazado'],
        ['RCT', null, 'rechazado'],
        ['RSC', null, 'rechazado'],
        ['SOK', null, 'pendiente'],
        ['upload_failed', null, 'pendiente'],
        ['EPR', null, 'pendiente'],
      ];
      const ids: string[] = [];
      for (const [i, [estado, resultado]] of filas.entries()) {
        ids.push(await insertEmision(q, { estado, resultado, folio: String(i + 1), tenant: '76086428-5' }));
      }
      await new ResultadoSii1797000000019().up(q);

      const rows: { id: string; resultado: string }[] = await q.query('SELECT id, resultado FROM dte_emission');
      expect(rows).toHaveLength(filas.length);
      expect(ids.map((id) => rows.find((r) => r.id === id)?.resultado)).toEqual(filas.map((f) => f[2]));
      await expect(insertEmision(q, { estado: 'EPR', resultado: 'reparos', folio: '99' })).rejects.toThrow(/dte_emission_resultado_ck/);
      const nuevo = await insertEmision(q, { estado: 'signed', folio: '100' });
      expect(await q.query('SELECT resultado FROM dte_emission WHERE id = $1', [nuevo])).toEqual([{ resultado: 'pendiente' }]);
    } finally {
      await q.release();
      await ds.destroy();
      await dropTestDatabase(url);
    }
  });
});
