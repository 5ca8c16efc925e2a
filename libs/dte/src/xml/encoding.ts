import * as iconv from 'iconv-lite';
import { DteEncodingError, DteParseError } from '../errors';

// The platform's one byte decoding; for signing, only decodings that round-trip exactly. SII payloads are ISO-8859-1 (Formato DTE v2.2).

const DECLARATION = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/;

/** The declared encoding (lower case), looking at the first 200 characters only (the declaration comes first, XML 1.0 §2.8). */
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
    // Latin-1 declared as UTF-8 is common (docs/research/sii-protocol.md §1.6, LibreDTE issues #36/#45): windows-1252, not U+FFFD.
    return isValidUtf8(bytes) ? bytes.toString('utf8') : iconv.decode(bytes, 'win1252');
  }
  if (!iconv.encodingExists(name)) throw new DteParseError(`unsupported XML encoding "${declared}"`);
  return iconv.decode(bytes, name);
}

/** BOM, else the declaration (XML 1.0 §4.3.3), else UTF-8 or windows-1252 (docs/research/sii-protocol.md §1.6). @throws DteParseError */
export function decodeXml(bytes: Buffer | string): string {
  let text = typeof bytes === 'string' ? bytes : decodeBytes(bytes);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('<') || text.includes('\u0000')) {
    throw new DteParseError(text.trim() === '' ? 'empty XML input' : 'input is not XML');
  }
  return text;
}

/** Nothing replaced silently (docs/research/sii-protocol.md §1.6). @throws DteEncodingError naming the first character above U+00FF. */
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

/** Whitespace between tags removed, text untouched: the form the TED `DD` and CAF `DA` are signed in (docs/research/sii-protocol.md §2.3). */
export function flattenXml(xml: string): string {
  return xml.replace(/>[ \t\r\n]+</g, '><').trim();
}

export function withDeclaredEncoding(text: string, encoding: string): string {
  const decl = /^\s*<\?xml\s[^>]*\?>/.exec(text);
  const head = `<?xml version="1.0" encoding="${encoding}"?>`;
  return decl ? head + text.slice(decl[0].length) : `${head}\n${text}`;
}

/** Encodings a signed document can be written back in: label -> iconv-lite name. */
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

/** Decoded XML with the iconv-lite `encoding` (`latin1`, `windows-1252`, `utf8`) to write it back and its UTF-8 BOM length (0 or 3). */
export interface DecodedXml {
  text: string;
  encoding: string;
  bomLength: number;
}

/** Declared encoding, else `fallback` (a DTE fragment's ISO-8859-1), else UTF-8 if valid, else ISO-8859-1. @throws DteEncodingError */
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

/** Before verification (docs/tax-gateway.md "Reception"): an encoding of {@link decodeXmlExact}. @throws DteEncodingError */
export function assertVerifiableEncoding(bytes: Buffer): void {
  decodeXmlExact(bytes);
}

/** Encodes in an iconv-lite name from {@link decodeXmlExact}, refusing what it cannot represent. @throws DteEncodingError */
export function encodeXmlExact(text: string, encoding: string): Buffer {
  const out = iconv.encode(text, encoding);
  if (iconv.decode(out, encoding) !== text) throw new DteEncodingError(`the text cannot be represented in ${encoding}`);
  return out;
}
