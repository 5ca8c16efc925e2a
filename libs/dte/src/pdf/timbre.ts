import bwipjs, { type RenderOptions } from 'bwip-js';
import { encodeLatin1, flattenXml } from '../xml/encoding';

/** The flattened TED in ISO-8859-1 (docs/research/sii-protocol.md §3.3; LibreDTE prints it so). @throws DteEncodingError outside ISO-8859-1. */
export function timbreBytes(ted: string): Buffer {
  return encodeLatin1(flattenXml(ted));
}

/** PNG, ECL 5, byte compaction: a reader gets exactly {@link timbreBytes} back (Formato DTE v2.2 TED; docs/research/sii-protocol.md §3.3). */
export async function timbrePdf417(ted: string): Promise<Buffer> {
  // binarytext: one byte per character, else UTF-8 and an "ñ" is not the byte the CAF key signed; eclevel goes through untyped.
  const text = timbreBytes(ted).toString('latin1');
  const options = { bcid: 'pdf417', text, binarytext: true, eclevel: 5, columns: 12, scale: 2, padding: 4 };
  return bwipjs.toBuffer(options as RenderOptions) as Promise<Buffer>;
}
