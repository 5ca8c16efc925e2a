export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

export class MultipartError extends Error {}

/** The boundary of a `multipart/form-data; boundary=...` content type, or undefined. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return m ? (m[1] ?? m[2]) : undefined;
}

/** RFC 7578, each part's bytes as sent (`archivo` is ISO-8859-1, never re-decoded). @throws MultipartError without boundary or name. */
export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let pos = body.indexOf(delimiter);
  if (pos < 0) throw new MultipartError('boundary not found');
  for (;;) {
    pos += delimiter.length;
    if (body.subarray(pos, pos + 2).toString('latin1') === '--') break; // closing delimiter
    pos = skipLineBreak(body, pos);
    const headerEnd = body.indexOf('\r\n\r\n', pos, 'latin1');
    if (headerEnd < 0) throw new MultipartError('part without headers');
    const headers = parseHeaders(body.subarray(pos, headerEnd).toString('latin1'));
    const dataStart = headerEnd + 4;
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), dataStart);
    if (next < 0) throw new MultipartError('unterminated part');
    parts.push(toPart(headers, body.subarray(dataStart, next)));
    pos = next + 2;
  }
  return parts;
}

function skipLineBreak(body: Buffer, pos: number): number {
  if (body[pos] === 0x0d && body[pos + 1] === 0x0a) return pos + 2;
  if (body[pos] === 0x0a) return pos + 1;
  return pos;
}

function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split(/\r\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

function toPart(headers: Record<string, string>, data: Buffer): MultipartPart {
  const disposition = headers['content-disposition'] ?? '';
  const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
  if (!name) throw new MultipartError('part without a name');
  const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
  return { name, filename, contentType: headers['content-type'], data: Buffer.from(data) };
}
