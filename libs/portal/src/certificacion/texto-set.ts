import { load } from 'cheerio';

/**
 * `pe_generar2`'s answer as text (docs/research/sources/README.md §3: content type undocumented; peers strip an HTML answer's tags), LF lines
 * (the SII writes CRLF); undefined without "NUMERO DE ATENCION".
 */
export function textoSetDePruebas(body: string): string | undefined {
  const text = /^\s*</.test(body) ? load(body)('body').text() : body;
  const normalized = text.replace(/\r\n?/g, '\n');
  return /NUMERO DE ATENCION/i.test(normalized) ? normalized : undefined;
}
