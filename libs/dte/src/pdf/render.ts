import { DteBuildError } from '../errors';
import { parseDteDocuments } from '../parsers/received';
import { sliceElements } from '../xml-slice';
import { renderCarta } from './carta';
import { FORMATOS_PDF, type RepresentacionOptions } from './opciones';
import { renderTermica } from './termica';
import { timbrePdf417 } from './timbre';

export { ACUSE_RECIBO_LEY_19983, FORMA_PAGO, leyendaTimbre } from './secciones';
export { FORMATOS_PDF, type FormatoPdf, type RepresentacionOptions } from './opciones';
export { ANCHO_TERMICA } from './termica';

/**
 * The printed representation of one DTE (33, 34, 56, 61) as the SII's rules for printed samples ask
 * (docs/research/sii-protocol.md §3.3 and §10 "muestras impresas"): the red box with the issuer's RUT,
 * the document name and folio and the SII office; issuer and receiver; forma de pago (FmaPago as text),
 * vencimiento and the MntPagos schedule; lines with their discounts and surcharges; references; totals with
 * the global discounts and surcharges; the timbre as PDF417 (ECL 5) with "Timbre Electrónico SII", the
 * resolution and "Verifique documento: www.sii.cl" (`leyendaTimbre`); on request the CEDIBLE copy of a 33 or
 * 34 with the acuse de recibo. Amounts in CLP.
 * `formato: 'carta'` (default) prints LETTER pages; `'termica'` one page 80 mm wide (226.77 pt, 8 pt margins) as
 * long as the content, everything in one column, the box framed in black, the timbre centered in whole 203 dpi dots.
 * @param dteXml a DTE, or an EnvioDTE (its first DTE is printed), as bytes or text.
 * @returns the PDF bytes.
 * @throws DteParseError for input that is not a DTE; DteBuildError for a DTE without TED, CEDIBLE asked for a
 *   note or on the thermal roll (the cedible copy is a LETTER page), an unknown `formato`, or content longer
 *   than a thermal page may be.
 */
export async function renderDtePdf(dteXml: string | Buffer, options: RepresentacionOptions): Promise<Buffer> {
  const formato = options.formato ?? 'carta';
  if (!FORMATOS_PDF.includes(formato)) throw new DteBuildError(`formato must be one of ${FORMATOS_PDF.join(', ')}`);
  if (options.cedible && formato === 'termica') throw new DteBuildError('the thermal roll has no CEDIBLE copy; print it on LETTER (carta)');
  const [dte] = parseDteDocuments(dteXml);
  const ted = sliceElements(dte.xml, 'TED')[0];
  if (!ted) throw new DteBuildError(`DTE ${dte.tipo_dte} N° ${dte.folio} has no TED: nothing to print as the timbre`);
  if (options.cedible && dte.tipo_dte !== 33 && dte.tipo_dte !== 34) {
    throw new DteBuildError('only a factura (33 or 34) has a CEDIBLE copy');
  }
  const timbre = await timbrePdf417(ted);
  return formato === 'termica' ? renderTermica(dte, timbre, options) : renderCarta(dte, timbre, options);
}
