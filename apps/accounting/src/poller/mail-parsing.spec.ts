import { parseRawMail, syntheticMessageId } from './mail-parsing';
import { isXmlAttachment } from './mailbox.types';

const LATIN1_XML = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><DTE><RznSoc>Compañía</RznSoc></DTE>', 'latin1');

function mail(headers: string, parts: { type: string; name?: string; body: Buffer; inline?: boolean }[]): Buffer {
  const b = 'BOUNDARY42';
  const chunks = [
    `${headers}MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="${b}"\r\n\r\n`,
    `--${b}\r\nContent-Type: text/plain\r\n\r\nAdjunto DTE\r\n`,
  ];
  for (const p of parts) {
    const disposition = p.inline ? 'inline' : `attachment${p.name ? `; filename="${p.name}"` : ''}`;
    chunks.push(
      `--${b}\r\nContent-Type: ${p.type}\r\nContent-Transfer-Encoding: base64\r\nContent-Disposition: ${disposition}\r\n\r\n${p.body.toString('base64')}\r\n`,
    );
  }
  chunks.push(`--${b}--\r\n`);
  return Buffer.from(chunks.join(''), 'latin1');
}

describe('isXmlAttachment', () => {
  it.each([
    ['factura.XML', 'application/octet-stream', true],
    ['dte.xml ', undefined, true],
    [undefined, 'text/xml; charset=ISO-8859-1', true],
    ['envio', 'application/xml', true],
    ['x.bin', 'application/soap+xml', true],
    ['factura.pdf', 'application/pdf', false],
    ['xml.txt', 'text/plain', false],
  ])('%s %s -> %s', (name, type, expected) => {
    expect(isXmlAttachment(name, type)).toBe(expected);
  });
});

describe('parseRawMail', () => {
  it('keeps only XML attachments, with their exact bytes, and the Message-ID header', async () => {
    const raw = mail('From: proveedor@example.test\r\nMessage-ID: <abc-1@example.test>\r\nDate: Tue, 14 Oct 2003 10:00:00 -0300\r\n', [
      { type: 'application/octet-stream', name: 'F60T33.XML', body: LATIN1_XML },
      { type: 'application/pdf', name: 'F60T33.pdf', body: Buffer.from('%PDF-1.4') },
      { type: 'text/xml', body: Buffer.from('<EnvioDTE/>') },
    ]);
    const parsed = await parseRawMail(raw);
    expect(parsed.message_id).toBe('<abc-1@example.test>');
    expect(parsed.date?.toISOString()).toBe('2003-10-14T13:00:00.000Z');
    expect(parsed.attachments.map((a) => a.filename)).toEqual(['F60T33.XML', 'attachment-2.xml']);
    expect(Buffer.from(parsed.attachments[0].content_base64, 'base64').equals(LATIN1_XML)).toBe(true);
  });

  it('falls back to a sha256 of the raw source when there is no Message-ID', async () => {
    const raw = mail('From: proveedor@example.test\r\n', [{ type: 'application/xml', name: 'a.xml', body: Buffer.from('<DTE/>') }]);
    const parsed = await parseRawMail(raw);
    expect(parsed.message_id).toBe(syntheticMessageId(raw));
    expect(parsed.message_id).toMatch(/^<sha256\.[0-9a-f]{64}@poller\.invalid>$/);
    expect(syntheticMessageId(Buffer.concat([raw, Buffer.from(' ')]))).not.toBe(parsed.message_id);
  });

  it('returns no attachments for a mail without XML', async () => {
    const raw = mail('Message-ID: <n@x>\r\n', [{ type: 'application/pdf', name: 'a.pdf', body: Buffer.from('%PDF') }]);
    expect((await parseRawMail(raw)).attachments).toEqual([]);
  });
});
