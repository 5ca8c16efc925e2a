import { parseCaf, type Caf } from '../caf';
import { DteParseError } from '../errors';
import type { ParsedDscRcg, ParsedDte } from '../parsers/received';
import { parsePlainXml, plainText } from '../xml/plain';
import { encodeLatin1 } from '../xml/encoding';

export interface TedDiscrepancia {
  campo: 'RE' | 'TD' | 'F' | 'FE' | 'RR' | 'MNT' | 'IT1';
  timbre: string | undefined;
  documento: string;
}

/** DD fields differing from the Documento (Formato DTE v2.2 "Timbre Electrónico", docs/research/sii-protocol.md §3.3); empty without a TED. */
export function tedDiscrepancias(dte: ParsedDte): TedDiscrepancia[] {
  if (!dte.ted?.ddXml) return [];
  const dd = parsePlainXml(dte.ted.ddXml);
  const expected: [TedDiscrepancia['campo'], string][] = [
    ['RE', dte.emisor.rut],
    ['TD', String(dte.tipo_dte)],
    ['F', String(dte.folio)],
    ['FE', dte.fecha_emision],
    ['RR', dte.receptor.rut],
    ['MNT', String(dte.montos.total)],
    ['IT1', (dte.detalle[0]?.nombre ?? '').slice(0, 40)],
  ];
  return expected.map(([campo, documento]) => ({ campo, timbre: plainText(dd, campo), documento })).filter((d) => d.timbre !== d.documento);
}

/** A total that does not add up: stated vs computed (CLP); `codigo` the TipoImp of a MontoImp. */
export interface TotalDiscrepancia {
  campo: 'MntNeto' | 'MntExe' | 'IVA' | 'MontoImp' | 'MntTotal' | 'MontoNF' | 'GrntDep';
  documento: number;
  calculado: number;
  codigo?: number;
}

const halfUp = (n: number) => Math.floor(n + 0.5);

function globalDe(g: ParsedDscRcg, base: number): number {
  return g.unidad === '%' ? halfUp((base * g.valor) / 100) : halfUp(g.valor);
}

function netoExento(dte: ParsedDte): { neto: number; exento: number; noFacturable: number; garantia: number } {
  const clase = (d: ParsedDte['detalle'][number]) =>
    d.ind_exe === 2 ? 'nf' : d.ind_exe === 6 ? 'nf-' : d.ind_exe === 3 ? 'garantia' : dte.tipo_dte === 34 || d.exento ? 'exento' : 'neto';
  const sum = (c: string) => dte.detalle.filter((d) => clase(d) === c).reduce((s, d) => s + d.monto, 0);
  // With MntBruto the taxed lines include IVA (field 107).
  const brutas = sum('neto');
  const neto = dte.otros_totales.montos_brutos ? halfUp(brutas / (1 + dte.montos.tasa_iva / 100)) : brutas;
  const base = { neto, exento: sum('exento') };
  const out = { ...base, noFacturable: sum('nf') - sum('nf-'), garantia: sum('garantia') };
  for (const g of dte.descuentos_recargos) {
    if (g.ind_exe === 2) continue;
    const campo = g.ind_exe === 1 || dte.tipo_dte === 34 ? 'exento' : 'neto';
    out[campo] += (g.tipo === 'D' ? -1 : 1) * globalDe(g, base[campo]);
  }
  return out;
}

/** IVA retained by the buyer (Formato DTE v2.2 §4): only a factura de compra (46) subtracts them from MntTotal (field 124). */
const RETENCIONES_IVA = new Set([15, 30, 301, 31, 32, 321, 33, 331, 34, 341, 36, 361, 37, 371, 38, 39, 41, 46, 47, 48, 481, 49, 53]);
const FACTURA_COMPRA = 46;

/** MntTotal from the stated amounts (Formato DTE v2.2 §B field 124). */
function totalDeclarado(dte: ParsedDte): number {
  const m = dte.montos;
  const o = dte.otros_totales;
  const impuestos = m.impuestos_adicionales.reduce((s, i) => {
    if (!RETENCIONES_IVA.has(i.codigo)) return s + i.monto;
    return dte.tipo_dte === FACTURA_COMPRA ? s - i.monto : s;
  }, 0);
  const comisiones = o.comisiones ? o.comisiones.neto + o.comisiones.exento + o.comisiones.iva : 0;
  return m.neto + m.exento + m.iva + impuestos + m.garantia_envases - o.credito_empresas_constructoras - comisiones;
}

/** §D "Estos aumentan o disminuyen la base del impuesto"; an amount only when every taxed line carries one code (rule a). */
function baseAdicional(dte: ParsedDte, lineas: number): number {
  let base = lineas;
  for (const g of dte.descuentos_recargos) {
    if (g.ind_exe === 1 || g.ind_exe === 2 || dte.tipo_dte === 34) continue;
    base += (g.tipo === 'D' ? -1 : 1) * globalDe(g, lineas);
  }
  return base;
}

/** Totals not adding up (Formato DTE v2.2 §B, CLP half up): observations, never a refusal (docs/research/sii-protocol.md §2.2, §4). */
export function totalesDiscrepancias(dte: ParsedDte): TotalDiscrepancia[] {
  const { neto, exento, iva, total, tasa_iva, no_facturable, garantia_envases } = dte.montos;
  const calc = netoExento(dte);
  const checks: TotalDiscrepancia[] = [
    { campo: 'MntNeto', documento: neto, calculado: calc.neto },
    { campo: 'MntExe', documento: exento, calculado: calc.exento },
    { campo: 'IVA', documento: iva, calculado: halfUp((neto * tasa_iva) / 100) },
  ];
  for (const imp of dte.montos.impuestos_adicionales) {
    const lines = dte.detalle.filter((d) => d.codigos_impuesto.includes(imp.codigo));
    if (lines.length === 0 || dte.otros_totales.impuestos_sin_tasa.includes(imp.codigo)) continue;
    const base = baseAdicional(
      dte,
      lines.reduce((s, d) => s + d.monto, 0),
    );
    checks.push({ campo: 'MontoImp', codigo: imp.codigo, documento: imp.monto, calculado: halfUp((base * imp.tasa) / 100) });
  }
  checks.push({ campo: 'GrntDep', documento: garantia_envases, calculado: calc.garantia });
  checks.push({ campo: 'MntTotal', documento: total, calculado: totalDeclarado(dte) });
  checks.push({ campo: 'MontoNF', documento: no_facturable, calculado: calc.noFacturable });
  return checks.filter((c) => c.documento !== c.calculado);
}

/** The TED's CAF via `parseCaf`, DA verbatim for FRMA (docs/research/sii-protocol.md §3.3-3.4). @throws DteParseError without TED, CAF or fields. */
export function tedCaf(dte: ParsedDte): Caf {
  const cafXml = /<CAF\b[\s\S]*<\/CAF>/.exec(dte.ted?.ddXml ?? '')?.[0];
  if (!cafXml) throw new DteParseError(dte.ted ? 'the TED carries no CAF' : 'the DTE has no TED');
  return parseCaf(encodeLatin1(`<?xml version="1.0" encoding="ISO-8859-1"?><AUTORIZACION>${cafXml}</AUTORIZACION>`));
}
