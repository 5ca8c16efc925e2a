import { IvaRetenido1797000000023 } from '../src/database/migrations/1797000000023-IvaRetenido';
import { beforeMigration, insertRow } from './support/migration-rows';

describe('migration IvaRetenido1797000000023 (a factura de compra retains IVA)', () => {
  it('keeps every row at 0 retained, checks total = ... - iva_retenido, and goes back down', async () => {
    await beforeMigration(IvaRetenido1797000000023, async (q) => {
      const monto = (folio: string, extra: Record<string, string> = {}) => ({
        neto: '100000',
        exento: '0',
        iva: '19000',
        total: '119000',
        tipo_dte: '33',
        folio,
        ...extra,
      });
      const antes = await insertRow(q, 'dte_emission', monto('1'));
      await new IvaRetenido1797000000023().up(q);
      expect(await q.query('SELECT id, iva_retenido::int FROM dte_emission')).toEqual([{ id: antes, iva_retenido: 0 }]);
      await insertRow(q, 'dte_emission', monto('2', { tipo_dte: '46', iva_retenido: '19000', total: '100000' }));
      await expect(insertRow(q, 'dte_emission', monto('3', { tipo_dte: '46', iva_retenido: '19000' }))).rejects.toThrow(
        /dte_emission_montos_ck/,
      );
      await expect(insertRow(q, 'dte_emission', monto('4', { tipo_dte: '46', iva_retenido: '20000', total: '99000' }))).rejects.toThrow(
        /dte_emission_montos_ck/,
      );
      await new IvaRetenido1797000000023().down(q);
      expect((await q.query('SELECT id FROM dte_emission')).map((r: { id: string }) => r.id)).toEqual([antes]);
    });
  });
});
