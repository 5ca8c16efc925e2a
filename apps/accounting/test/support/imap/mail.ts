/** One MIME part of a test e-mail. */
export interface TestPart {
  contentType: string;
  filename?: string;
  content: Buffer;
}

/**
 * A raw RFC 5322 message (CRLF, multipart/mixed, base64 parts) as a supplier's mailer would send a DTE:
 * a short text body and the given attachments. Omit `messageId` to build a message without the header.
 */
export function buildMail(opts: { messageId?: string; subject: string; date?: string; parts: TestPart[] }): Buffer {
  const boundary = `=_poller_test_${Math.random().toString(36).slice(2)}`;
  const headers = [
    'From: Proveedor de Prueba <dte@proveedor.example>',
    'To: dte@empresa.example',
    `Subject: ${opts.subject}`,
    `Date: ${opts.date ?? 'Tue, 14 Oct 2003 10:00:00 -0300'}`,
    ...(opts.messageId ? [`Message-ID: ${opts.messageId}`] : []),
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
  ];
  const lines = [
    ...headers,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Se adjunta documento tributario electronico.',
  ];
  for (const part of opts.parts) {
    lines.push(`--${boundary}`, `Content-Type: ${part.contentType}`, 'Content-Transfer-Encoding: base64');
    lines.push(`Content-Disposition: attachment${part.filename ? `; filename="${part.filename}"` : ''}`, '');
    lines.push(...(part.content.toString('base64').match(/.{1,76}/g) ?? []));
  }
  lines.push(`--${boundary}--`, '');
  return Buffer.from(lines.join('\r\n'), 'ascii');
}
