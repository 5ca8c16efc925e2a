import { numAt } from '@lib/dte';
// The stand-in's own arithmetic on decimal.js: it must never share a formula with libs/dte totals, or a wrong one would pass both.
import Decimal from 'decimal.js';

/** SII Formato DTE v2.2 §2.2: a point for decimals, no thousands separator. */
const NUMERO_SII = /^-?\d+(\.\d+)?$/;

/** Exact (QtyItem, PrcItem carry 6 decimals, §B fields 15, 22); absent is 0. @throws Error outside the SII's notation. */
export function valor(texto: string | undefined): Decimal {
  const t = (texto ?? '').trim();
  if (t === '') return new Decimal(0);
  if (!NUMERO_SII.test(t)) throw new Error(`"${t.slice(0, 30)}" no es un numero`);
  return new Decimal(t);
}

/** Halves away from zero: amounts are integer CLP and IVA is "Monto neto * tasa IVA" (Formato DTE v2.2 §A field 112). */
export function pesos(d: Decimal): Decimal {
  return d.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
}

export function porcentaje(base: Decimal, pct: Decimal): Decimal {
  return pesos(base.times(pct).dividedBy(100));
}

export function suma(valores: Decimal[]): Decimal {
  return valores.reduce((s, v) => s.plus(v), new Decimal(0));
}

/** Σ of a numeric child of each element (absent counts 0), whole pesos as the SII's XML writes them. */
export function sumaCampo(elements: Element[], campo: string): number {
  return elements.reduce((s, e) => s + (numAt(e, campo) ?? 0), 0);
}
