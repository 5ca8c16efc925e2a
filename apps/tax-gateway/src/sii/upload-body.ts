import { randomBytes } from 'node:crypto';
import { splitRut } from '@lib/rut';

/** A file part of a multipart body: its bytes are sent unchanged. */
export interface UploadFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/**
 * A multipart body (RFC 7578) as ONE buffer with Content-Length, never chunked: the SII reads a chunked DTEUpload only up to ~4 KB
 * (docs/research/sii-protocol.md §2.4).
 */
export function multipartBody(fields: [string, string][], file: UploadFile): { body: Buffer; contentType: string } {
  const boundary = `----SiiUpload${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'latin1'));
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
        `Content-Type: ${file.contentType}\r\n\r\n`,
      'latin1',
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1'),
  );
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The upload form of DTEUpload and of the boleta service's envío (docs/research/sii-protocol.md §2.4, boletas.md §1.3): rutSender,
 * dvSender, rutCompany, dvCompany, then the file `archivo`, in this order (the SII refuses another); RUTs `12345678-9`.
 */
export function uploadForm(input: { rutSender: string; rutCompany: string; filename: string; file: Buffer }): {
  body: Buffer;
  contentType: string;
} {
  const sender = splitRut(input.rutSender);
  const company = splitRut(input.rutCompany);
  return multipartBody(
    [
      ['rutSender', String(sender.body)],
      ['dvSender', sender.dv],
      ['rutCompany', String(company.body)],
      ['dvCompany', company.dv],
    ],
    { field: 'archivo', filename: input.filename, contentType: 'application/xml', data: input.file },
  );
}
