import { DteBuildError } from './errors';
import { computeTotals, lineaMontos, montoItem } from './totals';

// The fields that stay zero without discounts, surcharges, additional taxes or no-billable lines.
const SIN = {
  descuentos: 0,
  recargos: 0,
  impuestos_adicionales: [],
  no_facturable: 0,
  garantia_envases: 0,
  iva_retenido: 0,
  iva_no_retenido: 0,
  comisiones: { neto: 0, exento: 0, iva: 0 },
};

describe('computeTotals', () => {
  it('factura 33: IVA = round(neto × 0.19), exempt lines go to MntExe', () => {
    const m = computeTotals(33, [
      { cantidad: 3, precio_unitario: 4990 },
      { cantidad: 1, precio_unitario: 12500.5 },
      { cantidad: 2, precio_unitario: 8000, exento: true },
    ]);
    // neto 14970 + 12501 = 27471; 27471 × 0.19 = 5219.49 -> 5219
    expect(m).toEqual({ neto: 27471, exento: 16000, iva: 5219, total: 48690, tasa_iva: 19, ...SIN });
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
    expect(m).toEqual({ neto: 100000, exento: 0, iva: 19000, total: 119000, tasa_iva: 19, ...SIN });
  });

  it('notes 56 and 61 use the same 19% rule', () => {
    expect(computeTotals(61, [{ cantidad: 1, precio_unitario: 1000 }])).toEqual({
      neto: 1000,
      exento: 0,
      iva: 190,
      total: 1190,
      tasa_iva: 19,
      ...SIN,
    });
    expect(computeTotals(56, [{ cantidad: 2, precio_unitario: 10, exento: true }])).toEqual({
      neto: 0,
      exento: 20,
      iva: 0,
      total: 20,
      tasa_iva: 19,
      ...SIN,
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
      ...SIN,
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

describe('line discounts and surcharges (Formato DTE v2.2 §C DescuentoPct/Monto, RecargoPct/Monto)', () => {
  it('takes a percent of cantidad × precio, rounded half up, or whole pesos', () => {
    expect(lineaMontos({ cantidad: 3, precio_unitario: 1990, descuento_pct: 10 })).toEqual({
      bruto: 5970,
      descuento: 597,
      recargo: 0,
      monto: 5373,
    });
    expect(lineaMontos({ cantidad: 1, precio_unitario: 1005, descuento_pct: '12.5' })).toEqual({
      bruto: 1005,
      descuento: 126,
      recargo: 0,
      monto: 879,
    }); // 125.625
    expect(lineaMontos({ cantidad: 2, precio_unitario: 500, recargo_pct: 7.25 })).toEqual({
      bruto: 1000,
      descuento: 0,
      recargo: 73,
      monto: 1073,
    }); // 72.5
    expect(lineaMontos({ cantidad: 2, precio_unitario: 500, descuento_monto: 100, recargo_monto: 30 }).monto).toBe(930);
  });

  it('refuses a percent and an amount together, more than 2 decimals in a percent, a discount above 100%', () => {
    expect(() => lineaMontos({ cantidad: 1, precio_unitario: 1, descuento_pct: 1, descuento_monto: 1 })).toThrow(/not both/);
    expect(() => lineaMontos({ cantidad: 1, precio_unitario: 1, recargo_pct: 1, recargo_monto: 1 })).toThrow(/not both/);
    expect(() => lineaMontos({ cantidad: 1, precio_unitario: 100, descuento_pct: 1.234 })).toThrow(/2 decimals/);
    expect(() => lineaMontos({ cantidad: 1, precio_unitario: 100, descuento_pct: 100.5 })).toThrow(/descuento_pct/);
    expect(() => lineaMontos({ cantidad: 1, precio_unitario: 100, descuento_monto: 1.5 })).toThrow(/whole pesos/);
  });

  it('reads decimal strings exactly where a binary float cannot (12 integer + 6 decimal digits)', () => {
    expect(montoItem({ cantidad: '999999999999.999999', precio_unitario: '0.000001' })).toBe(1_000_000); // 999999.999999999999
    expect(montoItem({ cantidad: '0.333333', precio_unitario: '3' })).toBe(1);
    expect(() => montoItem({ cantidad: '1e3', precio_unitario: 1 })).toThrow(/decimal number/);
    expect(() => montoItem({ cantidad: '1.0000001', precio_unitario: 1 })).toThrow(/6 decimals/);
  });
});

describe('computeTotals: the worked examples (Formato DTE v2.2 §B Totales fields 107-124, §D DscRcgGlobal)', () => {
  const afecta = (precio: number, extra = {}) => ({ cantidad: 1, precio_unitario: precio, ...extra });
  // Wine with ILA 25 (20.5 %), soft drinks with 27 (10 %) and a line without an additional tax.
  const vinoYBebidas = [afecta(10_000, { codigo_impuesto_adicional: 25 }), afecta(3_333, { codigo_impuesto_adicional: 27 }), afecta(1_000)];
  const ila = (vino: number, bebidas: number) => [
    { codigo: 25, tasa: 20.5, monto: vino },
    { codigo: 27, tasa: 10, monto: bebidas },
  ];
  const table: [
    string,
    number,
    Parameters<typeof computeTotals>[1],
    Parameters<typeof computeTotals>[2],
    Partial<ReturnType<typeof computeTotals>>,
  ][] = [
    [
      'global 10% discount on taxed lines only (§D, IndExeDR absent)',
      33,
      [afecta(10_000), afecta(5_000, { exento: true })],
      [{ tipo: 'D', valor: 10, unidad: '%', aplica: 'afecto' }],
      { neto: 9_000, exento: 5_000, iva: 1_710, total: 15_710, descuentos: 1_000 },
    ],
    [
      'global amount discount on exempt lines (IndExeDR=1)',
      33,
      [afecta(10_000), afecta(5_000, { exento: true })],
      [{ tipo: 'D', valor: 500, unidad: '$', aplica: 'exento' }],
      { neto: 10_000, exento: 4_500, iva: 1_900, total: 16_400, descuentos: 500 },
    ],
    [
      'global surcharge 5% plus a line discount',
      33,
      [afecta(1_000, { cantidad: 3, descuento_pct: 10 })],
      [{ tipo: 'R', valor: 5, unidad: '%', aplica: 'afecto' }],
      { neto: 2_835, iva: 539, total: 3_374, descuentos: 300, recargos: 135 },
    ],
    [
      'a 34 takes global discounts on its (exempt) lines whatever aplica says',
      34,
      [afecta(20_000)],
      [{ tipo: 'D', valor: 25, unidad: '%', aplica: 'afecto' }],
      { neto: 0, exento: 15_000, iva: 0, total: 15_000, tasa_iva: 0 },
    ],
    [
      'ILA on wine (code 25, 20.5%) and on soft drinks (27, 10%) above IVA (ImptoReten field 117 a)',
      33,
      vinoYBebidas,
      [],
      { neto: 14_333, iva: 2_723, impuestos_adicionales: ila(2_050, 333), total: 19_439 },
    ],
    [
      'a no facturable line (IndExe=2) goes to MontoNF, outside MntTotal (field 125)',
      33,
      [afecta(1_000), afecta(700, { no_facturable: true })],
      [],
      { neto: 1_000, iva: 190, total: 1_190, no_facturable: 700 },
    ],
    [
      'a no facturable negativo line (IndExe=6) is subtracted from MontoNF, which may end negative (field 125)',
      33,
      [afecta(1_000), afecta(700, { no_facturable: true }), afecta(900, { no_facturable_negativo: true })],
      [],
      { neto: 1_000, iva: 190, total: 1_190, no_facturable: -200 },
    ],
    [
      'deposits on returnable packaging (IndExe=3) go to GrntDep: no IVA, part of MntTotal (field 120)',
      33,
      [afecta(12_000), afecta(500, { cantidad: 6, garantia_envase: true })],
      [],
      { neto: 12_000, iva: 2_280, garantia_envases: 3_000, total: 17_280 },
    ],
    [
      // 10 % off each base: wine 10,000 -> 9,000 (ILA 20.5 % = 1,845), soft drinks 3,333 -> 3,000 (333 off; 10 % = 300).
      'a global percent discount reduces each additional-tax base as it reduces MntNeto (Formato DTE v2.2 §D)',
      33,
      vinoYBebidas,
      [{ tipo: 'D', valor: 10, unidad: '%', aplica: 'afecto' }],
      { neto: 12_900, iva: 2_451, impuestos_adicionales: ila(1_845, 300), total: 17_496 },
    ],
    [
      'a global amount over lines that all carry one code changes that base by the amount',
      33,
      [afecta(10_000, { codigo_impuesto_adicional: 27 }), afecta(5_000, { codigo_impuesto_adicional: 27 })],
      [{ tipo: 'R', valor: 1_000, unidad: '$', aplica: 'afecto' }],
      { neto: 16_000, iva: 3_040, impuestos_adicionales: [{ codigo: 27, tasa: 10, monto: 1_600 }], total: 20_640 },
    ],
    [
      'a credit note correcting amounts with a global discount',
      61,
      [afecta(50_000, { cantidad: 2 })],
      [{ tipo: 'D', valor: 1_000, unidad: '$', aplica: 'afecto' }],
      { neto: 99_000, iva: 18_810, total: 117_810 },
    ],
  ];

  it.each(table)('%s', (_name, tipo, lines, globales, expected) => {
    expect(computeTotals(tipo, lines, globales)).toMatchObject(expected);
  });

  it('refuses an additional tax on an exempt line or a 34, an unknown code, and discounts above their base', () => {
    expect(() => computeTotals(33, [afecta(1, { exento: true, codigo_impuesto_adicional: 27 })])).toThrow(/not taxed/);
    expect(() => computeTotals(34, [afecta(1, { codigo_impuesto_adicional: 27 })])).toThrow(/not taxed/);
    expect(() => computeTotals(33, [afecta(1, { codigo_impuesto_adicional: 16 })])).toThrow(/CodImpAdic 16/);
    expect(() => computeTotals(33, [afecta(100)], [{ tipo: 'D', valor: 101, unidad: '$', aplica: 'afecto' }])).toThrow(/exceed/);
    expect(() => computeTotals(33, [afecta(100)], [{ tipo: 'D', valor: 120, unidad: '%', aplica: 'afecto' }])).toThrow(/valor/);
  });

  it('refuses a global amount in pesos over taxed lines with different tax codes (Formato DTE v2.2 §D rule a)', () => {
    const mixed = [afecta(10_000, { codigo_impuesto_adicional: 27 }), afecta(1_000)];
    expect(() => computeTotals(33, mixed, [{ tipo: 'D', valor: 500, unidad: '$', aplica: 'afecto' }])).toThrow(/different tax codes/);
    // On the exempt lines it is allowed: they carry no tax code.
    expect(
      computeTotals(33, [...mixed, afecta(2_000, { exento: true })], [{ tipo: 'D', valor: 500, unidad: '$', aplica: 'exento' }]).exento,
    ).toBe(1_500);
  });

  it('refuses the code 17, whose base (MntBase) is not the sale amount', () => {
    expect(() => computeTotals(33, [afecta(10_000, { codigo_impuesto_adicional: 17 })])).toThrow(/CodImpAdic 17.*MntBase/);
  });
});

describe('computeTotals: the factura de compra 46 (Formato DTE v2.2 §4 retention codes, fields 117, 118 and 124)', () => {
  const afecta = (precio: number, extra = {}) => ({ cantidad: 1, precio_unitario: precio, ...extra });
  it('IVA retenido total (15): the whole IVA is retained, MntTotal is the net amount, no IVANoRet', () => {
    const m = computeTotals(46, [afecta(100_000, { codigo_impuesto_adicional: 15 })]);
    expect(m).toMatchObject({ neto: 100_000, iva: 19_000, iva_no_retenido: 0, total: 100_000 });
    expect(m.impuestos_adicionales).toEqual([{ codigo: 15, tasa: 19, monto: 19_000 }]);
  });

  it('a partial retention (30 legumbres, 10 %): the rest of the IVA is IVANoRet and MntTotal keeps it', () => {
    const m = computeTotals(46, [afecta(50_000, { codigo_impuesto_adicional: 30 }), afecta(10_000)]);
    // neto 60 000, IVA 11 400; retained 10 % of the 50 000 line = 5 000; IVANoRet 6 400; MntTotal 60 000 + 11 400 - 5 000.
    expect(m).toMatchObject({ neto: 60_000, iva: 11_400, iva_no_retenido: 6_400, total: 66_400 });
    expect(m.impuestos_adicionales).toEqual([{ codigo: 30, tasa: 10, monto: 5_000 }]);
  });

  it('a 46 without a retention code is a plain purchase invoice; a retention code on any other type is refused', () => {
    expect(computeTotals(46, [afecta(1_000)])).toMatchObject({ neto: 1_000, iva: 190, iva_no_retenido: 0, total: 1_190 });
    for (const tipo of [33, 52, 56, 61]) {
      expect(() => computeTotals(tipo, [afecta(1_000, { codigo_impuesto_adicional: 15 })])).toThrow(/only a factura de compra 46/);
    }
    expect(() => computeTotals(46, [afecta(1_000, { codigo_impuesto_adicional: 49 })])).toThrow(/CodImpAdic 49/);
  });
});

describe('computeTotals: the liquidación-factura 43 (Formato DTE v2.2 §F, fields 121-124)', () => {
  const liquidado = (precio: number) => ({ cantidad: 1, precio_unitario: precio, tipo_doc_liq: '33' });
  const comision = (neto: number) => ({ tipo: 'C' as const, glosa: 'Comisión', neto });

  it('subtracts the comisiones and their IVA from MntTotal, not from MntNeto', () => {
    const m = computeTotals(43, [liquidado(300_000), liquidado(200_000)], [], [comision(50_000)]);
    // 500 000 + IVA 95 000 - (50 000 + IVA 9 500).
    expect(m).toMatchObject({ neto: 500_000, iva: 95_000, comisiones: { neto: 50_000, exento: 0, iva: 9_500 }, total: 535_500 });
  });

  it('may end negative when the comisiones exceed what was liquidated (Cambios 22/09/2005 item 4)', () => {
    expect(computeTotals(43, [liquidado(10_000)], [], [comision(20_000)]).total).toBe(11_900 - 23_800);
  });

  it('refuses a 43 without comisiones, comisiones on another type, and discounts or globals on a 43', () => {
    expect(() => computeTotals(43, [liquidado(1_000)])).toThrow(/1 to 20 Comisiones/);
    expect(() => computeTotals(33, [{ cantidad: 1, precio_unitario: 1_000 }], [], [comision(10)])).toThrow(
      /belong to a liquidación-factura/,
    );
    expect(() => computeTotals(43, [{ ...liquidado(1_000), descuento_pct: 5 }], [], [comision(10)])).toThrow(/no discount/);
    const global = { tipo: 'D' as const, valor: 5, unidad: '%' as const, aplica: 'afecto' as const };
    expect(() => computeTotals(43, [liquidado(1_000)], [global], [comision(10)])).toThrow(/no global/);
    expect(() => computeTotals(43, [liquidado(1_000)], [], [{ ...comision(0) }])).toThrow(/neto or an exento/);
  });
});
