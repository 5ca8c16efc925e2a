// The stand-in's own arithmetic for the amounts of a DTE, on decimal.js directly: it must never share a
// formula with the gateway (libs/dte totals), or a wrong one would pass both.
import Decimal from 'decimal.js';

/** A number as the DTE writes it (SII Formato DTE v2.2 §2.2: a point for decimals, no thousands separator). */
const NUMERO_SII = /^-?\d+(\.\d+)?$/;

/**
 * The value of a numeric field as written, exactly (no binary float in between: QtyItem and PrcItem carry up
 * to 6 decimals, Formato DTE v2.2 §B fields 15 and 22); an absent or empty field is 0.
 * @throws Error when the text is not a number in the SII's notation (the XSD refuses those first).
 */
export function valor(texto: string | undefined): Decimal {
  const t = (texto ?? '').trim();
  if (t === '') return new Decimal(0);
  if (!NUMERO_SII.test(t)) throw new Error(`"${t.slice(0, 30)}" no es un numero`);
  return new Decimal(t);
}

/**
 * Whole pesos, halves up (away from zero), the rounding the SII manual's amounts imply: every amount field is
 * an integer of CLP and the IVA is "Monto neto * tasa IVA" (Formato DTE v2.2 §A field 112).
 */
export function pesos(d: Decimal): Decimal {
  return d.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
}

/** `pct` percent of `base`, in whole pesos. */
export function porcentaje(base: Decimal, pct: Decimal): Decimal {
  return pesos(base.times(pct).dividedBy(100));
}

/** Sum of decimals (0 for none). */
export function suma(valores: Decimal[]): Decimal {
  return valores.reduce((s, v) => s.plus(v), new Decimal(0));
}
