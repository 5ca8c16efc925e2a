import { TIPOS_DTE_VENTA } from '@lib/dte';
import { DteMontos } from '../dte-recepcion/booking-rules';

/**
 * How an emitted DTE becomes an entry in the emisor's books (docs/research/registry-ledger-accounting.md §3.2
 * "Issued invoice": Odoo l10n_cl ITAX_19 sends the tax to IVA Débito Fiscal):
 *   33 factura, 56 nota de débito   Debe  Clientes total / Haber Ventas neto + exento / Haber IVA Débito
 *                                   Fiscal iva / Haber Retenciones por Pagar additional taxes (ILA, ...)
 *   34 factura exenta               Debe  Clientes total / Haber Ventas exento
 *   110 factura de exportación,     Debe  Clientes total / Haber Ventas exento, in the pesos of OtraMoneda
 *   111 its nota de débito
 *   61, 112 notas de crédito        the same lines with debe and haber swapped
 * Additional taxes (ImptoReten) are collected for the Treasury, not earned: role `retenciones`.
 */

/** The sales the gateway issues (libs/dte TIPOS_DTE_VENTA): not a guía 52 (the factura that follows it is the sale) nor a 46. */
export const TIPOS_VENTA = TIPOS_DTE_VENTA;
export const EMITTED_TIPOS: ReadonlySet<number> = new Set(TIPOS_VENTA);

const NOTAS_DE_CREDITO: ReadonlySet<number> = new Set([61, 112]);

export const SALE_ROLES = ['clientes', 'ventas', 'iva_debito', 'retenciones'] as const;
export type SaleRole = (typeof SALE_ROLES)[number];

export interface SaleLine {
  rol: SaleRole;
  debe: number;
  haber: number;
}

/** `adicionales`: the sum of the additional taxes; zero amounts make no line. */
export function saleLines(tipo: number, m: DteMontos & { adicionales?: number }): SaleLine[] {
  if (!EMITTED_TIPOS.has(tipo)) throw new Error(`DTE type ${tipo} is not emitted here`);
  const adicionales = m.adicionales ?? 0;
  const lines = (
    [
      { rol: 'clientes', debe: m.total, haber: 0 },
      { rol: 'ventas', debe: 0, haber: m.total - m.iva - adicionales },
      { rol: 'iva_debito', debe: 0, haber: m.iva },
      { rol: 'retenciones', debe: 0, haber: adicionales },
    ] as SaleLine[]
  ).filter((l) => l.debe > 0 || l.haber > 0);
  return NOTAS_DE_CREDITO.has(tipo) ? lines.map((l) => ({ ...l, debe: l.haber, haber: l.debe })) : lines;
}
