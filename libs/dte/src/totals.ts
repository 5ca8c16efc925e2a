import Decimal from 'decimal.js';
import { DteBuildError } from './errors';
import { TIPOS_DTE_EMITIDOS, type TipoDteEmision } from './tipos-dte';
import { LIQUIDACION_FACTURA, totalesComisiones, type ComisionInput, type MontosComisiones } from './comisiones';

export type { TipoDteEmision };

/** IVA rate in percent (DL 825 art. 14). */
export const TASA_IVA = 19;

/** A JSON number or a decimal string ("1234.5"); strings keep digits a binary float would lose. */
export type Decimalish = number | string;

/** Rates (%) of the additional taxes per line (CodImpAdic) and in ImptoReten, SII Formato DTE v2.2 §4: 17-19 IVA anticipado;
 * 23, 44, 45 DL 825 art. 37; 24-27, 271 DL 825 art. 42. The IVA retentions of a factura de compra are {@link RETENCIONES_IVA}. */
export const IMPUESTOS_ADICIONALES: Readonly<Record<number, number>> = {
  17: 5,
  18: 5,
  19: 12,
  23: 15,
  24: 31.5,
  25: 20.5,
  26: 20.5,
  27: 10,
  271: 18,
  44: 15,
  45: 50,
};

/** IVA a factura de compra 46 retains, % of the line's net (SII Formato DTE v2.2 §4, "Factura de Compra emitida cod (45, 46)"): 15 all of
 * it; 31, 38, 39, 41, 47 total; the partial ones at §4's "Normalmente" rate. Not 49 (0 %, Bolsa de Productos) nor 46 (oro: on 33s). */
export const RETENCIONES_IVA: Readonly<Record<number, number>> = {
  15: 19,
  30: 10,
  31: 19,
  32: 8,
  33: 8,
  34: 4,
  36: 10,
  37: 10,
  38: 19,
  39: 19,
  41: 19,
  47: 19,
  48: 14,
};

/** The factura de compra: the buyer issues it and retains the seller's IVA (Formato DTE v2.2 §4, field 124). */
export const FACTURA_COMPRA = 46;

/** IVA anticipado faenamiento: computed on MntBase (Formato DTE v2.2 §B), a base the SII sets, not on the lines. */
const CODIGO_FAENAMIENTO = 17;

/** One line, CLP (Formato DTE v2.2 §C): IndExe 1 exento (implied for 34), 2 no_facturable (MontoNF, outside MntTotal), 6 negativo
 * (subtracted from MontoNF, field 125), 3 garantia_envase (GrntDep, no IVA; DL 825 Reglamento art. 28 inc. 3). */
export interface LineaTotales {
  cantidad: Decimalish;
  precio_unitario: Decimalish;
  exento?: boolean;
  no_facturable?: boolean;
  no_facturable_negativo?: boolean;
  garantia_envase?: boolean;
  descuento_pct?: Decimalish;
  descuento_monto?: number;
  recargo_pct?: Decimalish;
  recargo_monto?: number;
  codigo_impuesto_adicional?: number;
}

/** DscRcgGlobal (Formato DTE v2.2 §D): a percent or whole pesos, on the taxed lines or the exempt ones (IndExeDR=1). */
export interface DescuentoRecargoGlobal {
  tipo: 'D' | 'R';
  valor: Decimalish;
  unidad: '%' | '$';
  aplica: 'afecto' | 'exento';
  glosa?: string;
}

export interface LineaMontos {
  bruto: number;
  descuento: number;
  recargo: number;
  monto: number;
}

/** One ImptoReten entry: TipoImp, TasaImp (percent), MontoImp (CLP). */
export interface ImpuestoAdicional {
  codigo: number;
  tasa: number;
  monto: number;
}

/** Totals, whole CLP; `tasa_iva` 0 on a 34. MontoNF may be negative, outside MntTotal. `impuestos_adicionales` holds a 46's
 * retentions too ({@link RETENCIONES_IVA}); `iva_no_retenido` is IVANoRet (field 118: IVA less the retained, 0 when not written). */
export interface Montos {
  neto: number;
  exento: number;
  iva: number;
  /** The IVA a factura de compra retains: the sum of its retentions among `impuestos_adicionales` (field 124 subtracts it). */
  iva_retenido: number;
  iva_no_retenido: number;
  total: number;
  tasa_iva: number;
  descuentos: number;
  recargos: number;
  impuestos_adicionales: ImpuestoAdicional[];
  no_facturable: number;
  garantia_envases: number;
  /** Totales/Comisiones of a liquidación-factura 43 (fields 121-123), subtracted from MntTotal; zeros otherwise. */
  comisiones: MontosComisiones;
}

const MAX_12_6 = new Decimal('999999999999.999999');

/** A non-negative decimal with at most `places` fraction digits and at most `max`. @throws DteBuildError naming `field`. */
export function decimalOf(value: Decimalish, field: string, places = 6, max: Decimal.Value = MAX_12_6): Decimal {
  let d: Decimal;
  try {
    if (typeof value === 'string' && !/^\d+(\.\d+)?$/.test(value.trim())) throw new Error('not a decimal');
    d = new Decimal(typeof value === 'string' ? value.trim() : value);
  } catch {
    throw new DteBuildError(`${field} must be a decimal number, got ${String(value).slice(0, 40)}`);
  }
  if (!d.isFinite() || d.isNegative() || d.gt(max)) throw new DteBuildError(`${field} must be between 0 and ${new Decimal(max).toFixed()}`);
  if (d.decimalPlaces() > places) throw new DteBuildError(`${field} has more than ${places} decimals: ${d.toFixed()}`);
  return d;
}

/** Whole pesos, halves up (Formato DTE v2.2 types amounts as integers and names no other mode). */
function pesos(d: Decimal, field: string): number {
  const v = d.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
  if (!Number.isSafeInteger(v)) throw new DteBuildError(`${field} exceeds the supported range: ${d.toFixed(0)}`);
  return v;
}

function wholePesos(value: number | undefined, field: string): number {
  if (value === undefined) return 0;
  if (!Number.isSafeInteger(value) || value < 0) throw new DteBuildError(`${field} must be whole pesos >= 0, got ${value}`);
  return value;
}

function percentOf(base: number, pct: Decimalish, field: string, max: number): number {
  const p = decimalOf(pct, field, 2, max);
  if (p.lte(0)) throw new DteBuildError(`${field} must be greater than 0`);
  return pesos(new Decimal(base).times(p).dividedBy(100), field);
}

/** MontoItem = round(cantidad × precio) − descuento + recargo, half up (Formato DTE v2.2 §C Detalle). @throws DteBuildError */
export function lineaMontos(line: LineaTotales): LineaMontos {
  const bruto = pesos(decimalOf(line.cantidad, 'cantidad').times(decimalOf(line.precio_unitario, 'precio_unitario')), 'MontoItem');
  if (line.descuento_pct !== undefined && line.descuento_monto !== undefined) {
    throw new DteBuildError('a line takes descuento_pct or descuento_monto, not both');
  }
  if (line.recargo_pct !== undefined && line.recargo_monto !== undefined) {
    throw new DteBuildError('a line takes recargo_pct or recargo_monto, not both');
  }
  const descuento =
    line.descuento_pct !== undefined
      ? percentOf(bruto, line.descuento_pct, 'descuento_pct', 100)
      : wholePesos(line.descuento_monto, 'descuento_monto');
  const recargo =
    line.recargo_pct !== undefined
      ? percentOf(bruto, line.recargo_pct, 'recargo_pct', 999.99)
      : wholePesos(line.recargo_monto, 'recargo_monto');
  if (descuento > bruto) throw new DteBuildError(`the discount ${descuento} exceeds the line amount ${bruto}`);
  return { bruto, descuento, recargo, monto: bruto - descuento + recargo };
}

/** MontoItem of one line (see {@link lineaMontos}). @throws DteBuildError */
export function montoItem(line: LineaTotales): number {
  return lineaMontos(line).monto;
}

/** The amount of one global discount or surcharge over `base` (the lines it applies to). @throws DteBuildError */
export function montoGlobal(g: DescuentoRecargoGlobal, base: number): number {
  if (g.tipo !== 'D' && g.tipo !== 'R') throw new DteBuildError('a global discount or surcharge has tipo D or R');
  if (g.unidad === '%') return percentOf(base, g.valor, 'descuentos_recargos.valor', g.tipo === 'D' ? 100 : 999.99);
  if (g.unidad !== '$') throw new DteBuildError('descuentos_recargos.unidad must be % or $');
  const d = decimalOf(g.valor, 'descuentos_recargos.valor', 0, '999999999999999999');
  if (d.lte(0)) throw new DteBuildError('descuentos_recargos.valor must be greater than 0');
  return pesos(d, 'ValorDR');
}

interface Sumas {
  neto: number;
  exento: number;
  noFacturable: number;
  garantia: number;
  descuentos: number;
  recargos: number;
  adicionales: Map<number, number>;
}

function sumarLineas(tipoDte: number, detalle: readonly LineaTotales[]): Sumas {
  const s: Sumas = { neto: 0, exento: 0, noFacturable: 0, garantia: 0, descuentos: 0, recargos: 0, adicionales: new Map() };
  for (const line of detalle) {
    const m = lineaMontos(line);
    s.descuentos += m.descuento;
    s.recargos += m.recargo;
    if ([line.exento, line.no_facturable, line.no_facturable_negativo, line.garantia_envase].filter(Boolean).length > 1) {
      throw new DteBuildError('a line is exento, no_facturable, no_facturable_negativo or garantia_envase: one of them');
    }
    if (line.no_facturable) s.noFacturable += m.monto;
    else if (line.no_facturable_negativo) s.noFacturable -= m.monto;
    else if (line.garantia_envase) s.garantia += m.monto;
    else if (tipoDte === 34 || line.exento) s.exento += m.monto;
    else s.neto += m.monto;
    const codigo = line.codigo_impuesto_adicional;
    if (codigo === undefined) continue;
    if (RETENCIONES_IVA[codigo] !== undefined && tipoDte !== FACTURA_COMPRA) {
      throw new DteBuildError(`CodImpAdic ${codigo} is an IVA retention: only a factura de compra 46 carries it (Formato DTE v2.2 §4)`);
    }
    if (IMPUESTOS_ADICIONALES[codigo] === undefined && RETENCIONES_IVA[codigo] === undefined)
      throw new DteBuildError(`CodImpAdic ${codigo} is not an additional tax or retention of Formato DTE v2.2 §4`);
    if (codigo === CODIGO_FAENAMIENTO) {
      throw new DteBuildError(
        'CodImpAdic 17 (IVA anticipado faenamiento de carne) is computed on MntBase, the slaughter base, which is not the sale amount; the gateway does not issue it',
      );
    }
    if (tipoDte === 34 || line.exento || line.no_facturable || line.no_facturable_negativo || line.garantia_envase) {
      throw new DteBuildError(`CodImpAdic ${codigo} on a line that is not taxed`);
    }
    s.adicionales.set(codigo, (s.adicionales.get(codigo) ?? 0) + m.monto);
  }
  return s;
}

/** Formato DTE v2.2 §D rule a): over "ítems con distintos códigos de impuesto o retenciones, el campo tipo de valor ... debe ser %". */
function assertGlobalAplicable(g: DescuentoRecargoGlobal, detalle: readonly LineaTotales[]): void {
  if (g.unidad !== '$') return;
  const gravadas = detalle.filter((l) => !l.exento && !l.no_facturable && !l.no_facturable_negativo && !l.garantia_envase);
  const codigos = new Set(gravadas.map((l) => l.codigo_impuesto_adicional ?? 0));
  if (codigos.size > 1) {
    throw new DteBuildError(
      'a global discount or surcharge in pesos cannot apply to lines with different tax codes: give it in % (Formato DTE v2.2 §D rule a)',
    );
  }
}

/** §D "Estos aumentan o disminuyen la base del impuesto": a percent applies to each additional tax's base, an amount to the single one. */
function ajustarAdicionales(
  bases: Map<number, number>,
  lineas: ReadonlyMap<number, number>,
  g: DescuentoRecargoGlobal,
  monto: number,
): void {
  const sign = Math.sign(monto);
  for (const [codigo, base] of lineas) {
    const cambio = g.unidad === '%' ? sign * montoGlobal(g, base) : monto;
    const nueva = (bases.get(codigo) ?? 0) + cambio;
    if (nueva < 0) throw new DteBuildError(`the global discounts exceed the base of additional tax ${codigo}`);
    bases.set(codigo, nueva);
  }
}

/** Totals of a 33, 34, 43, 46, 52, 56 or 61, whole CLP half up, by SII Formato DTE v2.2 §B fields 107-125 after the §D globals. @throws
 * DteBuildError on invalid input, a peso global over mixed tax codes (§D rule a), code 17 (MntBase is not the sale), retentions off a 46 */
export function computeTotals(
  tipoDte: number,
  detalle: readonly LineaTotales[],
  globales: readonly DescuentoRecargoGlobal[] = [],
  comisionesInput: readonly ComisionInput[] = [],
): Montos {
  if (!(TIPOS_DTE_EMITIDOS as readonly number[]).includes(tipoDte)) throw new DteBuildError(`unsupported tipo_dte ${tipoDte}`);
  if (tipoDte >= 110) throw new DteBuildError(`tipo_dte ${tipoDte} is an export: its totals are in its currency (totalesExportacion)`);
  if (detalle.length === 0) throw new DteBuildError('a document needs at least one Detalle line');
  if (tipoDte === LIQUIDACION_FACTURA) assertLiquidacion(detalle, globales);
  const s = sumarLineas(tipoDte, detalle);
  let { neto, exento } = s;
  const [lineNeto, lineExento] = [s.neto, s.exento];
  const adicionales = new Map(s.adicionales);
  for (const g of globales) {
    const afecto = g.aplica === 'afecto' && tipoDte !== 34;
    if (g.aplica !== 'afecto' && g.aplica !== 'exento') throw new DteBuildError('descuentos_recargos.aplica must be afecto or exento');
    if (afecto) assertGlobalAplicable(g, detalle);
    const monto = montoGlobal(g, afecto ? lineNeto : lineExento);
    const sign = g.tipo === 'D' ? -1 : 1;
    if (g.tipo === 'D') s.descuentos += monto;
    else s.recargos += monto;
    if (afecto) neto += sign * monto;
    else exento += sign * monto;
    if (afecto) ajustarAdicionales(adicionales, s.adicionales, g, sign * monto);
  }
  if (neto < 0 || exento < 0) throw new DteBuildError('the global discounts exceed the amounts they apply to');
  const tasa = tipoDte === 34 ? 0 : TASA_IVA;
  const iva = pesos(new Decimal(neto).times(tasa).dividedBy(100), 'IVA');
  const impuestos = [...adicionales.entries()]
    .sort(([a], [b]) => a - b)
    .map(([codigo, base]) => {
      const tasaImp = IMPUESTOS_ADICIONALES[codigo] ?? RETENCIONES_IVA[codigo];
      return { codigo, tasa: tasaImp, monto: pesos(new Decimal(base).times(tasaImp).dividedBy(100), 'MontoImp') };
    });
  const suma = (retencion: boolean) =>
    impuestos.filter((i) => (RETENCIONES_IVA[i.codigo] !== undefined) === retencion).reduce((t, i) => t + i.monto, 0);
  const retenido = suma(true);
  const comisiones = totalesComisiones(tipoDte, comisionesInput, tasa);
  // Field 124 subtracts the IVA retained and the comisiones; field 118 is "IVA - IVA Retenido", not written at 0.
  const total = neto + exento + iva + suma(false) + s.garantia - retenido - comisiones.neto - comisiones.exento - comisiones.iva;
  if (!Number.isSafeInteger(total)) throw new DteBuildError('MntTotal exceeds the supported range');
  return {
    neto,
    exento,
    iva,
    iva_retenido: retenido,
    iva_no_retenido: retenido > 0 ? iva - retenido : 0,
    total,
    tasa_iva: tasa,
    descuentos: s.descuentos,
    recargos: s.recargos,
    impuestos_adicionales: impuestos,
    no_facturable: s.noFacturable,
    garantia_envases: s.garantia,
    comisiones,
  };
}

/** A liquidación-factura has no DscRcgGlobal nor line discounts (DTE_v10.xsd Liquidacion): refused rather than left out. */
function assertLiquidacion(detalle: readonly LineaTotales[], globales: readonly DescuentoRecargoGlobal[]): void {
  if (globales.length > 0)
    throw new DteBuildError('a liquidación-factura 43 has no global discounts or surcharges (DTE_v10.xsd Liquidacion)');
  const ajustada = detalle.find((l) => [l.descuento_pct, l.descuento_monto, l.recargo_pct, l.recargo_monto].some((v) => v !== undefined));
  if (ajustada) throw new DteBuildError('a liquidación-factura 43 line has no discount or surcharge (DTE_v10.xsd Liquidacion Detalle)');
}
