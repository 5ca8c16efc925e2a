import { DteBuildError } from './errors';

/** Document types this library emits: factura (33), factura exenta (34), nota de débito (56), nota de crédito (61). */
export type TipoDteEmision = 33 | 34 | 56 | 61;

/** The IVA rate in percent (Ley sobre Impuesto a las Ventas y Servicios, DL 825 art. 14). */
export const TASA_IVA = 19;

/** One line as far as totals are concerned. Amounts in CLP; `cantidad` and `precio_unitario` ≤ 6 decimals. */
export interface LineaTotales {
  cantidad: number;
  precio_unitario: number;
  /** The line is not subject to IVA (IndExe=1): goes to MntExe. Implied for type 34. */
  exento?: boolean;
  /** Discount in whole pesos (DescuentoMonto), subtracted from the line amount. */
  descuento_monto?: number;
}

/** Document totals in whole CLP. `tasa_iva` is 19 for 33/56/61 and 0 for 34. */
export interface Montos {
  neto: number;
  exento: number;
  iva: number;
  total: number;
  tasa_iva: number;
}

const SCALE = 1_000_000n;

/** A non-negative decimal with at most 6 fraction digits (SII Dec12_6Type) as an integer × 10^6. */
function scaled(value: number, field: string): bigint {
  if (!Number.isFinite(value) || value < 0 || value >= 1e12) {
    throw new DteBuildError(`${field} must be a number between 0 and 999999999999.999999, got ${value}`);
  }
  const fixed = value.toFixed(6);
  if (Number(fixed) !== value) throw new DteBuildError(`${field} has more than 6 decimals: ${value}`);
  const [int, frac] = fixed.split('.');
  return BigInt(int) * SCALE + BigInt(frac);
}

/** Rounds a non-negative rational num/den to the nearest integer, halves up. */
function roundHalfUp(num: bigint, den: bigint): bigint {
  return (num * 2n + den) / (den * 2n);
}

function toSafe(n: bigint, field: string): number {
  const v = Number(n);
  if (!Number.isSafeInteger(v)) throw new DteBuildError(`${field} exceeds the supported range: ${n}`);
  return v;
}

/**
 * MontoItem of one line: round(cantidad × precio_unitario) − descuento_monto, whole pesos, computed in
 * exact decimal arithmetic. Formato DTE v2.2 Detalle field 38 ("(Precio Unitario * Cantidad) – Monto
 * Descuento + Monto Recargo"; MontoType is an integer); the product is rounded half up.
 * @throws DteBuildError on a negative, non-finite or over-precise value, or a discount above the amount.
 */
export function montoItem(line: LineaTotales): number {
  const gross = roundHalfUp(scaled(line.cantidad, 'cantidad') * scaled(line.precio_unitario, 'precio_unitario'), SCALE * SCALE);
  const discount = BigInt(line.descuento_monto ?? 0);
  if (!Number.isSafeInteger(line.descuento_monto ?? 0) || discount < 0n || discount > gross) {
    throw new DteBuildError(`descuento_monto must be a whole number between 0 and the line amount ${gross}`);
  }
  return toSafe(gross - discount, 'MontoItem');
}

/**
 * Totals of a document of type 33, 34, 56 or 61 from its lines, in whole CLP.
 * - 33/56/61: neto = Σ MontoItem of taxed lines, exento = Σ MontoItem of `exento` lines (IndExe=1),
 *   iva = round(neto × 19 / 100), total = neto + exento + iva, tasa_iva = 19.
 * - 34 (factura exenta): every line is exempt: exento = Σ MontoItem, neto = iva = 0, tasa_iva = 0.
 * Rounding rule: Formato DTE v2.2 §2.2 Totales field 112 defines IVA = MntNeto × TasaIVA and the XSD
 * types IVA as an integer (SiiTypes MontoType); the format does not name a rounding mode, we round half
 * up to the whole peso (0.5 goes up), the usual CLP rule. The SII does not reject an inexact IVA
 * (Formato DTE v2.2 §2.2 notes: content errors are corrected with notes 56/61).
 * @throws DteBuildError for another type, no lines, or invalid line values.
 */
export function computeTotals(tipoDte: number, detalle: readonly LineaTotales[]): Montos {
  if (![33, 34, 56, 61].includes(tipoDte)) throw new DteBuildError(`unsupported tipo_dte ${tipoDte}`);
  if (detalle.length === 0) throw new DteBuildError('a document needs at least one Detalle line');
  let neto = 0n;
  let exento = 0n;
  for (const line of detalle) {
    const amount = BigInt(montoItem(line));
    if (tipoDte === 34 || line.exento) exento += amount;
    else neto += amount;
  }
  const tasa = tipoDte === 34 ? 0 : TASA_IVA;
  const iva = roundHalfUp(neto * BigInt(tasa), 100n);
  return {
    neto: toSafe(neto, 'MntNeto'),
    exento: toSafe(exento, 'MntExe'),
    iva: toSafe(iva, 'IVA'),
    total: toSafe(neto + exento + iva, 'MntTotal'),
    tasa_iva: tasa,
  };
}
