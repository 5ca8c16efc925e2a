import { load } from 'cheerio';

/** The page is not the folio query page (or not one this parser knows). */
export class FoliosParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FoliosParseError';
  }
}

/** What the SII registered of one folio of a company and document type. */
export interface EstadoFolio {
  folio: number;
  /** `recibido`: a document with this folio reached the SII; `anulado`: the company annulled it; `disponible`: neither. */
  estado: 'recibido' | 'anulado' | 'disponible';
}

const ESTADOS: Record<string, EstadoFolio['estado']> = { RECIBIDO: 'recibido', ANULADO: 'anulado', DISPONIBLE: 'disponible' };

/**
 * Reads the portal's folio query page (`/cvc_cgi/dte/of_consulta_folios.cgi`, "Consulta de estado de folios" of the
 * timbraje electrónico). Its real structure is not in our sources (docs/research/sii-protocol.md §8 lists the
 * portal's login and pages without it): this is the project's own reading, in the style of the portal pages that are
 * known (ids on tables, `span.textof` cells), and the stand-in (libs/sii-fake `portal-folios.ts`) serves exactly it:
 * `table#tbl_folios` with a header row and one row per folio, cells Folio and Estado (RECIBIDO, ANULADO, DISPONIBLE).
 * @returns the folios in page order.
 * @throws FoliosParseError when the page has no `#tbl_folios`, or a row has no folio or an unknown estado.
 */
export function parseConsultaFolios(html: string): EstadoFolio[] {
  const $ = load(html);
  const table = $('#tbl_folios');
  if (table.length === 0) {
    const texto = $('body').text().replace(/\s+/g, ' ').trim().slice(0, 160);
    throw new FoliosParseError(`not the folio query page: no #tbl_folios${texto ? ` (${texto})` : ''}`);
  }
  const out: EstadoFolio[] = [];
  for (const row of table.find('tr').toArray()) {
    const cells = $(row)
      .children('td')
      .toArray()
      .map((c) => $(c).text().replace(/\s+/g, ' ').trim());
    if (cells.length < 2 || /^folio$/i.test(cells[0])) continue;
    if (!/^\d+$/.test(cells[0])) throw new FoliosParseError(`a row without a folio: "${cells[0]}"`);
    const estado = ESTADOS[cells[1].toUpperCase()];
    if (!estado) throw new FoliosParseError(`folio ${cells[0]}: unknown estado "${cells[1]}"`);
    out.push({ folio: Number(cells[0]), estado });
  }
  return out;
}
