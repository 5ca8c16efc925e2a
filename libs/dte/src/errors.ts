/** Base of every `@lib/dte` error; `code` is stable snake_case. */
export abstract class DteError extends Error {
  abstract readonly code: string;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Not the XML expected (garbage, wrong root, DOCTYPE/ENTITY, missing field). */
export class DteParseError extends DteError {
  readonly code = 'dte_parse_error';
}

/** Not representable in ISO-8859-1 (the SII wire encoding), or an unknown encoding. */
export class DteEncodingError extends DteError {
  readonly code = 'dte_encoding_error';
}

/** Input that would give a document the SII rejects. */
export class DteBuildError extends DteError {
  readonly code = 'dte_build_error';
}

/** The shipped assets (XSD, certificates) cannot be found or read. */
export class DteAssetsError extends DteError {
  readonly code = 'dte_assets_error';
}

/** One line, 80 characters, for messages (never logged raw). */
export function excerpt(text: string): string {
  const printable = [...text].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c)).join('');
  return printable.replace(/ +/g, ' ').trim().slice(0, 80);
}

/** An image (the issuer's logo) that is not a PNG or JPEG within the printed document's limits. */
export class DteImageError extends DteError {
  readonly code = 'dte_image_error';
}
