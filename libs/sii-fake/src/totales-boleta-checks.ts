import Decimal from 'decimal.js';
import type { DteLeido } from './dte-leido';
import { pesos, suma, valor } from './internal/aritmetica';

/** The IVA rate a boleta's gross amounts include (DL 825 art. 14), the stand-in's own constant. */
const IVA_BOLETA = new Decimal('0.19');

export const TIPOS_BOLETA_LEIDOS = new Set([39, 41]);

/** Line prices include IVA (docs/research/boletas.md §2.1; LibreDTE `calcularNetoIVA`, ruraldte-engine `boleta-dte.ts`), so
 * IVA is the rest after MntNeto. Reparos: content errors are no grounds for rejection (Formato DTE v2.2 §2.2). */
export function boletaReparos(dte: DteLeido): string[] {
  const lineas = dte.lineas.filter((l) => l.indExe !== '2' && l.indExe !== '6');
  const total = suma(lineas.map((l) => valor(l.montoItem)));
  const exento = suma(lineas.filter((l) => dte.tipo === 41 || l.indExe === '1').map((l) => valor(l.montoItem)));
  const afecto = total.minus(exento);
  const neto = pesos(afecto.dividedBy(IVA_BOLETA.plus(1)));
  const t = dte.totales;
  const out: string[] = [];
  const distinto = (campo: string, documento: string | undefined, calculado: Decimal, como: string) => {
    if (!valor(documento).eq(calculado)) out.push(`(HED) ${campo} ${valor(documento)} distinto de ${como} (${calculado})`);
  };
  distinto('MntTotal', t.mntTotal, total, 'la suma de las lineas');
  distinto('MntExe', t.mntExe, exento, 'la suma de las lineas exentas');
  if (dte.tipo === 39) {
    distinto('MntNeto', t.mntNeto, neto, 'el monto afecto dividido por 1,19');
    distinto('IVA', t.iva, afecto.minus(neto), 'el monto afecto menos el neto');
  }
  return out;
}

/** RCH: Formato DTE v2.2 §B field 5's rule for a factura 33 applied to its boleta (LibreDTE `NormalizeBoletaExentaJob` [P];
 * docs/research/boletas.md §2.1). */
export function boletaRechazos(dte: DteLeido): string[] {
  if (dte.tipo === 41 && (valor(dte.totales.mntNeto).gt(0) || valor(dte.totales.iva).gt(0)))
    return ['(HED) Boleta exenta con Monto Neto o IVA'];
  if (dte.tipo === 39 && dte.lineas.length > 0 && dte.lineas.every((l) => l.indExe !== undefined))
    return ['(DET) Boleta afecta sin lineas afectas'];
  return [];
}
