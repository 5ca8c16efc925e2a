import { createHash } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { MailboxAttachment, attachmentName, isXmlAttachment } from './mailbox.types';

export interface ParsedMail {
  message_id: string;
  /** Adapters prefer the mailbox's own arrival time. */
  date?: Date;
  attachments: MailboxAttachment[];
}

/**
 * For a message without one (RFC 5322 makes it optional): a hash of the source, so redeliveries are still
 * deduplicated; `.invalid` (RFC 2606) cannot collide with a real Message-ID.
 */
export function syntheticMessageId(raw: Buffer): string {
  return `<sha256.${createHash('sha256').update(raw).digest('hex')}@poller.invalid>`;
}

/**
 * The XML attachments, base64 of their exact bytes (mailparser decodes the transfer encoding, never the XML
 * charset). Inline parts count: some mailers mark the XML `Content-Disposition: inline`.
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
