import type { MovimientoView } from '@lib/contracts';
import { sugerencias, type DocumentoAbierto } from './conciliacion-rules';

const mov = (monto: number, descripcion: string, extra: Partial<MovimientoView> = {}): MovimientoView => ({
  id: 'mov_1',
  proveedor: 'fintoc',
  cuenta: 'acc_1',
  monto,
  moneda: 'CLP',
  fecha: '2026-10-20',
  descripcion,
  tipo: 'transfer',
  referencia: null,
  contraparte: null,
  first_seen_at: '2026-10-21T00:00:00.000Z',
  ...extra,
});
const doc = (id: string, extra: Partial<DocumentoAbierto> = {}): DocumentoAbierto => ({
  tipo: 'emitido',
  id,
  tipo_dte: 33,
  folio: 1204,
  rut: '76543210-3',
  razon_social: 'Comercial Los Aromos Limitada',
  fecha: '2026-10-05',
  total: 119_000,
  saldo: 119_000,
  ...extra,
});
const ids = (s: { documento: DocumentoAbierto }[]) => s.map((x) => x.documento.id);

describe('sugerencias', () => {
  it('weighs amount, RUT, folio and date, best first', () => {
    const out = sugerencias(mov(119_000, 'TRANSF DE 76.543.210-3 PAGO FACT 1204'), [
      doc('exacto'),
      doc('mismo monto otro cliente', { rut: '78123456-7', folio: 88 }),
      doc('antiguo', { fecha: '2026-01-05', folio: 77 }),
    ]);
    expect(out.map((s) => [s.documento.id, s.puntaje, s.razones.join(',')])).toEqual(
      [
        ['exacto', 8, 'monto,rut,folio,fecha'],
        ['mismo monto otro cliente', 4, 'monto,fecha'],
        ['antiguo', 5, 'monto,rut'],
      ].sort((a, b) => (b[1] as number) - (a[1] as number)),
    );
  });

  it('money in matches sales, money out purchases; a settled document is never suggested', () => {
    const abiertos = [doc('venta'), doc('compra', { tipo: 'recibido' }), doc('pagada', { saldo: 0 })];
    expect(ids(sugerencias(mov(119_000, 'abono'), abiertos))).toEqual(['venta']);
    expect(ids(sugerencias(mov(-119_000, 'cargo'), abiertos))).toEqual(['compra']);
  });

  it('suggests a partial payment that names both the RUT (the counterpart the bank gives) and the folio, not one that names only one', () => {
    const partial = mov(50_000, 'abono factura 1204', { contraparte: { rut: '76543210-3', nombre: null, institucion: null } });
    expect(sugerencias(partial, [doc('a')])[0]).toMatchObject({ razones: ['rut', 'folio', 'fecha'], puntaje: 5 });
    expect(sugerencias(mov(50_000, 'abono factura 1204'), [doc('a')])).toEqual([]);
    expect(sugerencias(mov(50_000, 'abono 76543210-3'), [doc('a')])).toEqual([]);
  });

  it('reads a folio only as a whole number: not inside a bigger one, an amount or a RUT', () => {
    for (const descripcion of ['REF 112040', 'MONTO 1.204.000', 'RUT 11204-5', 'F12045']) {
      expect(sugerencias(mov(1, descripcion, { contraparte: { rut: '76543210-3', nombre: null, institucion: null } }), [doc('a')])).toEqual(
        [],
      );
    }
    expect(
      sugerencias(mov(1, 'F-1204 pago', { contraparte: { rut: '76543210-3', nombre: null, institucion: null } }), [doc('a')]),
    ).toHaveLength(1);
  });

  it('keeps at most five suggestions', () => {
    const many = Array.from({ length: 8 }, (_, i) => doc(`d${i}`, { folio: i + 1 }));
    expect(sugerencias(mov(119_000, 'pago'), many)).toHaveLength(5);
  });
});
