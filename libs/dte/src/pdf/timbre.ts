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
 * The timbre electrónico as a PDF417 symbol (PNG), error correction level 5, one symbol character per
 * byte of {@link timbreBytes}, so a reader gets exactly those bytes back.
 * @returns PNG bytes.
 */
export async function timbrePdf417(ted: string): Promise<Buffer> {
  // eclevel is a BWIPP option that bwip-js passes through; its typings do not list it.
  const options = { bcid: 'pdf417', text: timbreBytes(ted).toString('latin1'), eclevel: 5, columns: 12, scale: 2, padding: 4 };
  return bwipjs.toBuffer(options as RenderOptions) as Promise<Buffer>;
}
