import iconv from 'iconv-lite';

/** The SII serves ISO-8859-1, browsers often save UTF-8: a BOM, `charset` meta or XML declaration decides, else valid UTF-8, else ISO-8859-1. */
export function decodeHtml(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  const head = bytes.subarray(0, 2048).toString('latin1');
  const declared = /charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ?? /encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1];
  if (declared && iconv.encodingExists(declared)) return iconv.decode(bytes, declared);
  const utf8 = bytes.toString('utf8');
  return utf8.includes('\uFFFD') ? bytes.toString('latin1') : utf8;
}
