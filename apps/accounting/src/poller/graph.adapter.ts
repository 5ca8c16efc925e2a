import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { DeltaLinkStore, InMemoryDeltaLinkStore } from './delta-link.store';
import { GraphClient, GraphSettings } from './graph.client';
import { MailboxAdapter, MailboxAttachment, MailboxMessage, attachmentName, isXmlAttachment } from './mailbox.types';

interface DeltaMessage {
  id: string;
  internetMessageId?: string | null;
  receivedDateTime?: string;
  hasAttachments?: boolean;
  '@removed'?: unknown;
}

interface Page<T> {
  value: T[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

interface GraphAttachment {
  '@odata.type'?: string;
  name?: string;
  contentType?: string;
  contentBytes?: string;
}

/**
 * A Graph delta query over one folder (learn.microsoft.com/graph/delta-query-messages). The delta link is
 * stored only when every message of the round was acknowledged, so an unacknowledged one comes back (with
 * the others, answered `duplicate`). Message-ID: `internetMessageId`, else `<graph.sha256(id)@poller.invalid>`
 * (weaker: Graph ids change when a message is moved).
 */
export class GraphMailboxAdapter implements MailboxAdapter {
  readonly kind = 'graph';
  private readonly logger = new Logger(GraphMailboxAdapter.name);
  private readonly client: GraphClient;

  constructor(
    private readonly settings: GraphSettings,
    private readonly store: DeltaLinkStore = new InMemoryDeltaLinkStore(),
    client?: GraphClient,
  ) {
    this.client = client ?? new GraphClient(settings);
  }

  get stateKey(): string {
    return `graph:${this.settings.mailbox}:${this.folder}`;
  }

  async *fetchNew(): AsyncGenerator<MailboxMessage> {
    let url: string | undefined = (await this.store.get(this.stateKey)) ?? this.initialUrl();
    let unacked = 0;
    let deltaLink: string | undefined;
    while (url) {
      const page: Page<DeltaMessage> = await this.client.get<Page<DeltaMessage>>(url, { prefer: 'odata.maxpagesize=50' });
      for (const item of page.value ?? []) {
        if (item['@removed'] || !item.id) continue;
        let acked = false;
        unacked++;
        const message = await this.toMessage(item, async () => {
          if (!acked) unacked--;
          acked = true;
        });
        yield message;
      }
      url = page['@odata.nextLink'];
      deltaLink = page['@odata.deltaLink'] ?? deltaLink;
    }
    if (deltaLink && unacked === 0) await this.store.set(this.stateKey, deltaLink);
    else if (unacked > 0) this.logger.log(`${unacked} Graph message(s) not acknowledged: the delta round will be repeated`);
  }

  private get folder(): string {
    return this.settings.folder ?? 'inbox';
  }

  private userPath(): string {
    return `/users/${encodeURIComponent(this.settings.mailbox)}`;
  }

  private initialUrl(): string {
    const select = '$select=internetMessageId,receivedDateTime,hasAttachments';
    return `${this.client.baseUrl}${this.userPath()}/mailFolders/${encodeURIComponent(this.folder)}/messages/delta?${select}`;
  }

  private async toMessage(item: DeltaMessage, ack: () => Promise<void>): Promise<MailboxMessage> {
    const attachments = item.hasAttachments ? await this.attachments(item.id) : [];
    const received = item.receivedDateTime ? new Date(item.receivedDateTime) : new Date();
    const messageId = item.internetMessageId?.trim() || `<graph.${createHash('sha256').update(item.id).digest('hex')}@poller.invalid>`;
    return { message_id: messageId, received_at: received.toISOString(), attachments, ack };
  }

  private async attachments(messageId: string): Promise<MailboxAttachment[]> {
    const found: GraphAttachment[] = [];
    let url: string | undefined = `${this.userPath()}/messages/${encodeURIComponent(messageId)}/attachments`;
    while (url) {
      const page: Page<GraphAttachment> = await this.client.get<Page<GraphAttachment>>(url);
      found.push(...(page.value ?? []));
      url = page['@odata.nextLink'];
    }
    return found
      .filter((a) => a['@odata.type'] === '#microsoft.graph.fileAttachment' && typeof a.contentBytes === 'string')
      .filter((a) => isXmlAttachment(a.name, a.contentType))
      .map((a, i) => ({ filename: attachmentName(a.name, i), content_base64: a.contentBytes as string }));
  }
}
