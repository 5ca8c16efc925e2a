import * as iconv from 'iconv-lite';
import { DteEncodingError, DteParseError } from '../errors';

/**
 * The one byte decoding of the platform, with two documented purposes:
 * - reading (`decodeXml`): whatever suppliers and the SII send must be read; a BOM (UTF-8, UTF-16) or
 *   the declaration decides, and bytes declared UTF-8 that are not UTF-8 are read as windows-1252;
 * - signing (`decodeXmlExact` / `encodeXmlExact`): the text is written back to bytes next to a
 *   signature, so only a decoding that round-trips exactly is accepted (ISO-8859-1, windows-1252,
 *   UTF-8; no UTF-16, no invalid UTF-8, no silent replacement).
 * Encoding labels: XML 1.0 §4.3.3; the SII's payloads are ISO-8859-1 (SII Formato DTE v2.2).
 */

const DECLARATION = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/;

/**
 * The encoding named in the XML declaration of `text` (lower case), or undefined when there is none.
 * Only the first 200 characters are looked at (the declaration must be first, XML 1.0 §2.8).
 */
export function declaredEncoding(text: string): string | undefined {
  const m = DECLARATION.exec(text.slice(0, 200));
  return m ? m[1].toLowerCase() : undefined;
}

function iconvName(label: string): string {
  const l = label.toLowerCase();
  if (l === 'iso-8859-1' || l === 'iso8859-1' || l === 'latin1' || l === 'latin-1') return 'latin1';
  if (l === 'windows-1252' || l === 'cp1252') return 'win1252';
  if (l === 'utf8') return 'utf-8';
  return l;
}

function isValidUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function decodeBytes(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return iconv.decode(bytes.subarray(2), 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return iconv.decode(bytes.subarray(2), 'utf-16be');
  const declared = declaredEncoding(bytes.subarray(0, 200).toString('latin1'));
  const name = iconvName(declared ?? 'utf-8');
  if (name === 'utf-8') {
    // The SII and some suppliers send Latin-1 bytes while declaring (or defaulting to) UTF-8
    // (docs/research/sii-protocol.md §1.6, LibreDTE issues #36/#45): fall back to windows-1252, a superset
    // of the printable ISO-8859-1 range, instead of producing U+FFFD replacement characters.
    return isValidUtf8(bytes) ? bytes.toString('utf8') : iconv.decode(bytes, 'win1252');
  }
  if (!iconv.encodingExists(name)) throw new DteParseError(`unsupported XML encoding "${declared}"`);
  return iconv.decode(bytes, name);
}

/**
 * Decodes XML bytes into a JS string, honouring a BOM (UTF-8, UTF-16) or else the encoding declared in
 * the XML declaration (ISO-8859-1, windows-1252, UTF-8, any other label iconv-lite knows); no
 * declaration means UTF-8 (XML 1.0 §4.3.3). Bytes declared UTF-8 that are not valid UTF-8 are read as
 * windows-1252 (SII answers do this; docs/research/sii-protocol.md §1.6). A string is returned as is
 * (minus a BOM). The declaration is kept in the result.
 * @throws DteParseError when the input is empty, names an unknown encoding or does not start with markup.
 */
export function decodeXml(bytes: Buffer | string): string {
  let text = typeof bytes === 'string' ? bytes : decodeBytes(bytes);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('<') || text.includes('\u0000')) {
    throw new DteParseError(text.trim() === '' ? 'empty XML input' : 'input is not XML');
  }
  return text;
}

/**
 * Encodes `xml` as ISO-8859-1 bytes, the encoding of every SII payload (Formato DTE v2.2; docs/research/sii-protocol.md §1.6).
 * Nothing is replaced silently: a byte-exact signature depends on it.
 * @throws DteEncodingError naming the first character above U+00FF and its offset.
 */
export function encodeLatin1(xml: string): Buffer {
  for (let i = 0; i < xml.length; i++) {
    const code = xml.charCodeAt(i);
    if (code > 0xff) {
      const ch = String.fromCodePoint(xml.codePointAt(i) ?? code);
      throw new DteEncodingError(
        `character "${ch}" (U+${(xml.codePointAt(i) ?? code).toString(16).toUpperCase().padStart(4, '0')}) at offset ${i} cannot be encoded in ISO-8859-1`,
      );
    }
  }
  return Buffer.from(xml, 'latin1');
}

/**
 * Removes whitespace between tags (`>` followed by spaces/tabs/CR/LF and `<`) and around the document;
 * text content is untouched. This is the form the TED `DD` and the CAF `DA` are signed in
 * (docs/research/sii-protocol.md §2.3, verified with the SII's own example).
 */
export function flattenXml(xml: string): string {
  return xml.replace(/>[ \t\r\n]+</g, '><').trim();
}

/** Rewrites (or adds) the XML declaration of `text` so that it declares `encoding`. */
export function withDeclaredEncoding(text: string, encoding: string): string {
  const decl = /^\s*<\?xml\s[^>]*\?>/.exec(text);
  const head = `<?xml version="1.0" encoding="${encoding}"?>`;
  return decl ? head + text.slice(decl[0].length) : `${head}\n${text}`;
}

/** Encodings a signed document can be written back in, by label (lower case) -> iconv-lite name. */
const EXACT: Record<string, string> = {
  'iso-8859-1': 'latin1',
  'iso8859-1': 'latin1',
  latin1: 'latin1',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
  'utf-8': 'utf8',
  utf8: 'utf8',
  'us-ascii': 'utf8',
  ascii: 'utf8',
};

/** XML text decoded from bytes, with the encoding needed to write it back. */
export interface DecodedXml {
  text: string;
  /** iconv-lite encoding name: `latin1`, `windows-1252` or `utf8`. */
  encoding: string;
  /** Length of a UTF-8 byte order mark at the start of the bytes (0 or 3). */
  bomLength: number;
}

/**
 * Decodes XML bytes for signing: the declared encoding, else `fallback` (a declaration-less DTE fragment
 * in ISO-8859-1), else UTF-8 when the bytes are valid UTF-8 and ISO-8859-1 otherwise.
 * @throws DteEncodingError for UTF-16/32, an encoding not in the exact table, invalid UTF-8, a BOM that
 *   contradicts the declaration, or a `fallback` that contradicts it.
 */
export function decodeXmlExact(bytes: Buffer, fallback?: string): DecodedXml {
  if (bytes[0] === 0xfe || bytes[0] === 0xff || (bytes[0] === 0 && bytes[1] === 0x3c)) {
    throw new DteEncodingError('UTF-16/UTF-32 XML is not supported');
  }
  const bomLength = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const declared = declaredEncoding(bytes.subarray(bomLength, bomLength + 200).toString('latin1'));
  const named = declared ?? fallback;
  const body = bytes.subarray(bomLength);
  const encoding = named ? EXACT[named.toLowerCase()] : bomLength > 0 || isValidUtf8(body) ? 'utf8' : 'latin1';
  if (!encoding)
    throw new DteEncodingError(`unsupported XML encoding "${named}" (signed XML is read as ISO-8859-1, windows-1252 or UTF-8)`);
  if (declared && fallback && EXACT[fallback.toLowerCase()] !== encoding) {
    throw new DteEncodingError(`encoding "${fallback}" given but "${declared}" declared`);
  }
  if (bomLength && encoding !== 'utf8') throw new DteEncodingError(`UTF-8 byte order mark but encoding "${declared}" declared`);
  if (encoding === 'utf8' && !isValidUtf8(body)) throw new DteEncodingError('the bytes are not valid UTF-8');
  return { text: iconv.decode(body, encoding, { stripBOM: false }), encoding, bomLength };
}

/**
 * Checks that received XML bytes are in an encoding their XMLDSig signatures can be verified in, before any
 * verification is asked for (docs/tax-gateway.md "Reception"): the exact decodings of {@link decodeXmlExact}
 * (ISO-8859-1, windows-1252, UTF-8 with or without BOM, as declared; the SII's payloads are ISO-8859-1, SII
 * Formato DTE v2.2).
 * @throws DteEncodingError naming the problem: UTF-16/32, another encoding (UTF-7...), bytes declared UTF-8
 *   that are not UTF-8.
 */
export function assertVerifiableEncoding(bytes: Buffer): void {
  decodeXmlExact(bytes);
}

/**
 * Encodes `text` in `encoding` (an iconv-lite name from {@link decodeXmlExact}), refusing what it cannot
 * represent instead of writing `?`.
 * @throws DteEncodingError
 */
export function encodeXmlExact(text: string, encoding: string): Buffer {
  const out = iconv.encode(text, encoding);
  if (iconv.decode(out, encoding) !== text) throw new DteEncodingError(`the text cannot be represented in ${encoding}`);
  return out;
}
