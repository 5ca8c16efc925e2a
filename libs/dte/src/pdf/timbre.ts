import bwipjs, { type RenderOptions } from 'bwip-js';
import { encodeLatin1, flattenXml } from '../xml/encoding';

/**
 * The bytes the timbre carries: the TED element as it stands in the DTE, whitespace between tags
 * removed (the "flattened" TED), in ISO-8859-1 (docs/research/sii-protocol.md §3.3; LibreDTE prints it
 * this way with PDF417 error correction level 5).
 * @param ted the `<TED ...>...</TED>` element text.
 * @throws DteEncodingError when it holds a character outside ISO-8859-1 (a TED never does).
 */
export function timbreBytes(ted: string): Buffer {
  return encodeLatin1(flattenXml(ted));
}

/**
 * The timbre electrónico as a PDF417 symbol (PNG), error correction level 5, in byte compaction: the symbol holds
 * exactly the ISO-8859-1 bytes of {@link timbreBytes}, so a reader gets those bytes back (SII Formato DTE v2.2, TED;
 * docs/research/sii-protocol.md §3.3).
 * @returns PNG bytes.
 */
export async function timbrePdf417(ted: string): Promise<Buffer> {
  // eclevel is a BWIPP option that bwip-js passes through; its typings do not list it. binarytext: each character of
  // `text` is one byte (its code, 0-255); without it bwip-js writes UTF-8, and an "ñ" of the TED would not be the
  // byte the CAF key signed (a scanner that checks FRMT fails).
  const text = timbreBytes(ted).toString('latin1');
  const options = { bcid: 'pdf417', text, binarytext: true, eclevel: 5, columns: 12, scale: 2, padding: 4 };
  return bwipjs.toBuffer(options as RenderOptions) as Promise<Buffer>;
}
