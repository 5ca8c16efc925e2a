/**
 * How a received DTE becomes an entry in the receptor's books (docs/research/registry-ledger-accounting.md §3.2;
 * Odoo l10n_cl OTAX_19 sends the tax to IVA Crédito Fiscal):
 *   33 factura, 56 nota de débito     Debe  Costo de Ventas    neto + exento
 *                                     Debe  IVA Crédito Fiscal iva
 *                                     Haber Proveedores        total
 *   34 factura exenta                 Debe  Costo de Ventas    exento   / Haber Proveedores total
 *   61 nota de crédito                the same lines with debe and haber swapped
 *   46 factura de compra              the buyer documents the tenant's sale (SII Formato DTE v2.2: the receptor of a
 *                                     46 is the seller): Debe Clientes total / Haber Ventas neto + exento /
 *                                     Haber IVA Débito Fiscal the IVA the buyer did not retain (retained IVA, cambio
 *                                     de sujeto, is declared and paid by the buyer: MntTotal leaves it out)
 * A positive MntTotal - (neto + exento + IVA) is cost (taxes not recoverable here); a negative one is IVA the receptor
 * withholds (cambio de sujeto), owed to the SII: Haber Retenciones por Pagar. The entry always balances; CLP.
 */

const FACTURA_COMPRA = 46;

export const BOOKABLE_TIPOS: ReadonlySet<number> = new Set([33, 34, FACTURA_COMPRA, 56, 61]);

export const TIPO_DTE_NOMBRE: Readonly<Record<number, string>> = {
  33: 'Factura electrónica',
  34: 'Factura exenta electrónica',
  46: 'Factura de compra electrónica',
  56: 'Nota de débito electrónica',
  61: 'Nota de crédito electrónica',
  110: 'Factura de exportación electrónica',
  111: 'Nota de débito de exportación electrónica',
  112: 'Nota de crédito de exportación electrónica',
};

/** The accounts a received DTE posts to, by role (see `plan-cuentas/default-chart.ts`). */
export const BOOKING_ROLES = ['compras', 'iva_credito', 'proveedores', 'retenciones', 'clientes', 'ventas', 'iva_debito'] as const;
export type BookingRole = (typeof BOOKING_ROLES)[number];

export interface DteMontos {
  neto: number;
  exento: number;
  iva: number;
  total: number;
}

export interface RoleLine {
  rol: BookingRole;
  debe: number;
  haber: number;
}

/** The entry's lines (table above); zero amounts make no line, so a text-only nota de crédito has none. */
export function receptionLines(tipo: number, m: DteMontos): RoleLine[] {
  if (!BOOKABLE_TIPOS.has(tipo)) throw new Error(`DTE type ${tipo} is not booked on reception`);
  return tipo === FACTURA_COMPRA ? facturaCompraLines(m) : purchaseLines(tipo, m);
}

/** MntTotal leaves out the IVA the buyer retained (Formato DTE v2.2 §B field 124); what it adds is another tax collected. */
function facturaCompraLines(m: DteMontos): RoleLine[] {
  const rest = m.total - (m.neto + m.exento + m.iva);
  return (
    [
      { rol: 'clientes', debe: m.total, haber: 0 },
      { rol: 'ventas', debe: 0, haber: m.neto + m.exento },
      { rol: 'iva_debito', debe: 0, haber: m.iva + Math.min(rest, 0) },
      { rol: 'retenciones', debe: 0, haber: Math.max(rest, 0) },
    ] as RoleLine[]
  ).filter((l) => l.debe > 0 || l.haber > 0);
}

function purchaseLines(tipo: number, m: DteMontos): RoleLine[] {
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
