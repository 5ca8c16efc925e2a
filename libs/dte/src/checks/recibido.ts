import { parseCaf, type Caf } from '../caf';
import { DteParseError } from '../errors';
import type { ParsedDte } from '../parsers/received';
import { parsePlainXml, plainText } from '../xml/plain';
import { encodeLatin1 } from '../xml/encoding';

/** A field of the TED's DD that does not repeat the Documento (`campo` is the DD element name). */
export interface TedDiscrepancia {
  campo: 'RE' | 'TD' | 'F' | 'FE' | 'RR' | 'MNT' | 'IT1';
  timbre: string | undefined;
  documento: string;
}

/**
 * The DD fields of a DTE's timbre that differ from its Documento: RE (RUTEmisor), TD (TipoDTE), F (Folio),
 * FE (FchEmis), RR (RUTRecep), MNT (MntTotal) and IT1 (the first 40 characters of the first NmbItem).
 * Source: SII Formato DTE v2.2 §"Timbre Electrónico" (docs/research/sii-protocol.md §3.3). An empty list
 * when they agree, or when the DTE has no TED (its absence is another check's business).
 */
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

/** A total of a DTE that does not add up: what the Documento says and what its lines and rates give (CLP). */
export interface TotalDiscrepancia {
  campo: 'MntNeto' | 'MntExe' | 'IVA' | 'MntTotal';
  documento: number;
  calculado: number;
}

/**
 * The totals of a received DTE that do not add up (SII Formato DTE v2.2 §"Totales"; docs/research/sii-protocol.md §4,
 * "totals (MntNeto × TasaIVA = IVA, with rounding)"): MntNeto = sum of the taxed lines' MontoItem, MntExe = sum of the exempt
 * lines' (every line of a 34 is exempt), IVA = round(MntNeto × TasaIVA / 100), MntTotal = MntNeto + MntExe +
 * IVA. Amounts in CLP pesos. Documents with global discounts or additional taxes are not read by
 * `parseDteDocuments` yet, so their differences show here as well.
 */
export function totalesDiscrepancias(dte: ParsedDte): TotalDiscrepancia[] {
  const { neto, exento, iva, total, tasa_iva } = dte.montos;
  const exempt = (exe: boolean) => dte.tipo_dte === 34 || exe;
  const sum = (exe: boolean) => dte.detalle.filter((d) => exempt(d.exento) === exe).reduce((s, d) => s + d.monto, 0);
  const checks: TotalDiscrepancia[] = [
    { campo: 'MntNeto', documento: neto, calculado: sum(false) },
    { campo: 'MntExe', documento: exento, calculado: sum(true) },
    { campo: 'IVA', documento: iva, calculado: Math.round((neto * tasa_iva) / 100) },
    { campo: 'MntTotal', documento: total, calculado: neto + exento + iva },
  ];
  return checks.filter((c) => c.documento !== c.calculado);
}

/**
 * The CAF the TED's DD carries (DA and FRMA, without the private key), read with `parseCaf` so that its DA
 * stays verbatim for the FRMA check (docs/research/sii-protocol.md §3.3-3.4).
 * @throws DteParseError when the DTE has no TED, the DD no CAF, or the CAF lacks a required field.
 */
export function tedCaf(dte: ParsedDte): Caf {
  const cafXml = /<CAF\b[\s\S]*<\/CAF>/.exec(dte.ted?.ddXml ?? '')?.[0];
  if (!cafXml) throw new DteParseError(dte.ted ? 'the TED carries no CAF' : 'the DTE has no TED');
  return parseCaf(encodeLatin1(`<?xml version="1.0" encoding="ISO-8859-1"?><AUTORIZACION>${cafXml}</AUTORIZACION>`));
}
