import { tedDiscrepancias, totalesDiscrepancias, type ParsedDte, type TotalDiscrepancia } from '@lib/dte';

/**
 * What the SII checks in the content of each DTE of an upload, as the stand-in reports it (a reason per
 * failure, the section first as in the SII's result e-mails: TED, HED encabezado, DET detalle, REF
 * referencias; docs/research/sii-protocol.md §2.5 and §3.2-3.3). An empty list is a DTE the SII accepts
 * on content. The exact SII codes of these rules are not public in the sources we hold; the sections
 * and the rule are.
 */
export function contentProblems(dte: ParsedDte): string[] {
  return [...tedMatches(dte), ...encabezado(dte), ...lineas(dte), ...referencias(dte)];
}

/** The TED's DD repeats RE, TD, F, FE, RR, MNT and IT1 of the document (Formato DTE v2.2, TED). */
function tedMatches(dte: ParsedDte): string[] {
  return tedDiscrepancias(dte).map((d) => `(TED) ${d.campo} del timbre no corresponde al documento`);
}

/** The issuer's address and comuna are required (DirOrigen, CmnaOrigen). */
function encabezado(dte: ParsedDte): string[] {
  const out: string[] = [];
  if (!dte.emisor.direccion) out.push('(HED) Falta Direccion de Origen');
  if (!dte.emisor.comuna) out.push('(HED) Falta Comuna de Origen');
  return out;
}

/**
 * Line amounts with the global discounts and surcharges add up to MntNeto and MntExe, each additional tax
 * to its rate over its lines, MntTotal = neto + exento + IVA + additional taxes; a 33 has taxed lines (IVA: a
 * reparo, upload-checks).
 */
function lineas(dte: ParsedDte): string[] {
  const glosas: Record<TotalDiscrepancia['campo'], ((d: TotalDiscrepancia) => string) | undefined> = {
    MntNeto: (d) => `(DET) Suma de lineas afectas ${d.calculado} distinta de MntNeto ${d.documento}`,
    MntExe: (d) => `(DET) Suma de lineas exentas ${d.calculado} distinta de MntExe ${d.documento}`,
    MntTotal: (d) => `(HED) MntTotal ${d.documento} distinto de MntNeto + MntExe + IVA + Impuestos Adicionales`,
    MontoImp: (d) => `(HED) MontoImp de TipoImp ${d.codigo} ${d.documento} distinto de ${d.calculado}`,
    MontoNF: (d) => `(HED) MontoNF ${d.documento} distinto de la suma de lineas no facturables ${d.calculado}`,
    GrntDep: (d) => `(HED) GrntDep ${d.documento} distinto de la suma de lineas de garantia de envases ${d.calculado}`,
    IVA: undefined,
  };
  const taxed = dte.detalle.some((d) => !d.exento && d.ind_exe !== 2 && d.ind_exe !== 3);
  const out = dte.tipo_dte === 33 && !taxed && dte.detalle.length > 0 ? ['(DET) Factura afecta sin lineas afectas'] : [];
  for (const d of totalesDiscrepancias(dte)) {
    const glosa = glosas[d.campo];
    if (glosa) out.push(glosa(d));
  }
  return out;
}

/** A nota de crédito or débito references the document it modifies, saying how (CodRef). */
function referencias(dte: ParsedDte): string[] {
  if (dte.tipo_dte !== 56 && dte.tipo_dte !== 61) return [];
  if (dte.referencias.length === 0) return ['(REF) Nota sin referencia al documento que modifica'];
  return dte.referencias.some((r) => r.codigo !== undefined) ? [] : ['(REF) Nota sin CodRef'];
}
