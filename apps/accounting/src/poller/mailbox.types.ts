/** One XML file attached to an e-mail, as the poller endpoint takes it. */
export interface MailboxAttachment {
  /** File name as the sender gave it (a generated `attachment-<n>.xml` when it had none). */
  filename: string;
  /** Base64 of the exact attachment bytes (DTE XML is usually ISO-8859-1: never re-encode it). */
  content_base64: string;
}

/**
 * A new message read from the exchange mailbox. Only its XML attachments travel; the body is dropped.
 * `ack()` marks it processed in the mailbox and is called by the poller only after the accounting
 * endpoint answered 2xx (including `duplicate`) or rejected it for good, and before it asks for the
 * next message (adapters may hold a connection or a delta round open while iterating).
 */
export interface MailboxMessage {
  /** The RFC 5322 Message-ID (angle brackets kept), the endpoint's deduplication key. */
  message_id: string;
  /** When the mailbox received it (IMAP INTERNALDATE, Graph receivedDateTime), ISO 8601 UTC. */
  received_at: string;
  attachments: MailboxAttachment[];
  /** Mark processed (IMAP: \Seen flag or move; Graph: counts towards storing the delta link). */
  ack(): Promise<void>;
}

/** A source of new messages: IMAP ({@link ImapMailboxAdapter}) or Microsoft Graph ({@link GraphMailboxAdapter}). */
export interface MailboxAdapter {
  /** Short name for logs and metrics (`imap`, `graph`). */
  readonly kind: string;
  /**
   * New (not yet acknowledged) messages, oldest first. Breaking out of the loop is allowed: messages
   * not acknowledged are offered again on the next call.
   */
  fetchNew(): AsyncIterable<MailboxMessage>;
  /** Releases connections; optional. */
  close?(): Promise<void>;
}

const XML_CONTENT_TYPES = /^(application|text)\/([\w.+-]+\+)?xml$/i;

/**
 * Whether an attachment is a candidate DTE file: its name ends in `.xml` (any case) or its content
 * type is XML (`application/xml`, `text/xml`, `application/*+xml`). Suppliers send both spellings.
 */
export function isXmlAttachment(filename: string | undefined, contentType: string | undefined): boolean {
  if (filename && /\.xml$/i.test(filename.trim())) return true;
  const type = (contentType ?? '').split(';')[0].trim();
  return XML_CONTENT_TYPES.test(type);
}

/** Name for an XML attachment that came without one. */
export function attachmentName(filename: string | undefined, index: number): string {
  const name = filename?.trim();
  return name ? name : `attachment-${index + 1}.xml`;
}
