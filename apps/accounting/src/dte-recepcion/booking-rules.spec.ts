import { receptionLines } from './booking-rules';

const sum = (lines: { debe: number; haber: number }[]) =>
  lines.reduce((s, l) => ({ debe: s.debe + l.debe, haber: s.haber + l.haber }), { debe: 0, haber: 0 });

describe('receptionLines', () => {
  it('books the SII example factura 33 (neto 100000, IVA 19000, total 119000)', () => {
    expect(receptionLines(33, { neto: 100_000, exento: 0, iva: 19_000, total: 119_000 })).toEqual([
      { rol: 'compras', debe: 100_000, haber: 0 },
      { rol: 'iva_credito', debe: 19_000, haber: 0 },
      { rol: 'proveedores', debe: 0, haber: 119_000 },
    ]);
  });

  it('books the exempt amount of a 34 to cost, with no IVA line', () => {
    expect(receptionLines(34, { neto: 0, exento: 50_000, iva: 0, total: 50_000 })).toEqual([
      { rol: 'compras', debe: 50_000, haber: 0 },
      { rol: 'proveedores', debe: 0, haber: 50_000 },
    ]);
  });

  it('books a 56 like a factura and reverses a 61', () => {
    const m = { neto: 10_000, exento: 500, iva: 1_900, total: 12_400 };
    expect(receptionLines(56, m)).toEqual(receptionLines(33, m));
    expect(receptionLines(61, m)).toEqual([
      { rol: 'compras', debe: 0, haber: 10_500 },
      { rol: 'iva_credito', debe: 0, haber: 1_900 },
      { rol: 'proveedores', debe: 12_400, haber: 0 },
    ]);
  });

  it('keeps the entry balanced when MntTotal carries other taxes or withheld IVA', () => {
    const other = receptionLines(33, { neto: 1_000, exento: 0, iva: 190, total: 1_500 });
    expect(other.find((l) => l.rol === 'compras')?.debe).toBe(1_310);
    expect(sum(other)).toEqual({ debe: 1_500, haber: 1_500 });
    const withheld = receptionLines(33, { neto: 1_000, exento: 0, iva: 190, total: 1_000 });
    expect(withheld.find((l) => l.rol === 'retenciones')?.haber).toBe(190);
    expect(sum(withheld)).toEqual({ debe: 1_190, haber: 1_190 });
  });

  it('books a factura de compra (46) the buyer issued as the sale it is, without the IVA the buyer retained', () => {
    // No retention: the whole IVA is the seller's débito.
    expect(receptionLines(46, { neto: 1_914_374, exento: 0, iva: 363_731, total: 2_278_105 })).toEqual([
      { rol: 'clientes', debe: 2_278_105, haber: 0 },
      { rol: 'ventas', debe: 0, haber: 1_914_374 },
      { rol: 'iva_debito', debe: 0, haber: 363_731 },
    ]);
    // Retención total (ImptoReten 15): MntTotal is the neto, the buyer declares and pays the IVA.
    const total = receptionLines(46, { neto: 10_244, exento: 0, iva: 1_946, total: 10_244 });
    expect(total).toEqual([
      { rol: 'clientes', debe: 10_244, haber: 0 },
      { rol: 'ventas', debe: 0, haber: 10_244 },
    ]);
    // A partial retention leaves the rest of the IVA as débito.
    const parcial = receptionLines(46, { neto: 10_000, exento: 0, iva: 1_900, total: 11_000 });
    expect(parcial.find((l) => l.rol === 'iva_debito')?.haber).toBe(1_000);
    expect(sum(parcial)).toEqual({ debe: 11_000, haber: 11_000 });
  });

  it('gives no lines for a document without amounts and refuses unsupported types', () => {
    expect(receptionLines(61, { neto: 0, exento: 0, iva: 0, total: 0 })).toEqual([]);
    expect(() => receptionLines(39, { neto: 1, exento: 0, iva: 0, total: 1 })).toThrow(/39/);
  });
});
