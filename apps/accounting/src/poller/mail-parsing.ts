import { createHash } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { MailboxAttachment, attachmentName, isXmlAttachment } from './mailbox.types';

/** What the poller keeps of one raw RFC 5322 message. */
export interface ParsedMail {
  message_id: string;
  /** The Date header, when present and valid (adapters prefer the mailbox's own arrival time). */
  date?: Date;
  attachments: MailboxAttachment[];
}

/**
 * Message-ID used when a message has none (RFC 5322 makes it optional): `<sha256.HEX@poller.invalid>`
 * over the raw source bytes. The same bytes give the same identifier, so redeliveries of one file are
 * still deduplicated; the reserved `.invalid` domain (RFC 2606) cannot collide with a real Message-ID.
 */
export function syntheticMessageId(raw: Buffer): string {
  return `<sha256.${createHash('sha256').update(raw).digest('hex')}@poller.invalid>`;
}

/**
 * Parses a raw message with mailparser and keeps its XML attachments (see {@link isXmlAttachment}),
 * base64 of their exact bytes (mailparser decodes the transfer encoding, never the XML charset).
 * Inline parts count too: some mailers mark the XML `Content-Disposition: inline`.
 * @throws whatever mailparser throws on a source it cannot read at all (rare: it is lenient).
 */
export async function parseRawMail(raw: Buffer): Promise<ParsedMail> {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  const headerId = typeof parsed.messageId === 'string' ? parsed.messageId.trim() : '';
  const attachments = parsed.attachments
    .filter((a) => isXmlAttachment(a.filename, a.contentType))
    .map((a, i) => ({ filename: attachmentName(a.filename, i), content_base64: a.content.toString('base64') }));
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : undefined;
  return { message_id: headerId || syntheticMessageId(raw), date, attachments };
}
