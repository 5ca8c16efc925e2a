import { Comisiones1797000000024 } from '../src/database/migrations/1797000000024-Comisiones';
import { beforeMigration, insertRow } from './support/migration-rows';

describe('migration Comisiones1797000000024 (a liquidación-factura subtracts its comisiones)', () => {
  it('keeps every row at 0, checks total = ... - comisiones (negative allowed), and goes back down', async () => {
    await beforeMigration(Comisiones1797000000024, async (q) => {
      const fila = (folio: string, extra: Record<string, string> = {}) => ({
        neto: '10000',
        exento: '0',
        iva: '1900',
        total: '11900',
        tipo_dte: '33',
        folio,
        ...extra,
      });
      const antes = await insertRow(q, 'dte_emission', fila('1'));
      await new Comisiones1797000000024().up(q);
      expect(await q.query('SELECT id, comisiones::int FROM dte_emission')).toEqual([{ id: antes, comisiones: 0 }]);
      await insertRow(q, 'dte_emission', fila('2', { tipo_dte: '43', comisiones: '24800', total: '-12900' }));
      await expect(insertRow(q, 'dte_emission', fila('3', { tipo_dte: '43', comisiones: '24800' }))).rejects.toThrow(
        /dte_emission_montos_ck/,
      );
      await new Comisiones1797000000024().down(q);
      expect((await q.query('SELECT id FROM dte_emission')).map((r: { id: string }) => r.id)).toEqual([antes]);
    });
  });
});
