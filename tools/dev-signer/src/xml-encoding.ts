import * as iconv from 'iconv-lite';

/** A client error the server maps to a 4xx JSON answer `{error, detail}`. */
export class SignerInputError extends Error {
  constructor(
    readonly error: string,
    readonly detail: string,
    readonly status = 422,
  ) {
    super(detail);
  }
}

/** XML text decoded from bytes, with the encoding needed to write it back. */
export interface DecodedXml {
  text: string;
  /** iconv-lite encoding name: `latin1`, `windows-1252` or `utf8`. */
  encoding: string;
  /** Length of a UTF-8 byte order mark at the start of the bytes (0 or 3). */
  bomLength: number;
}

const SUPPORTED: Record<string, string> = {
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

/**
 * Decodes XML bytes honouring the XML declaration's encoding (XML 1.0 §4.3.3; the SII uses
 * ISO-8859-1, SII Formato DTE v2.2). Without a declaration (a DTE fragment as libs/dte builds it)
 * the caller's `fallback` encoding applies; without one, UTF-8 when the bytes are valid UTF-8, else
 * ISO-8859-1. UTF-16, unknown encodings and invalid UTF-8 under a UTF-8 declaration are rejected.
 * @throws SignerInputError (`bad_encoding`).
 */
export function decodeXml(bytes: Buffer, fallback?: string): DecodedXml {
  if (bytes[0] === 0xfe || bytes[0] === 0xff || (bytes[0] === 0 && bytes[1] === 0x3c)) {
    throw new SignerInputError('bad_encoding', 'UTF-16/UTF-32 XML is not supported');
  }
  const bomLength = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const head = bytes.subarray(bomLength, bomLength + 200).toString('latin1');
  const declared = /^<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  const named = declared ?? fallback;
  const encoding = named ? SUPPORTED[named.toLowerCase()] : guessUndeclared(bytes.subarray(bomLength), bomLength > 0);
  if (!encoding) throw new SignerInputError('bad_encoding', `unsupported XML encoding "${named}"`);
  if (declared && fallback && SUPPORTED[fallback.toLowerCase()] !== encoding) {
    throw new SignerInputError('bad_encoding', `encoding "${fallback}" given but "${declared}" declared`);
  }
  if (bomLength && encoding !== 'utf8') {
    throw new SignerInputError('bad_encoding', `UTF-8 byte order mark but encoding "${declared}" declared`);
  }
  const body = bytes.subarray(bomLength);
  const text = iconv.decode(body, encoding, { stripBOM: false });
  if (encoding === 'utf8' && !Buffer.from(text, 'utf8').equals(body)) {
    throw new SignerInputError('bad_encoding', 'the bytes are not valid UTF-8');
  }
  return { text, encoding, bomLength };
}

function guessUndeclared(body: Buffer, hasBom: boolean): string {
  if (hasBom) return 'utf8';
  return Buffer.from(body.toString('utf8'), 'utf8').equals(body) ? 'utf8' : 'latin1';
}

/** Encodes `text` in `encoding`; throws when a character cannot be represented (no silent `?`). */
export function encodeText(text: string, encoding: string): Buffer {
  const out = iconv.encode(text, encoding);
  if (iconv.decode(out, encoding) !== text) {
    throw new SignerInputError('bad_encoding', `the text cannot be represented in ${encoding}`);
  }
  return out;
}
