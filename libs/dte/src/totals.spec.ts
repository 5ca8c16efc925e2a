import { DteBuildError } from './errors';
import { computeTotals, montoItem } from './totals';

describe('computeTotals', () => {
  it('factura 33: IVA = round(neto × 0.19), exempt lines go to MntExe', () => {
    const m = computeTotals(33, [
      { cantidad: 3, precio_unitario: 4990 },
      { cantidad: 1, precio_unitario: 12500.5 },
      { cantidad: 2, precio_unitario: 8000, exento: true },
    ]);
    // neto 14970 + 12501 = 27471; 27471 × 0.19 = 5219.49 -> 5219
    expect(m).toEqual({ neto: 27471, exento: 16000, iva: 5219, total: 48690, tasa_iva: 19 });
  });

  it('rounds IVA half up (x.5 goes up, x.49 goes down)', () => {
    expect(computeTotals(33, [{ cantidad: 1, precio_unitario: 50 }]).iva).toBe(10); // 9.5
    expect(computeTotals(33, [{ cantidad: 1, precio_unitario: 150 }]).iva).toBe(29); // 28.5
    expect(computeTotals(33, [{ cantidad: 1, precio_unitario: 71 }]).iva).toBe(13); // 13.49
  });

  it('matches the SII official example (100000 -> 19000, 119000)', () => {
    const m = computeTotals(33, [
      { cantidad: 20, precio_unitario: 4500 },
      { cantidad: 1, precio_unitario: 5000 },
      { cantidad: 5, precio_unitario: 1000 },
    ]);
    expect(m).toEqual({ neto: 100000, exento: 0, iva: 19000, total: 119000, tasa_iva: 19 });
  });

  it('notes 56 and 61 use the same 19% rule', () => {
    expect(computeTotals(61, [{ cantidad: 1, precio_unitario: 1000 }])).toEqual({
      neto: 1000,
      exento: 0,
      iva: 190,
      total: 1190,
      tasa_iva: 19,
    });
    expect(computeTotals(56, [{ cantidad: 2, precio_unitario: 10, exento: true }])).toEqual({
      neto: 0,
      exento: 20,
      iva: 0,
      total: 20,
      tasa_iva: 19,
    });
  });

  it('factura exenta 34: everything exempt, no IVA, tasa 0', () => {
    expect(
      computeTotals(34, [
        { cantidad: 2, precio_unitario: 1500 },
        { cantidad: 1, precio_unitario: 10, exento: true },
      ]),
    ).toEqual({
      neto: 0,
      exento: 3010,
      iva: 0,
      total: 3010,
      tasa_iva: 0,
    });
  });

  it('refuses other types, no lines and invalid numbers', () => {
    expect(() => computeTotals(39, [{ cantidad: 1, precio_unitario: 1 }])).toThrow(DteBuildError);
    expect(() => computeTotals(33, [])).toThrow(DteBuildError);
    expect(() => computeTotals(33, [{ cantidad: -1, precio_unitario: 1 }])).toThrow(/cantidad/);
    expect(() => computeTotals(33, [{ cantidad: 1, precio_unitario: 0.1234567 }])).toThrow(/6 decimals/);
    expect(() => computeTotals(33, [{ cantidad: 1, precio_unitario: Number.NaN }])).toThrow(DteBuildError);
  });
});

describe('montoItem', () => {
  it('multiplies exactly in decimal (no binary float drift) and rounds half up', () => {
    expect(montoItem({ cantidad: 0.1, precio_unitario: 3 })).toBe(0); // 0.3
    expect(montoItem({ cantidad: 1.5, precio_unitario: 333 })).toBe(500); // 499.5
    expect(montoItem({ cantidad: 1.005, precio_unitario: 1000 })).toBe(1005); // float gives 1004.9999
    expect(montoItem({ cantidad: 3, precio_unitario: 1000, descuento_monto: 500 })).toBe(2500);
  });

  it('refuses a discount above the line amount', () => {
    expect(() => montoItem({ cantidad: 1, precio_unitario: 100, descuento_monto: 101 })).toThrow(DteBuildError);
  });
});
