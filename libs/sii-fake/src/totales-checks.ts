import Decimal from 'decimal.js';
import type { DteLeido, LineaLeida } from './dte-leido';
import { pesos, porcentaje, suma, valor } from './internal/aritmetica';
import { TIPOS_BOLETA_LEIDOS, boletaReparos } from './totales-boleta-checks';
import { comisionesReparos } from './liquidacion-checks';
import { TIPOS_EXPORTACION, exportacionReparos } from './exportacion-checks';

/** Fixed rates of SII Formato DTE v2.2 §4, the stand-in's own table: a wrong rate shared with libs/dte would pass both. */
const TASAS_ADICIONALES: Record<string, string> = {
  '17': '5',
  '18': '5',
  '19': '12',
  '23': '15',
  '24': '31.5',
  '25': '20.5',
  '26': '20.5',
  '27': '10',
  '271': '18',
  '44': '15',
  '45': '50',
  // IVA retentions of a factura de compra (§4): the whole IVA, or the part §4 calls usual ("Normalmente").
  '15': '19',
  '30': '10',
  '31': '19',
  '32': '8',
  '33': '8',
  '34': '4',
  '36': '10',
  '37': '10',
  '38': '19',
  '39': '19',
  '41': '19',
  '47': '19',
  '48': '14',
};

/** MontoImp not "Tasa * (Suma de líneas)" (field 117 b-c): margins (14, 50), faenamiento (17, MntBase), per volume (28, 35, 51, 52). */
const SIN_BASE_EN_LINEAS = new Set(['14', '17', '28', '35', '50', '51', '52']);

/** Retentions of §4: MntTotal subtracts them only in a factura de compra (field 124); other ImptoReten codes add to it. */
const RETENCIONES = new Set('15 30 301 31 32 321 33 331 34 341 36 361 37 371 38 39 41 46 47 48 481 49 53'.split(' '));

const FACTURA_COMPRA = 46;

/** Retentions §4 applies to "Factura de Compra emitida cod (45, 46)" and its notes only, with their cambio de sujeto codes;
 * 46 (oro) and 53 (suplementeros) go on other documents. */
export const RETENCIONES_DE_COMPRA = new Set('15 30 301 31 32 321 33 331 34 341 36 361 37 371 38 39 41 47 48 481 49'.split(' '));

/** Reparos: "No se rechazan documentos por errores de contenido ... deberán ser hechas vía Nota de Crédito o Nota de Débito"
 * (Formato DTE v2.2 §2.2). Glosas carry the section as the SII's do, codes unknown (docs/research/sii-protocol.md §2.8). */
export function reparosDeMontos(dte: DteLeido): string[] {
  if (TIPOS_BOLETA_LEIDOS.has(dte.tipo)) return [...dte.lineas.flatMap(lineaReparos), ...boletaReparos(dte)];
  // Amounts in a foreign currency with decimals, exempt (docs/research/exportacion.md §1, §3): their own reparos.
  if (TIPOS_EXPORTACION.has(dte.tipo)) return exportacionReparos(dte);
  return [...comisionesReparos(dte), ...dte.lineas.flatMap(lineaReparos), ...totalesReparos(dte)];
}

/** §B field 38: MontoItem = PrcItem * QtyItem - DescuentoMonto + RecargoMonto, when both stated (fields 15, 22); fields 30, 34. */
function lineaReparos(l: LineaLeida): string[] {
  if (l.prc === undefined || l.qty === undefined) return [];
  const producto = valor(l.prc).times(valor(l.qty));
  const out = [
    ...correspondePct(l, 'Descuento', producto, l.descuentoPct, l.descuentoMonto),
    ...correspondePct(l, 'Recargo', producto, l.recargoPct, l.recargoMonto),
  ];
  const esperado = pesos(producto).minus(valor(l.descuentoMonto)).plus(valor(l.recargoMonto));
  if (!esperado.eq(valor(l.montoItem))) {
    out.push(`(DET) Linea ${l.nro}: MontoItem ${valor(l.montoItem)} distinto de PrcItem x QtyItem - Descuento + Recargo (${esperado})`);
  }
  return out;
}

/** The manual does not say whether the percent applies before or after rounding to the peso, so either is accepted. */
function correspondePct(l: LineaLeida, que: string, producto: Decimal, pct?: string, monto?: string): string[] {
  if (pct === undefined) return [];
  const lecturas = [porcentaje(producto, valor(pct)), porcentaje(pesos(producto), valor(pct))];
  if (lecturas.some((v) => v.eq(valor(monto)))) return [];
  return [`(DET) Linea ${l.nro}: ${que}Monto ${valor(monto)} no corresponde a ${que}Pct ${pct} (${lecturas[1]})`];
}

/** Line amounts by the Totales field they add to (§B IndExe field 5; a 34 is exempt as a whole, note 10). */
interface Sumas {
  neto: Decimal;
  exento: Decimal;
  noFacturable: Decimal;
  garantia: Decimal;
  porCodigo: Map<string, Decimal>;
}

function sumarLineas(dte: DteLeido): Sumas {
  const s: Sumas = {
    neto: new Decimal(0),
    exento: new Decimal(0),
    noFacturable: new Decimal(0),
    garantia: new Decimal(0),
    porCodigo: new Map(),
  };
  for (const l of dte.lineas) {
    const monto = valor(l.montoItem);
    if (l.indExe === '2') s.noFacturable = s.noFacturable.plus(monto);
    else if (l.indExe === '6') s.noFacturable = s.noFacturable.minus(monto);
    else if (l.indExe === '3') s.garantia = s.garantia.plus(monto);
    else if (l.indExe === '1' || dte.tipo === 34) s.exento = s.exento.plus(monto);
    // IndExe 4 and 5 (guías: ítem no venta, ítem a rebajar) carry MontoItem 0 and add to nothing.
    else if (l.indExe === undefined) s.neto = s.neto.plus(monto);
    for (const c of l.codImpAdic) s.porCodigo.set(c, (s.porCodigo.get(c) ?? new Decimal(0)).plus(monto));
  }
  return s;
}

/** MntNeto, MntExe (§A 107-108): lines less globals (§D); IndExeDR 2 is for no-billable lines, which field 125 defines without
 * globals. With MntBruto divide by (1 + TasaIVA/100). */
function netoExento(dte: DteLeido, s: Sumas): { neto: Decimal; exento: Decimal } {
  let { neto, exento } = s;
  for (const g of dte.globales) {
    if (g.indExeDR === '2') continue;
    const exenta = g.indExeDR === '1' || dte.tipo === 34;
    const base = exenta ? s.exento : s.neto;
    const monto = g.tpoValor === '%' ? porcentaje(base, valor(g.valorDR)) : pesos(valor(g.valorDR));
    const signado = g.tpoMov === 'R' ? monto : monto.negated();
    if (exenta) exento = exento.plus(signado);
    else neto = neto.plus(signado);
  }
  if (dte.mntBruto) neto = pesos(neto.dividedBy(valor(dte.totales.tasaIVA).dividedBy(100).plus(1)));
  return { neto, exento };
}

function totalesReparos(dte: DteLeido): string[] {
  const t = dte.totales;
  const s = sumarLineas(dte);
  const { neto, exento } = netoExento(dte, s);
  const out: string[] = [];
  const distinto = (campo: string, documento: string | undefined, calculado: Decimal, como: string) => {
    if (!valor(documento).eq(calculado)) out.push(`(HED) ${campo} ${valor(documento)} distinto de ${como} (${calculado})`);
  };
  distinto('MntNeto', t.mntNeto, neto, 'la suma de las lineas afectas con descuentos y recargos globales');
  distinto('MntExe', t.mntExe, exento, 'la suma de las lineas exentas con descuentos y recargos globales');
  // Field 112: "Valor num.= a Monto neto * tasa IVA", over the MntNeto the document states.
  distinto('IVA', t.iva, porcentaje(valor(t.mntNeto), valor(t.tasaIVA)), 'MntNeto x TasaIVA / 100');
  out.push(...impuestosReparos(dte, s));
  // Field 118: "IVA - IVA Retenido por producto", only in a factura de compra, "No se registra si es igual a 0".
  if (dte.tipo === FACTURA_COMPRA || t.ivaNoRet !== undefined) {
    const retenido = suma(t.imptoReten.filter((i) => RETENCIONES.has(i.tipoImp)).map((i) => valor(i.montoImp)));
    const noRetenido = retenido.isZero() ? new Decimal(0) : valor(t.iva).minus(retenido);
    distinto('IVANoRet', t.ivaNoRet, noRetenido, 'IVA - IVA retenido');
  }
  distinto('GrntDep', t.grntDep, s.garantia, 'la suma de las lineas de garantia de envases');
  distinto('MontoNF', t.montoNF, s.noFacturable, 'las lineas no facturables menos las no facturables negativas');
  distinto('MntTotal', t.mntTotal, totalDeclarado(dte), 'MntNeto + MntExe + IVA + impuestos adicionales + GrntDep');
  return out;
}

/** ImptoReten (§A 116-117): TasaImp the code's legal rate (§4), MontoImp = TasaImp * its lines with the globals (§D, 117 a). */
function impuestosReparos(dte: DteLeido, s: Sumas): string[] {
  const out: string[] = [];
  for (const i of dte.totales.imptoReten) {
    const legal = TASAS_ADICIONALES[i.tipoImp];
    if (legal !== undefined && !valor(i.tasaImp).eq(legal))
      out.push(`(HED) TasaImp ${i.tasaImp ?? '-'} del codigo ${i.tipoImp} distinta de ${legal}`);
    const lineas = s.porCodigo.get(i.tipoImp);
    if (!lineas || SIN_BASE_EN_LINEAS.has(i.tipoImp)) continue;
    const calculado = porcentaje(conGlobales(dte, lineas, lineas.eq(s.neto)), valor(i.tasaImp));
    if (!calculado.eq(valor(i.montoImp))) out.push(`(HED) MontoImp ${valor(i.montoImp)} del codigo ${i.tipoImp} distinto de ${calculado}`);
  }
  return out;
}

/** §D "Estos aumentan o disminuyen la base del impuesto"; pesos only when the code's lines are all the taxed ones (rule a). */
function conGlobales(dte: DteLeido, lineas: Decimal, todasLasAfectas: boolean): Decimal {
  let base = lineas;
  for (const g of dte.globales) {
    if (g.indExeDR !== undefined || dte.tipo === 34) continue;
    if (g.tpoValor !== '%' && !todasLasAfectas) continue;
    const monto = g.tpoValor === '%' ? porcentaje(lineas, valor(g.valorDR)) : pesos(valor(g.valorDR));
    base = g.tpoMov === 'R' ? base.plus(monto) : base.minus(monto);
  }
  return base;
}

/** Field 124 from the stated amounts (so one wrong field gives one reparo); retained IVA subtracts only in a factura de compra. */
function totalDeclarado(dte: DteLeido): Decimal {
  const t = dte.totales;
  const impuestos = t.imptoReten.map((i) => {
    if (!RETENCIONES.has(i.tipoImp)) return valor(i.montoImp);
    return dte.tipo === FACTURA_COMPRA ? valor(i.montoImp).negated() : new Decimal(0);
  });
  const mas = suma([valor(t.mntNeto), valor(t.mntExe), valor(t.iva), ...impuestos, valor(t.grntDep)]);
  return mas.minus(suma([valor(t.credEC), valor(t.valComNeto), valor(t.valComIVA), valor(t.valComExe)]));
}
