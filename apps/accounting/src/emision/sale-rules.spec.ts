import { saleLines } from './sale-rules';

describe('saleLines', () => {
  it('books a factura 33: Clientes total, Ventas neto, IVA Débito Fiscal', () => {
    expect(saleLines(33, { neto: 100_000, exento: 0, iva: 19_000, total: 119_000 })).toEqual([
      { rol: 'clientes', debe: 119_000, haber: 0 },
      { rol: 'ventas', debe: 0, haber: 100_000 },
      { rol: 'iva_debito', debe: 0, haber: 19_000 },
    ]);
  });

  it('puts the exempt part of a 33/56 into Ventas too', () => {
    const lines = saleLines(56, { neto: 10_000, exento: 2_500, iva: 1_900, total: 14_400 });
    expect(lines.find((l) => l.rol === 'ventas')?.haber).toBe(12_500);
  });

  it('books a 34 with no IVA line', () => {
    expect(saleLines(34, { neto: 0, exento: 50_000, iva: 0, total: 50_000 })).toEqual([
      { rol: 'clientes', debe: 50_000, haber: 0 },
      { rol: 'ventas', debe: 0, haber: 50_000 },
    ]);
  });

  it('reverses the accounts for a nota de crédito 61', () => {
    expect(saleLines(61, { neto: 10_000, exento: 0, iva: 1_900, total: 11_900 })).toEqual([
      { rol: 'clientes', debe: 0, haber: 11_900 },
      { rol: 'ventas', debe: 10_000, haber: 0 },
      { rol: 'iva_debito', debe: 1_900, haber: 0 },
    ]);
  });

  it('books an export 110 in its pesos as an exempt sale, and reverses it on a nota de crédito de exportación 112', () => {
    const m = { neto: 0, exento: 28_092_192, iva: 0, total: 28_092_192 };
    expect(saleLines(110, m)).toEqual([
      { rol: 'clientes', debe: 28_092_192, haber: 0 },
      { rol: 'ventas', debe: 0, haber: 28_092_192 },
    ]);
    expect(saleLines(111, m)).toEqual(saleLines(110, m));
    expect(saleLines(112, m)).toEqual([
      { rol: 'clientes', debe: 0, haber: 28_092_192 },
      { rol: 'ventas', debe: 28_092_192, haber: 0 },
    ]);
  });

  it('gives no lines without amounts and refuses other types', () => {
    expect(saleLines(61, { neto: 0, exento: 0, iva: 0, total: 0 })).toEqual([]);
    expect(() => saleLines(39, { neto: 1, exento: 0, iva: 0, total: 1 })).toThrow(/39/);
  });
});

describe('saleLines with additional taxes', () => {
  it('books the additional taxes (ILA) as taxes owed, not as sales, and reverses them on a credit note', () => {
    const m = { neto: 10_000, exento: 0, iva: 1_900, total: 12_900, adicionales: 1_000 };
    expect(saleLines(33, m)).toEqual([
      { rol: 'clientes', debe: 12_900, haber: 0 },
      { rol: 'ventas', debe: 0, haber: 10_000 },
      { rol: 'iva_debito', debe: 0, haber: 1_900 },
      { rol: 'retenciones', debe: 0, haber: 1_000 },
    ]);
    expect(saleLines(61, m).find((l) => l.rol === 'retenciones')).toEqual({ rol: 'retenciones', debe: 1_000, haber: 0 });
  });
});
