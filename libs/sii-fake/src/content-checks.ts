import { parsePlainXml, plainText, type ParsedDte } from '@lib/dte';

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
  if (!dte.ted?.ddXml) return [];
  const dd = parsePlainXml(dte.ted.ddXml);
  const expected: [string, string][] = [
    ['RE', dte.emisor.rut],
    ['TD', String(dte.tipo_dte)],
    ['F', String(dte.folio)],
    ['FE', dte.fecha_emision],
    ['RR', dte.receptor.rut],
    ['MNT', String(dte.montos.total)],
    ['IT1', (dte.detalle[0]?.nombre ?? '').slice(0, 40)],
  ];
  return expected
    .filter(([name, value]) => plainText(dd, name) !== value)
    .map(([name]) => `(TED) ${name} del timbre no corresponde al documento`);
}

/** The issuer's address and comuna are required (DirOrigen, CmnaOrigen). */
function encabezado(dte: ParsedDte): string[] {
  const out: string[] = [];
  if (!dte.emisor.direccion) out.push('(HED) Falta Direccion de Origen');
  if (!dte.emisor.comuna) out.push('(HED) Falta Comuna de Origen');
  return out;
}

/** Line amounts add up to MntNeto and MntExe, and MntTotal = neto + exento + IVA; a 33 has taxed lines. */
function lineas(dte: ParsedDte): string[] {
  const { neto, exento, iva, total } = dte.montos;
  const exempt = (exe: boolean) => dte.tipo_dte === 34 || exe;
  const sumNeto = dte.detalle.filter((d) => !exempt(d.exento)).reduce((s, d) => s + d.monto, 0);
  const sumExento = dte.detalle.filter((d) => exempt(d.exento)).reduce((s, d) => s + d.monto, 0);
  const out: string[] = [];
  if (dte.tipo_dte === 33 && sumNeto === 0 && dte.detalle.length > 0) out.push('(DET) Factura afecta sin lineas afectas');
  if (sumNeto !== neto) out.push(`(DET) Suma de lineas afectas ${sumNeto} distinta de MntNeto ${neto}`);
  if (sumExento !== exento) out.push(`(DET) Suma de lineas exentas ${sumExento} distinta de MntExe ${exento}`);
  if (neto + exento + iva !== total) out.push(`(HED) MntTotal ${total} distinto de MntNeto + MntExe + IVA`);
  return out;
}

/** A nota de crédito or débito references the document it modifies, saying how (CodRef). */
function referencias(dte: ParsedDte): string[] {
  if (dte.tipo_dte !== 56 && dte.tipo_dte !== 61) return [];
  if (dte.referencias.length === 0) return ['(REF) Nota sin referencia al documento que modifica'];
  return dte.referencias.some((r) => r.codigo !== undefined) ? [] : ['(REF) Nota sin CodRef'];
}
