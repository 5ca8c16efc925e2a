/** Whole CLP as Chilean documents print them (SII "Manual de muestras impresas"): `119000` -> `119.000`; `,` for decimals. */
export function formatPesos(pesos: number): string {
  const sign = pesos < 0 ? '-' : '';
  return sign + String(Math.abs(Math.round(pesos))).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** An amount of a document: whole pesos, or with its decimals in an export's currency (Totales/TpoMoneda). */
export function formatMonto(value: number, moneda?: string): string {
  return moneda ? formatDecimal(value) : formatPesos(value);
}

/** Up to 6 decimals, no trailing zeros. */
export function formatDecimal(value: number): string {
  const [int, frac] = value.toFixed(6).replace(/0+$/, '').replace(/\.$/, '').split('.');
  return formatPesos(Number(int)) + (frac ? `,${frac}` : '');
}

/** A percent as written in the XML (DescuentoPct, ValorDR; up to 2 decimals): `12.5` -> `12,5%`, `10` -> `10%`. */
export function formatPorcentaje(pct: number): string {
  return `${formatDecimal(pct)}%`;
}

/** `YYYY-MM-DD` as `DD-MM-YYYY`, the date order of Chilean documents. */
export function formatFecha(fecha: string): string {
  const [y, m, d] = fecha.split('-');
  return `${d}-${m}-${y}`;
}

/** Names in the red box (SII Formato DTE v2.2, TipoDTE). */
export const NOMBRE_DOCUMENTO: Readonly<Record<number, string>> = {
  33: 'FACTURA ELECTRÓNICA',
  34: 'FACTURA NO AFECTA O EXENTA ELECTRÓNICA',
  39: 'BOLETA ELECTRÓNICA',
  41: 'BOLETA NO AFECTA O EXENTA ELECTRÓNICA',
  43: 'LIQUIDACIÓN FACTURA ELECTRÓNICA',
  46: 'FACTURA DE COMPRA ELECTRÓNICA',
  52: 'GUÍA DE DESPACHO ELECTRÓNICA',
  56: 'NOTA DE DÉBITO ELECTRÓNICA',
  61: 'NOTA DE CRÉDITO ELECTRÓNICA',
  110: 'FACTURA DE EXPORTACIÓN ELECTRÓNICA',
  111: 'NOTA DE DÉBITO DE EXPORTACIÓN ELECTRÓNICA',
  112: 'NOTA DE CRÉDITO DE EXPORTACIÓN ELECTRÓNICA',
};
