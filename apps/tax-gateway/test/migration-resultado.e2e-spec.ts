import type { QueryRunner } from 'typeorm';
import { ResultadoSii1797000000019 } from '../src/database/migrations/1797000000019-ResultadoSii';
import { beforeMigration, insertRow } from './support/migration-rows';

function insertEmision(q: QueryRunner, fields: Record<string, string | null>): Promise<string> {
  return insertRow(q, 'dte_emission', { neto: '0', exento: '0', iva: '0', total: '0', tipo_dte: '33', ...fields });
}

describe('migration ResultadoSii1797000000019 (the outcome in the published words)', () => {
  it('renames reparos, fills rechazado for a refused envío and pendiente for the rest, and keeps every row', async () => {
    await beforeMigration(ResultadoSii1797000000019, async (q) => {
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
    });
  });
});
