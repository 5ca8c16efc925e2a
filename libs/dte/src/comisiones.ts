import Decimal from 'decimal.js';
import { DteBuildError } from './errors';

/** The liquidación-factura (Formato DTE v2.2 §F "Comisiones y Otros Cargos": obligatory on it). */
export const LIQUIDACION_FACTURA = 43;

/** One line of Comisiones y Otros Cargos (Formato DTE v2.2 §F): TipoMovim C comisión or O otro cargo, Glosa ≤ 60, TasaComision percent
 * (printed only), ValComNeto and ValComExe whole CLP, one not zero; ValComIVA is the IVA of ValComNeto (field 7 "Valor * Tasa IVA"). */
export interface ComisionInput {
  tipo: 'C' | 'O';
  glosa: string;
  tasa?: number | string;
  neto: number;
  exento?: number;
}

/** Totals of the comisiones (Totales/Comisiones, fields 121-123), whole CLP. */
export interface MontosComisiones {
  neto: number;
  exento: number;
  iva: number;
}

export const SIN_COMISIONES: MontosComisiones = { neto: 0, exento: 0, iva: 0 };

/** ValComIVA of one line: round(ValComNeto × the IVA rate), half up. */
export function ivaComision(c: ComisionInput, tasaIva: number): number {
  return new Decimal(c.neto).times(tasaIva).dividedBy(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
}

/** Fields 121-123, 1 to 20 on a 43 only (a 46's are not offered); "No modifican la base del impuesto" (§F): only MntTotal subtracts them.
 * @throws DteBuildError for comisiones on another type, none or over 20 on a 43, or a line {@link ComisionInput} does not allow. */
export function totalesComisiones(tipoDte: number, comisiones: readonly ComisionInput[], tasaIva: number): MontosComisiones {
  if (tipoDte !== LIQUIDACION_FACTURA) {
    if (comisiones.length > 0)
      throw new DteBuildError('Comisiones y Otros Cargos belong to a liquidación-factura 43 (Formato DTE v2.2 §F)');
    return SIN_COMISIONES;
  }
  if (comisiones.length === 0 || comisiones.length > 20) {
    throw new DteBuildError('a liquidación-factura 43 carries 1 to 20 Comisiones y Otros Cargos (Formato DTE v2.2 §F)');
  }
  const total = { ...SIN_COMISIONES };
  for (const c of comisiones) {
    if (c.tipo !== 'C' && c.tipo !== 'O') throw new DteBuildError('comisiones.tipo must be C (comisión) or O (otro cargo)');
    if (!c.glosa?.trim() || c.glosa.trim().length > 60) throw new DteBuildError('comisiones.glosa must have 1 to 60 characters');
    const exento = c.exento ?? 0;
    for (const v of [c.neto, exento]) {
      if (!Number.isSafeInteger(v) || v < 0) throw new DteBuildError(`comisiones amounts are whole pesos >= 0, got ${v}`);
    }
    if (c.neto === 0 && exento === 0) throw new DteBuildError('a comisión has a neto or an exento amount (Formato DTE v2.2 §F fields 5-6)');
    total.neto += c.neto;
    total.exento += exento;
    total.iva += ivaComision(c, tasaIva);
  }
  return total;
}
