import { purchaseLines } from './booking-rules';

const sum = (lines: { debe: number; haber: number }[]) =>
  lines.reduce((s, l) => ({ debe: s.debe + l.debe, haber: s.haber + l.haber }), { debe: 0, haber: 0 });

describe('purchaseLines', () => {
  it('books the SII example factura 33 (neto 100000, IVA 19000, total 119000)', () => {
    expect(purchaseLines(33, { neto: 100_000, exento: 0, iva: 19_000, total: 119_000 })).toEqual([
      { rol: 'compras', debe: 100_000, haber: 0 },
      { rol: 'iva_credito', debe: 19_000, haber: 0 },
      { rol: 'proveedores', debe: 0, haber: 119_000 },
    ]);
  });

  it('books the exempt amount of a 34 to cost, with no IVA line', () => {
    expect(purchaseLines(34, { neto: 0, exento: 50_000, iva: 0, total: 50_000 })).toEqual([
      { rol: 'compras', debe: 50_000, haber: 0 },
      { rol: 'proveedores', debe: 0, haber: 50_000 },
    ]);
  });

  it('books a 56 like a factura and reverses a 61', () => {
    const m = { neto: 10_000, exento: 500, iva: 1_900, total: 12_400 };
    expect(purchaseLines(56, m)).toEqual(purchaseLines(33, m));
    expect(purchaseLines(61, m)).toEqual([
      { rol: 'compras', debe: 0, haber: 10_500 },
      { rol: 'iva_credito', debe: 0, haber: 1_900 },
      { rol: 'proveedores', debe: 12_400, haber: 0 },
    ]);
  });

  it('keeps the entry balanced when MntTotal carries other taxes or withheld IVA', () => {
    const other = purchaseLines(33, { neto: 1_000, exento: 0, iva: 190, total: 1_500 });
    expect(other.find((l) => l.rol === 'compras')?.debe).toBe(1_310);
    expect(sum(other)).toEqual({ debe: 1_500, haber: 1_500 });
    const withheld = purchaseLines(33, { neto: 1_000, exento: 0, iva: 190, total: 1_000 });
    expect(withheld.find((l) => l.rol === 'retenciones')?.haber).toBe(190);
    expect(sum(withheld)).toEqual({ debe: 1_190, haber: 1_190 });
  });

  it('gives no lines for a document without amounts and refuses unsupported types', () => {
    expect(purchaseLines(61, { neto: 0, exento: 0, iva: 0, total: 0 })).toEqual([]);
    expect(() => purchaseLines(39, { neto: 1, exento: 0, iva: 0, total: 1 })).toThrow(/39/);
  });
});
