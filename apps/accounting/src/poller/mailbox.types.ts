export interface MailboxAttachment {
  /** A generated `attachment-<n>.xml` when the sender gave no name. */
  filename: string;
  /** The exact bytes: DTE XML is usually ISO-8859-1, never re-encode it. */
  content_base64: string;
}

/**
 * A new message; only its XML attachments travel. The poller calls `ack()` only after the endpoint answered
 * 2xx or refused it for good, and before asking for the next message (adapters may hold a connection open).
 */
export interface MailboxMessage {
  /** RFC 5322 Message-ID (angle brackets kept), the endpoint's deduplication key. */
  message_id: string;
  /** IMAP INTERNALDATE or Graph receivedDateTime, ISO 8601 UTC. */
  received_at: string;
  attachments: MailboxAttachment[];
  ack(): Promise<void>;
}

export interface MailboxAdapter {
  readonly kind: string;
  /** Oldest first; messages not acknowledged (also after a break) are offered again next call. */
  fetchNew(): AsyncIterable<MailboxMessage>;
  close?(): Promise<void>;
}

const XML_CONTENT_TYPES = /^(application|text)\/([\w.+-]+\+)?xml$/i;

/** Suppliers send both: a name ending in `.xml`, or an XML content type. */
export function isXmlAttachment(filename: string | undefined, contentType: string | undefined): boolean {
  if (filename && /\.xml$/i.test(filename.trim())) return true;
  const type = (contentType ?? '').split(';')[0].trim();
  return XML_CONTENT_TYPES.test(type);
}

export function attachmentName(filename: string | undefined, index: number): string {
  const name = filename?.trim();
  return name ? name : `attachment-${index + 1}.xml`;
}
