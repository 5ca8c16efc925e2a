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

/** One DTE (an EnvioDTE's first) as the SII's "muestras impresas" (docs/research/sii-protocol.md §3.3, §10), on LETTER or an 80 mm roll.
 * @throws DteParseError for non-DTE input; DteBuildError without TED, CEDIBLE on a note or roll, a bad `formato`, too long for a roll */
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
