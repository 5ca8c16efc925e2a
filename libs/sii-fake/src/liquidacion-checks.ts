import Decimal from 'decimal.js';
import type { DteLeido } from './dte-leido';
import { porcentaje, suma, valor } from './internal/aritmetica';

/** The liquidación-factura (Formato DTE v2.2 §F), the stand-in's own constant. */
const LIQUIDACION = 43;
/** The IVA rate of ValComIVA (§F field 7 "Valor * Tasa IVA"). */
const TASA_IVA = new Decimal(19);

/** §F: "Comisiones y Otros Cargos ... obligatoriamente en Liquidaciones-Factura Electrónicas" (RCH; code unknown). */
export function liquidacionRechazos(dte: DteLeido): string[] {
  if (dte.tipo !== LIQUIDACION || (dte.comisiones ?? []).length > 0) return [];
  return ['(HED) Liquidacion-Factura sin Comisiones y Otros Cargos'];
}

/** Reparos of the comisiones (§F fields 5-7, §A fields 121-123). */
export function comisionesReparos(dte: DteLeido): string[] {
  const lineas = dte.comisiones ?? [];
  if (lineas.length === 0) return [];
  const out: string[] = [];
  lineas.forEach((c, i) => {
    const esperado = porcentaje(valor(c.neto), TASA_IVA);
    if (!valor(c.iva).eq(esperado))
      out.push(`(HED) Comision ${i + 1}: ValComIVA ${valor(c.iva)} distinto de ValComNeto x 19 % (${esperado})`);
  });
  const t = dte.totales;
  const sumas: [string, string | undefined, Decimal][] = [
    ['ValComNeto', t.valComNeto, suma(lineas.map((c) => valor(c.neto)))],
    ['ValComExe', t.valComExe, suma(lineas.map((c) => valor(c.exento)))],
    ['ValComIVA', t.valComIVA, suma(lineas.map((c) => valor(c.iva)))],
  ];
  for (const [campo, total, calculado] of sumas) {
    if (!valor(total).eq(calculado)) out.push(`(HED) ${campo} ${valor(total)} distinto de la suma de las comisiones (${calculado})`);
  }
  return out;
}
