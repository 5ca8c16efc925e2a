import { load } from 'cheerio';

/** The page is not the folio query page (or not one this parser knows). */
export class FoliosParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FoliosParseError';
  }
}

/** `recibido`: a document with this folio reached the SII; `anulado`: the company annulled it; `disponible`: neither. */
export interface EstadoFolio {
  folio: number;
  estado: 'recibido' | 'anulado' | 'disponible';
}

const ESTADOS: Record<string, EstadoFolio['estado']> = { RECIBIDO: 'recibido', ANULADO: 'anulado', DISPONIBLE: 'disponible' };

/**
 * "Consulta de estado de folios": the real page is not in our sources (docs/research/sii-protocol.md §8), this is the project's own reading,
 * served by libs/sii-fake portal-folios.ts. @throws FoliosParseError without `#tbl_folios`, a folio, or a known estado.
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
