/**
 * How a received DTE becomes an entry in the receptor's books (docs/research/registry-ledger-accounting.md §3.2; Odoo l10n_cl
 * OTAX_19 sends the tax to IVA Crédito Fiscal):
 *
 *   33 factura, 56 nota de débito     Debe  Costo de Ventas    neto + exento
 *                                     Debe  IVA Crédito Fiscal iva
 *                                     Haber Proveedores        total
 *   34 factura exenta                 Debe  Costo de Ventas    exento   / Haber Proveedores total
 *   61 nota de crédito                the same lines with debe and haber swapped
 *
 * MntTotal may differ from neto + exento + IVA: a positive rest (other taxes or charges that are
 * not recoverable here) is cost; a negative rest is tax the receptor withholds (IVA retenido,
 * Res. Ex. SII cambio de sujeto), owed to the SII: Haber Retenciones por Pagar. The entry always
 * balances. Amounts are CLP whole pesos.
 */

/** DTE types this module books on reception. */
export const BOOKABLE_TIPOS: ReadonlySet<number> = new Set([33, 34, 56, 61]);

/** Names of the document types (SII Formato DTE, TipoDTE). */
export const TIPO_DTE_NOMBRE: Readonly<Record<number, string>> = {
  33: 'Factura electrónica',
  34: 'Factura exenta electrónica',
  56: 'Nota de débito electrónica',
  61: 'Nota de crédito electrónica',
};

/** The accounts a received DTE posts to, by role (see `plan-cuentas/default-chart.ts`). */
export const BOOKING_ROLES = ['compras', 'iva_credito', 'proveedores', 'retenciones'] as const;
export type BookingRole = (typeof BOOKING_ROLES)[number];

export interface DteMontos {
  neto: number;
  exento: number;
  iva: number;
  total: number;
}

/** One line of the entry of a received DTE, by account role. */
export interface RoleLine {
  rol: BookingRole;
  debe: number;
  haber: number;
}

/**
 * The lines of the entry of a received DTE; empty when the document moves no money (e.g. a
 * nota de crédito that only corrects text). Zero amounts produce no line.
 * @param tipo 33, 34, 56 or 61 (see {@link BOOKABLE_TIPOS}).
 * @throws Error for another type (callers filter first).
 */
export function purchaseLines(tipo: number, m: DteMontos): RoleLine[] {
  if (!BOOKABLE_TIPOS.has(tipo)) throw new Error(`DTE type ${tipo} is not booked on reception`);
  const rest = m.total - (m.neto + m.exento + m.iva);
  const cost = m.neto + m.exento + Math.max(rest, 0);
  const lines: RoleLine[] = [
    { rol: 'compras', debe: cost, haber: 0 },
    { rol: 'iva_credito', debe: m.iva, haber: 0 },
    { rol: 'proveedores', debe: 0, haber: m.total },
    { rol: 'retenciones', debe: 0, haber: Math.max(-rest, 0) },
  ].filter((l) => l.debe > 0 || l.haber > 0) as RoleLine[];
  return tipo === 61 ? lines.map((l) => ({ ...l, debe: l.haber, haber: l.debe })) : lines;
}
