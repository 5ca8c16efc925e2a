import type { DteLeido, LineaLeida } from './dte-leido';
import { reparosDeMontos } from './totales-checks';
import { DevIssuer, enDd, enDocumento } from './spec-support/dev-issuer';

const linea = (montoItem: string, extra: Partial<LineaLeida> = {}): LineaLeida => ({
  nro: '1',
  nombre: 'x',
  codImpAdic: [],
  montoItem,
  ...extra,
});
const dte = (totales: DteLeido['totales'], lineas: LineaLeida[], extra: Partial<DteLeido> = {}): DteLeido => ({
  tipo: 33,
  folio: 1,
  fchEmis: '2026-01-02',
  mntBruto: false,
  rutEmisor: '76555835-2',
  rznSoc: 'E',
  rutRecep: '77777777-7',
  rznSocRecep: 'R',
  totales,
  lineas,
  globales: [],
  referencias: [],
  ...extra,
});

describe('the factura de compra 46: retentions and IVANoRet (Formato DTE v2.2 §4, fields 117, 118, 124)', () => {
  const compra = (totales: DteLeido['totales'], lineas: LineaLeida[]) => dte(totales, lineas, { tipo: 46 });
  const reten = (tipoImp: string, tasaImp: string, montoImp: string) => ({ tipoImp, tasaImp, montoImp });

  it('takes a total retention (15): MntTotal without the IVA, no IVANoRet', () => {
    const l = linea('100000', { codImpAdic: ['15'] });
    const t = { mntNeto: '100000', tasaIVA: '19', iva: '19000', imptoReten: [reten('15', '19', '19000')], mntTotal: '100000' };
    expect(reparosDeMontos(compra(t, [l]))).toEqual([]);
  });

  it('takes a partial retention (34 trigo, 4 %) with IVANoRet = IVA - retained, and objects to a wrong one or a missing one', () => {
    const lineas = [linea('250000', { codImpAdic: ['34'] }), linea('10000', { nro: '2' })];
    const t = {
      mntNeto: '260000',
      tasaIVA: '19',
      iva: '49400',
      imptoReten: [reten('34', '4', '10000')],
      ivaNoRet: '39400',
      mntTotal: '299400',
    };
    expect(reparosDeMontos(compra(t, lineas))).toEqual([]);
    expect(reparosDeMontos(compra({ ...t, ivaNoRet: '49400' }, lineas))).toEqual([
      '(HED) IVANoRet 49400 distinto de IVA - IVA retenido (39400)',
    ]);
    expect(reparosDeMontos(compra({ ...t, ivaNoRet: undefined }, lineas))).toEqual([
      '(HED) IVANoRet 0 distinto de IVA - IVA retenido (39400)',
    ]);
    expect(reparosDeMontos(compra({ ...t, imptoReten: [reten('34', '11', '27500')] }, lineas))).toContain(
      '(HED) TasaImp 11 del codigo 34 distinta de 4',
    );
  });
});

describe('the liquidación-factura 43: comisiones (Formato DTE v2.2 §F fields 5-7, §A 121-124)', () => {
  const t = {
    mntNeto: '10000',
    tasaIVA: '19',
    iva: '1900',
    imptoReten: [],
    valComNeto: '20000',
    valComExe: '1000',
    valComIVA: '3800',
    mntTotal: '-12900',
  };
  const lineas = [
    { neto: '5000', exento: '0', iva: '950' },
    { neto: '15000', exento: '1000', iva: '2850' },
  ];
  const liq = (totales: DteLeido['totales'], comisiones = lineas) => dte(totales, [linea('10000')], { tipo: 43, comisiones });

  it('takes a negative MntTotal that subtracts the comisiones and their IVA', () => {
    expect(reparosDeMontos(liq(t))).toEqual([]);
  });

  it('objects to a ValComIVA that is not 19 % of its ValComNeto, and to totals that are not the sums of the lines', () => {
    const mal = [lineas[0], { ...lineas[1], iva: '2800' }];
    expect(reparosDeMontos(liq({ ...t, valComIVA: '3750', mntTotal: '-12850' }, mal))).toEqual([
      '(HED) Comision 2: ValComIVA 2800 distinto de ValComNeto x 19 % (2850)',
    ]);
    expect(reparosDeMontos(liq({ ...t, valComNeto: '19000', mntTotal: '-11900' }))).toEqual([
      '(HED) ValComNeto 19000 distinto de la suma de las comisiones (20000)',
    ]);
  });
});

describe('the stand-in’s own arithmetic (Formato DTE v2.2 §A fields 107-124, §B field 38)', () => {
  it('multiplies PrcItem and QtyItem exactly before rounding to the peso', () => {
    // 3 x 333.333333 = 999.999999: a binary float product or a truncation would not give 1000.
    const l = linea('1000', { qty: '3', prc: '333.333333' });
    expect(reparosDeMontos(dte({ mntNeto: '1000', tasaIVA: '19', iva: '190', mntTotal: '1190', imptoReten: [] }, [l]))).toEqual([]);
    const corta = linea('999', { qty: '3', prc: '333.333333' });
    expect(reparosDeMontos(dte({ mntNeto: '999', tasaIVA: '19', iva: '190', mntTotal: '1189', imptoReten: [] }, [corta]))).toEqual([
      '(DET) Linea 1: MontoItem 999 distinto de PrcItem x QtyItem - Descuento + Recargo (1000)',
    ]);
  });

  it('rounds IVA half up: 1250 x 19 % = 237.5 gives 238', () => {
    const ok = dte({ mntNeto: '1250', tasaIVA: '19', iva: '238', mntTotal: '1488', imptoReten: [] }, [linea('1250')]);
    expect(reparosDeMontos(ok)).toEqual([]);
    const abajo = dte({ mntNeto: '1250', tasaIVA: '19', iva: '237', mntTotal: '1487', imptoReten: [] }, [linea('1250')]);
    expect(reparosDeMontos(abajo)).toEqual(['(HED) IVA 237 distinto de MntNeto x TasaIVA / 100 (238)']);
  });

  it('divides gross line amounts by 1 + TasaIVA with MntBruto', () => {
    const bruto = dte({ mntNeto: '10000', tasaIVA: '19', iva: '1900', mntTotal: '11900', imptoReten: [] }, [linea('11900')], {
      mntBruto: true,
    });
    expect(reparosDeMontos(bruto)).toEqual([]);
  });

  it('subtracts retained IVA from MntTotal only in a factura de compra', () => {
    const totales = {
      mntNeto: '10000',
      tasaIVA: '19',
      iva: '1900',
      mntTotal: '10000',
      imptoReten: [{ tipoImp: '15', tasaImp: '19', montoImp: '1900' }],
    };
    expect(reparosDeMontos(dte(totales, [linea('10000')], { tipo: 46 }))).toEqual([]);
    expect(reparosDeMontos(dte(totales, [linea('10000')]))).toEqual([
      '(HED) MntTotal 10000 distinto de MntNeto + MntExe + IVA + impuestos adicionales + GrntDep (11900)',
    ]);
  });
});

// Each test builds a valid document, breaks one amount rule (keeping every other total and the TED consistent), has
// the dev signer stamp and sign it again and uploads it: the SII accepts it with objections (a reparo, RLV), since it
// does not reject documents for content errors (Formato DTE v2.2 §2.2).
describe('amount differences are reparos (RLV), not rejections', () => {
  let issuer: DevIssuer;
  beforeAll(async () => {
    issuer = await DevIssuer.start();
  }, 60_000);
  afterAll(() => issuer?.stop());

  /** Each [field, from, to] replaced in the document (outside the TED); MNT, when given, in the DD. */
  const edits =
    (cambios: [string, string][], mnt?: string) =>
    (xml: string): string => {
      const editado = cambios.reduce((x, [campo, valor]) => enDocumento(x, campo, valor), xml);
      return mnt ? enDd(editado, 'MNT', mnt) : editado;
    };

  async function reparo(doc: Parameters<DevIssuer['emitir']>[0], cambios: [string, string][], mnt: string | undefined, glosa: string) {
    const r = await issuer.emitir(doc, { dte: edits(cambios, mnt) });
    expect(r).toMatchObject({ status: 0, errors: [], estado: 'EPR', aceptados: 1, rechazados: 0, reparos: 1 });
    expect(r.documento).toEqual({ result: 'RLV', detail: glosa });
  }

  it('accepts (DOK) documents whose amounts the issuer computed right: decimals, discounts, surcharges, ILA, MontoNF, GrntDep', async () => {
    const docs = [
      issuer.documento(33, { detalle: [{ nombre: 'Seis decimales', cantidad: '1.234567', precio_unitario: 1_000 }] }),
      issuer.documento(33, {
        detalle: [
          { nombre: 'Bebida', cantidad: 10, precio_unitario: 1_000, descuento_pct: 10, codigo_impuesto_adicional: 27 },
          { nombre: 'Otro', cantidad: 1, precio_unitario: 1_000 },
          { nombre: 'Exento', cantidad: 1, precio_unitario: 3_000, exento: true },
          { nombre: 'No facturable', cantidad: 1, precio_unitario: 500, no_facturable: true },
          { nombre: 'Envase', cantidad: 2, precio_unitario: 250, garantia_envase: true },
        ],
        descuentos_recargos: [
          { tipo: 'D', valor: 10, unidad: '%', aplica: 'afecto' },
          { tipo: 'R', valor: 100, unidad: '$', aplica: 'exento' },
        ],
      }),
      issuer.documento(34, { detalle: [{ nombre: 'Exento', cantidad: 2, precio_unitario: 5_000, recargo_pct: 5 }] }),
    ];
    for (const doc of docs) expect((await issuer.emitir(doc)).documento).toEqual({ result: 'DOK', detail: undefined });
  });

  it('MontoItem other than PrcItem x QtyItem - descuento + recargo', async () => {
    await reparo(
      issuer.documento(),
      [['PrcItem', '50005']],
      undefined,
      '(DET) Linea 1: MontoItem 100000 distinto de PrcItem x QtyItem - Descuento + Recargo (100010)',
    );
  });

  it('DescuentoMonto that is not its DescuentoPct', async () => {
    // 3 x 1000 with 10 %: DescuentoMonto 300, MontoItem 2700; stated 200 and 2800, totals consistent with 2800.
    const doc = issuer.documento(33, { detalle: [{ nombre: 'Producto', cantidad: 3, precio_unitario: 1_000, descuento_pct: 10 }] });
    const cambios: [string, string][] = [
      ['DescuentoMonto', '200'],
      ['MontoItem', '2800'],
      ['MntNeto', '2800'],
      ['IVA', '532'],
      ['MntTotal', '3332'],
    ];
    await reparo(doc, cambios, '3332', '(DET) Linea 1: DescuentoMonto 200 no corresponde a DescuentoPct 10 (300)');
  });

  it('MntNeto other than the sum of the taxed lines', async () => {
    const cambios: [string, string][] = [
      ['MntNeto', '100010'],
      ['IVA', '19002'],
      ['MntTotal', '119012'],
    ];
    await reparo(
      issuer.documento(),
      cambios,
      '119012',
      '(HED) MntNeto 100010 distinto de la suma de las lineas afectas con descuentos y recargos globales (100000)',
    );
  });

  it('MntNeto that leaves out a global discount (DscRcgGlobal)', async () => {
    const doc = issuer.documento(33, {
      detalle: [
        { nombre: 'A', cantidad: 1, precio_unitario: 5_000 },
        { nombre: 'B', cantidad: 1, precio_unitario: 5_000 },
      ],
      descuentos_recargos: [{ tipo: 'D', valor: 10, unidad: '%', aplica: 'afecto' }],
    });
    await reparo(
      doc,
      [['ValorDR', '20']],
      undefined,
      '(HED) MntNeto 9000 distinto de la suma de las lineas afectas con descuentos y recargos globales (8000)',
    );
  });

  it('MntExe other than the sum of the exempt lines', async () => {
    const doc = issuer.documento(33, {
      detalle: [
        { nombre: 'A', cantidad: 1, precio_unitario: 10_000 },
        { nombre: 'B', cantidad: 1, precio_unitario: 5_000, exento: true },
      ],
    });
    await reparo(
      doc,
      [
        ['MntExe', '5001'],
        ['MntTotal', '16901'],
      ],
      '16901',
      '(HED) MntExe 5001 distinto de la suma de las lineas exentas con descuentos y recargos globales (5000)',
    );
  });

  it('IVA other than round(MntNeto x TasaIVA / 100)', async () => {
    await reparo(
      issuer.documento(),
      [
        ['IVA', '19001'],
        ['MntTotal', '119001'],
      ],
      '119001',
      '(HED) IVA 19001 distinto de MntNeto x TasaIVA / 100 (19000)',
    );
  });

  it('MontoImp other than TasaImp x its lines', async () => {
    const doc = issuer.documento(33, {
      detalle: [{ nombre: 'Bebida', cantidad: 1, precio_unitario: 10_000, codigo_impuesto_adicional: 27 }],
    });
    await reparo(
      doc,
      [
        ['MontoImp', '1001'],
        ['MntTotal', '12901'],
      ],
      '12901',
      '(HED) MontoImp 1001 del codigo 27 distinto de 1000',
    );
  });

  it('TasaImp other than the code’s legal rate', async () => {
    const doc = issuer.documento(33, {
      detalle: [{ nombre: 'Bebida', cantidad: 1, precio_unitario: 10_000, codigo_impuesto_adicional: 27 }],
    });
    await reparo(
      doc,
      [
        ['TasaImp', '12'],
        ['MontoImp', '1200'],
        ['MntTotal', '13100'],
      ],
      '13100',
      '(HED) TasaImp 12 del codigo 27 distinta de 10',
    );
  });

  it('MontoNF other than the no-billable lines', async () => {
    const doc = issuer.documento(33, {
      detalle: [
        { nombre: 'A', cantidad: 1, precio_unitario: 10_000 },
        { nombre: 'NF', cantidad: 1, precio_unitario: 500, no_facturable: true },
      ],
    });
    await reparo(
      doc,
      [['MontoNF', '400']],
      undefined,
      '(HED) MontoNF 400 distinto de las lineas no facturables menos las no facturables negativas (500)',
    );
  });

  it('GrntDep other than the packaging-deposit lines', async () => {
    const doc = issuer.documento(33, {
      detalle: [
        { nombre: 'A', cantidad: 1, precio_unitario: 10_000 },
        { nombre: 'Envase', cantidad: 1, precio_unitario: 1_000, garantia_envase: true },
      ],
    });
    await reparo(
      doc,
      [
        ['GrntDep', '900'],
        ['MntTotal', '12800'],
      ],
      '12800',
      '(HED) GrntDep 900 distinto de la suma de las lineas de garantia de envases (1000)',
    );
  });

  it('MntTotal other than MntNeto + MntExe + IVA + additional taxes + GrntDep', async () => {
    await reparo(
      issuer.documento(),
      [['MntTotal', '119001']],
      '119001',
      '(HED) MntTotal 119001 distinto de MntNeto + MntExe + IVA + impuestos adicionales + GrntDep (119000)',
    );
  });
});
