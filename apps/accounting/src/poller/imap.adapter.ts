import { Logger } from '@nestjs/common';
import { ImapFlow } from 'imapflow';
import { parseRawMail } from './mail-parsing';
import { MailboxAdapter, MailboxMessage } from './mailbox.types';

/** IMAP_* settings (docs/accounting-poller.md). */
export interface ImapSettings {
  host: string;
  port: number;
  /** Implicit TLS (993); `false` upgrades with STARTTLS when offered. */
  secure: boolean;
  user: string;
  password: string;
  mailbox: string;
  /** Acknowledged messages are moved there (created if missing) instead of flagged \Seen. */
  processedMailbox?: string;
  /** false only for a self-signed test server. */
  tlsRejectUnauthorized?: boolean;
  timeoutMs?: number;
}

/**
 * Unseen messages of one IMAP folder, oldest UID first, read with `BODY.PEEK[]` so only `ack()` sets \Seen.
 * One connection per run: a 10-minute cadence outlives idle IMAP sessions. A message someone else marks read
 * first is not offered: use the dedicated DTE exchange mailbox (casilla de intercambio), not a person's inbox.
 */
export class ImapMailboxAdapter implements MailboxAdapter {
  readonly kind = 'imap';
  private readonly logger = new Logger(ImapMailboxAdapter.name);

  constructor(private readonly settings: ImapSettings) {}

  async *fetchNew(): AsyncGenerator<MailboxMessage> {
    const client = this.client();
    try {
      await client.connect();
    } catch (err) {
      client.close(); // a failed login leaves the socket open otherwise
      throw err;
    }
    try {
      if (this.settings.processedMailbox) await this.ensureMailbox(client, this.settings.processedMailbox);
      const lock = await client.getMailboxLock(this.settings.mailbox);
      try {
        const uids = ((await client.search({ seen: false }, { uid: true })) || []).sort((a, b) => a - b);
        for (const uid of uids) {
          const message = await this.read(client, uid);
          if (message) yield message;
        }
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
  }

  private async read(client: ImapFlow, uid: number): Promise<MailboxMessage | undefined> {
    const fetched = await client.fetchOne(String(uid), { source: true, internalDate: true }, { uid: true });
    if (!fetched || !fetched.source) {
      this.logger.warn(`IMAP message uid ${uid} vanished before it could be read`);
      return undefined;
    }
    const parsed = await parseRawMail(fetched.source);
    const internal = fetched.internalDate ? new Date(fetched.internalDate) : undefined;
    const receivedAt = internal && !Number.isNaN(internal.getTime()) ? internal : (parsed.date ?? new Date());
    return {
      message_id: parsed.message_id,
      received_at: receivedAt.toISOString(),
      attachments: parsed.attachments,
      ack: () => this.ack(client, uid),
    };
  }

  private async ack(client: ImapFlow, uid: number): Promise<void> {
    const target = this.settings.processedMailbox;
    const done = target
      ? await client.messageMove(String(uid), target, { uid: true })
      : await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
    if (!done) throw new Error(`IMAP server refused to ${target ? `move uid ${uid} to ${target}` : `flag uid ${uid} \\Seen`}`);
  }

  private async ensureMailbox(client: ImapFlow, path: string): Promise<void> {
    const existing = await client.list();
    if (!existing.some((m) => m.path === path)) await client.mailboxCreate(path);
  }

  private client(): ImapFlow {
    const s = this.settings;
    return new ImapFlow({
      host: s.host,
      port: s.port,
      secure: s.secure,
      auth: { user: s.user, pass: s.password },
      tls: { rejectUnauthorized: s.tlsRejectUnauthorized ?? true },
      logger: false,
      // One short session per run: no IDLE between commands while the poller talks to the endpoint.
      disableAutoIdle: true,
      connectionTimeout: s.timeoutMs ?? 30_000,
      greetingTimeout: s.timeoutMs ?? 30_000,
      socketTimeout: Math.max(s.timeoutMs ?? 30_000, 60_000),
    });
  }
}
