import Decimal from 'decimal.js';
import type { DteLeido, LineaLeida } from './dte-leido';
import { pesos, porcentaje, suma, valor } from './internal/aritmetica';

/** Amounts in TpoMoneda with up to 4 decimals (FMT field 106; DTE_v10.xsd decimal 18,4); peers write 2 (Odoo) or 4 (LibreDTE)
 * (docs/research/exportacion.md §3), so the exact value rounded half up to 2, 3 or 4 decimals agrees. */
const DECIMALES = [2, 3, 4];

function escrito(exacto: Decimal, documento: string | undefined): boolean {
  const d = valor(documento);
  return DECIMALES.some((n) => exacto.toDecimalPlaces(n, Decimal.ROUND_HALF_UP).eq(d));
}

const cuatro = (d: Decimal) => d.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toString();

/** Reparos of 110-112 in place of the domestic ones: no MntNeto, IVA nor rounding to the peso (docs/research/exportacion.md §1
 * "exports are exempt"); MntExe the lines ± DscRcgGlobal (FMT 108, §D), MntTotal = MntExe (FMT 124). */
export function exportacionMontosReparos(dte: DteLeido): string[] {
  return [...dte.lineas.flatMap(lineaReparos), ...totalesReparos(dte)];
}

/** FMT §B 38, amounts to 4 decimals. */
function lineaReparos(l: LineaLeida): string[] {
  if (l.prc === undefined || l.qty === undefined) return [];
  const producto = valor(l.prc).times(valor(l.qty));
  const descuento = ajuste(l, 'Descuento', producto, l.descuentoPct, l.descuentoMonto);
  const recargo = ajuste(l, 'Recargo', producto, l.recargoPct, l.recargoMonto);
  const out = [...descuento.reparos, ...recargo.reparos];
  const exacto = producto.minus(descuento.monto).plus(recargo.monto);
  if (!escrito(exacto, l.montoItem)) {
    out.push(
      `(DET) Linea ${l.nro}: MontoItem ${valor(l.montoItem)} distinto de PrcItem x QtyItem - Descuento + Recargo (${cuatro(exacto)})`,
    );
  }
  return out;
}

/** Descuento/RecargoMonto are whole (MntImpType): a fractional one goes as the Pct alone (docs/research/exportacion.md §1;
 * ruraldte-engine: PrcItem 1 + RecargoPct 10 → MontoItem 1.1). With both, as totales-checks.ts reads §B 30, 34. */
function ajuste(l: LineaLeida, que: string, producto: Decimal, pct?: string, monto?: string): { monto: Decimal; reparos: string[] } {
  if (monto === undefined) return { monto: pct === undefined ? new Decimal(0) : producto.times(valor(pct)).dividedBy(100), reparos: [] };
  if (pct === undefined) return { monto: valor(monto), reparos: [] };
  const lecturas = [porcentaje(producto, valor(pct)), porcentaje(pesos(producto), valor(pct))];
  if (lecturas.some((v) => v.eq(valor(monto)))) return { monto: valor(monto), reparos: [] };
  return {
    monto: valor(monto),
    reparos: [`(DET) Linea ${l.nro}: ${que}Monto ${valor(monto)} no corresponde a ${que}Pct ${pct} (${lecturas[0]})`],
  };
}

/** Every billable line is exempt; IndExe 2-6 add to nothing, as an export's Totales has no MontoNF nor GrntDep. A global (§D) is
 * a percent of the lines or ValorDR in the document's currency. */
function totalesReparos(dte: DteLeido): string[] {
  const t = dte.totales;
  const lineas = suma(dte.lineas.filter((l) => l.indExe === undefined || l.indExe === '1').map((l) => valor(l.montoItem)));
  let exento = lineas;
  for (const g of dte.globales) {
    if (g.indExeDR === '2') continue;
    const monto = g.tpoValor === '%' ? lineas.times(valor(g.valorDR)).dividedBy(100) : valor(g.valorDR);
    exento = g.tpoMov === 'R' ? exento.plus(monto) : exento.minus(monto);
  }
  const out: string[] = [];
  if (!escrito(exento, t.mntExe))
    out.push(`(HED) MntExe ${valor(t.mntExe)} distinto de la suma de las lineas con descuentos y recargos globales (${cuatro(exento)})`);
  if (!valor(t.mntTotal).eq(valor(t.mntExe))) out.push(`(HED) MntTotal ${valor(t.mntTotal)} distinto de MntExe (${valor(t.mntExe)})`);
  return out;
}
