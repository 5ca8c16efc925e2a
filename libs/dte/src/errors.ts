/** Base class of every error thrown by `@lib/dte`; `code` is a stable snake_case value. */
export abstract class DteError extends Error {
  abstract readonly code: string;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Input that is not the XML document expected (garbage, wrong root, DOCTYPE/ENTITY, missing field). */
export class DteParseError extends DteError {
  readonly code = 'dte_parse_error';
}

/** A character that ISO-8859-1 (the SII wire encoding) cannot represent, or an unknown encoding. */
export class DteEncodingError extends DteError {
  readonly code = 'dte_encoding_error';
}

/** Builder input that would produce a document the SII rejects (bad type, missing references, limits). */
export class DteBuildError extends DteError {
  readonly code = 'dte_build_error';
}

/** The shipped assets (XSD, certificates) cannot be found or read. */
export class DteAssetsError extends DteError {
  readonly code = 'dte_assets_error';
}

/** First 80 characters of a foreign answer, on one line, for error messages (never logged raw). */
export function excerpt(text: string): string {
  const printable = [...text].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c)).join('');
  return printable.replace(/ +/g, ' ').trim().slice(0, 80);
}

/** An image (the issuer's logo) that is not a PNG or JPEG within the printed document's limits. */
export class DteImageError extends DteError {
  readonly code = 'dte_image_error';
}
