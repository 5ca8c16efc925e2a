import { DecodedXml, DteEncodingError, decodeXmlExact, encodeXmlExact } from '@lib/dte';

export type { DecodedXml };

/** Mapped to a 4xx `{error, detail}`. */
export class SignerInputError extends Error {
  constructor(
    readonly error: string,
    readonly detail: string,
    readonly status = 422,
  ) {
    super(detail);
  }
}

/** @lib/dte `decodeXmlExact`. @throws SignerInputError (`bad_encoding`). */
export function decodeXml(bytes: Buffer, fallback?: string): DecodedXml {
  return asInputError(() => decodeXmlExact(bytes, fallback));
}

/** No silent `?`. @throws SignerInputError */
export function encodeText(text: string, encoding: string): Buffer {
  return asInputError(() => encodeXmlExact(text, encoding));
}

function asInputError<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof DteEncodingError) throw new SignerInputError('bad_encoding', err.message);
    throw err;
  }
}
