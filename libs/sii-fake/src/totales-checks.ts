import Decimal from 'decimal.js';
import type { DteLeido, LineaLeida } from './dte-leido';
import { pesos, porcentaje, suma, valor } from './internal/aritmetica';

/**
 * Rates (percent) of the additional taxes with a fixed rate, SII Formato DTE v2.2 §4 "Codificación tipos de
 * impuestos": 17, 18 IVA anticipado carne 5 %; 19 harina 12 %; 23, 44 art. 37 15 %; 24 licores 31,5 %; 25 vinos,
 * 26 cervezas 20,5 %; 27 bebidas analcohólicas 10 %; 271 con azúcares 18 %; 45 pirotecnia 50 %. The stand-in's own
 * table (not libs/dte's): a wrong rate in one of them must not pass both.
 */
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
};

/**
 * Codes whose MontoImp is not "Tasa * (Suma de líneas de detalle con código)" (field 117 b-c): margin of
 * commercialization (14, 50), IVA anticipado faenamiento (17: tasa * MntBase), specific taxes per volume
 * (28 diesel, 35 gasolina, 51, 52 gas).
 */
const SIN_BASE_EN_LINEAS = new Set(['14', '17', '28', '35', '50', '51', '52']);

/**
 * Retention codes of §4 ("IVA retenido ...", "Impuesto retenido"): MntTotal subtracts them only in a factura de
 * compra (field 124: "- IVA Retenido productos (en caso de facturas de compra)"); elsewhere they are not part of
 * MntTotal. Every other ImptoReten code is an additional, specific or anticipated tax that MntTotal adds.
 */
const RETENCIONES = new Set('15 30 301 31 32 321 33 331 34 341 36 361 37 371 38 39 41 46 47 48 481 49 53'.split(' '));

const FACTURA_COMPRA = 46;

/**
 * The amount differences the SII does not reject a DTE for: "No se rechazan documentos por errores de contenido
 * por ejemplo errores como que el IVA no sea igual a la tasa del IVA por el Monto neto; las correcciones a este
 * tipo de errores deberán ser hechas vía Nota de Crédito o Nota de Débito" (Formato DTE v2.2 §2.2). Each one is a
 * reparo: the document is accepted with objections. Every rule is recomputed here from the XML, with the
 * stand-in's own decimal arithmetic (internal/aritmetica.ts). The glosas carry the section (DET detalle, HED
 * encabezado) as the SII's answers do (docs/research/sii-protocol.md §2.8 `seccion`); the SII's numeric codes
 * for these reparos are not in the sources we hold.
 */
export function reparosDeMontos(dte: DteLeido): string[] {
  return [...dte.lineas.flatMap(lineaReparos), ...totalesReparos(dte)];
}

/**
 * Formato DTE v2.2 §B field 38: MontoItem = (PrcItem * QtyItem) - DescuentoMonto + RecargoMonto, in whole pesos;
 * judged when the line states both PrcItem and QtyItem (both are conditional, fields 15 and 22). Fields 30 and 34:
 * with a DescuentoPct (RecargoPct) "debe ir el monto correspondiente".
 */
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

/**
 * The amount of a line discount or surcharge given in percent. The manual does not say whether the percent
 * applies to PrcItem * QtyItem before or after rounding to the peso, so either reading is accepted.
 */
function correspondePct(l: LineaLeida, que: string, producto: Decimal, pct?: string, monto?: string): string[] {
  if (pct === undefined) return [];
  const lecturas = [porcentaje(producto, valor(pct)), porcentaje(pesos(producto), valor(pct))];
  if (lecturas.some((v) => v.eq(valor(monto)))) return [];
  return [`(DET) Linea ${l.nro}: ${que}Monto ${valor(monto)} no corresponde a ${que}Pct ${pct} (${lecturas[1]})`];
}

/** Line amounts by the field of Totales they add to (§B IndExe field 5; a 34 is exempt as a whole, note 10). */
interface Sumas {
  neto: Decimal;
  exento: Decimal;
  noFacturable: Decimal;
  garantia: Decimal;
  /** Sum of the lines carrying each CodImpAdic. */
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

/**
 * MntNeto and MntExe (§A fields 107-108): "Suma de valores total de ítems afectos (no afectos o exentos) - descuentos
 * globales + recargos globales". A global discount or surcharge (§D) applies to the taxed lines, or to the exempt
 * ones with IndExeDR 1 (every one in a 34), as a percent of their sum or as ValorDR pesos; IndExeDR 2 applies to the
 * no-billable lines, which field 125 defines without globals. With MntBruto the taxed sum includes IVA and is
 * divided by (1 + TasaIVA / 100) (field 107).
 */
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
  distinto('GrntDep', t.grntDep, s.garantia, 'la suma de las lineas de garantia de envases');
  distinto('MontoNF', t.montoNF, s.noFacturable, 'las lineas no facturables menos las no facturables negativas');
  distinto('MntTotal', t.mntTotal, totalDeclarado(dte), 'MntNeto + MntExe + IVA + impuestos adicionales + GrntDep');
  return out;
}

/**
 * Each ImptoReten (§A fields 116-117): TasaImp the code's legal rate ("según las tasas válidas al momento de la
 * transacción"; §4), MontoImp = TasaImp * the sum of the lines carrying the code, with the global discounts and
 * surcharges on the taxed lines (§D), when lines carry it (117 a).
 */
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

/**
 * The base of an additional tax after the global discounts and surcharges on the taxed lines: §D "Estos aumentan o
 * disminuyen la base del impuesto"; a percent of the code's lines, or ValorDR pesos when the code's lines are all the
 * taxed ones (rule a: with lines of different codes a global value must be a percent).
 */
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

/**
 * MntTotal from the amounts the document states (field 124): MntNeto + MntExe + IVA + the additional, specific
 * and anticipated taxes + GrntDep - CredEC - the IVA retained (only in a factura de compra) - ValComNeto -
 * ValComIVA - ValComExe. Stated amounts, so that one wrong field gives one reparo.
 */
function totalDeclarado(dte: DteLeido): Decimal {
  const t = dte.totales;
  const impuestos = t.imptoReten.map((i) => {
    if (!RETENCIONES.has(i.tipoImp)) return valor(i.montoImp);
    return dte.tipo === FACTURA_COMPRA ? valor(i.montoImp).negated() : new Decimal(0);
  });
  const mas = suma([valor(t.mntNeto), valor(t.mntExe), valor(t.iva), ...impuestos, valor(t.grntDep)]);
  return mas.minus(suma([valor(t.credEC), valor(t.valComNeto), valor(t.valComIVA), valor(t.valComExe)]));
}
