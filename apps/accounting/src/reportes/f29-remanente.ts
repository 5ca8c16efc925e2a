import Decimal from 'decimal.js';
import { mesSiguiente } from '@lib/dte';

/** A month's IVA from the ledger: YYYY-MM, débito and crédito fiscal in whole CLP. */
export interface IvaMes {
  mes: string;
  debito: number;
  credito: number;
}

/**
 * The remanente carried into `periodo` (its 504, YYYY-MM) from the ledger's months before it (docs/research/f29.md §3; SII FAQ 001_130_1926 and
 * 001_130_1900): each month's 077 = max(0, crédito + 504 − débito); it passes to the next month converted to UTM at the UTM of the month
 * its return is filed (the month after the period, FAQ 001_130_0790), kept to two decimals, and back to pesos at the UTM of the next
 * filing month, rounded half up. `utm(mes)`: the UTM in pesos of a month, undefined when not registered: that step is then not readjusted
 * and `reajustado` says so.
 */
export function remanenteAnterior(
  meses: IvaMes[],
  periodo: string,
  utm: (mes: string) => number | undefined,
): { remanente: number; reajustado: boolean } {
  const porMes = new Map(meses.map((m) => [m.mes, m]));
  const primero = [...porMes.keys()].filter((m) => m < periodo).sort()[0];
  let remanente = 0;
  let reajustado = true;
  // Every month from the first with IVA, also those without: the SII readjusts the remanente each month (FAQ 001_130_1926).
  for (let mes = primero; mes !== undefined && mes < periodo; mes = mesSiguiente(mes)) {
    const iva = porMes.get(mes) ?? { debito: 0, credito: 0 };
    const saldo077 = Math.max(iva.credito + remanente - iva.debito, 0);
    const r = saldo077 > 0 ? reajustar(saldo077, mesSiguiente(mes), mesSiguiente(mesSiguiente(mes)), utm) : { pesos: 0, reajustado: true };
    remanente = r.pesos;
    reajustado &&= r.reajustado;
  }
  return { remanente, reajustado };
}

/** `pesos` filed at `desde` into the pesos of `hasta` (the filing months). */
export function reajustar(
  pesos: number,
  desde: string,
  hasta: string,
  utm: (mes: string) => number | undefined,
): { pesos: number; reajustado: boolean } {
  if (desde === hasta) return { pesos, reajustado: true };
  const [a, b] = [utm(desde), utm(hasta)];
  if (!a || !b) return { pesos, reajustado: false };
  const enUtm = new Decimal(pesos).dividedBy(a).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { pesos: enUtm.times(b).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber(), reajustado: true };
}
