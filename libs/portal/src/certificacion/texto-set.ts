import { load } from 'cheerio';

/**
 * The text of a set de pruebas as the certification page `pe_generar2` answers it (docs/research/sources/README.md
 * §3: its content type is not documented; peers strip the tags of an HTML answer and keep a text answer as it is).
 * Lines end in LF; the SII writes CRLF (docs/research/sources/README.md §3, `SIISetDePruebas<RUT>.txt`).
 * @returns the set's text, or undefined when the page holds no set (no "NUMERO DE ATENCION").
 */
export function textoSetDePruebas(body: string): string | undefined {
  const text = /^\s*</.test(body) ? load(body)('body').text() : body;
  const normalized = text.replace(/\r\n?/g, '\n');
  return /NUMERO DE ATENCION/i.test(normalized) ? normalized : undefined;
}
