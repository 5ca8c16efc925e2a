import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { ImapFlow } from 'imapflow';
import { Registry } from 'prom-client';
import { ImapMailboxAdapter, ImapSettings } from '../src/poller/imap.adapter';
import { syntheticMessageId } from '../src/poller/mail-parsing';
import { MailboxPoller } from '../src/poller/mailbox-poller.service';
import { MailboxMessage } from '../src/poller/mailbox.types';
import { PollerMetrics } from '../src/poller/poller.metrics';
import { OFFICIAL_EXAMPLE } from './support/dte-fixtures';
import { DovecotHandle, imapAdmin, startDovecot } from './support/imap/dovecot';
import { buildMail } from './support/imap/mail';

Logger.overrideLogger(false);

// A real IMAP server: Debian's dovecot (apt-get install -y dovecot-imapd), started per file as a child
// process with a generated configuration (test/support/imap/dovecot.ts). No IMAP mock anywhere here.
jest.setTimeout(60_000);

let dovecot: DovecotHandle;
let admin: ImapFlow;
let folderSeq = 0;

const WITH_DTE = (id: string) =>
  buildMail({
    messageId: id,
    subject: `EnvioDTE ${id}`,
    parts: [
      { contentType: 'application/octet-stream', filename: 'F60T33.XML', content: OFFICIAL_EXAMPLE },
      { contentType: 'application/pdf', filename: 'F60T33.pdf', content: Buffer.from('%PDF-1.4 test') },
    ],
  });
const WITHOUT_ID = buildMail({ subject: 'sin Message-ID', parts: [{ contentType: 'text/xml', content: OFFICIAL_EXAMPLE }] });
const WITHOUT_XML = buildMail({
  messageId: '<texto@proveedor.example>',
  subject: 'solo PDF',
  parts: [{ contentType: 'application/pdf', filename: 'a.pdf', content: Buffer.from('%PDF') }],
});

/** A fresh folder holding the given messages, appended in order with distinct INTERNALDATEs. */
async function folderWith(messages: Buffer[]): Promise<string> {
  const folder = `Test${++folderSeq}`;
  await admin.mailboxCreate(folder);
  for (const [i, raw] of messages.entries()) await admin.append(folder, raw, [], new Date(Date.UTC(2025, 2, 1, 12, i, 0)));
  return folder;
}

const settings = (mailbox: string, extra: Partial<ImapSettings> = {}): ImapSettings => ({
  host: dovecot.host,
  port: dovecot.port,
  secure: false,
  user: dovecot.user,
  password: dovecot.password,
  mailbox,
  ...extra,
});

async function collect(
  adapter: ImapMailboxAdapter,
  ack: (m: MailboxMessage, i: number) => boolean = () => false,
): Promise<MailboxMessage[]> {
  const out: MailboxMessage[] = [];
  for await (const m of adapter.fetchNew()) {
    if (ack(m, out.length)) await m.ack();
    out.push(m);
  }
  return out;
}

/** \Seen flag of each message of a folder, by ascending UID (SEARCH on the admin session). */
async function flagsOf(folder: string): Promise<{ uid: number; seen: boolean }[]> {
  const lock = await admin.getMailboxLock(folder);
  try {
    const all = (await admin.search({ all: true }, { uid: true })) || [];
    const seen = new Set((await admin.search({ seen: true }, { uid: true })) || []);
    return all.sort((a, b) => a - b).map((uid) => ({ uid, seen: seen.has(uid) }));
  } finally {
    lock.release();
  }
}

beforeAll(async () => {
  dovecot = await startDovecot();
  admin = imapAdmin(dovecot);
  await admin.connect();
});

afterAll(async () => {
  await admin?.logout().catch(() => undefined);
  await dovecot?.stop();
});

describe('ImapMailboxAdapter against dovecot', () => {
  it('offers unseen messages oldest first with their XML attachments, Message-ID and INTERNALDATE', async () => {
    const folder = await folderWith([WITH_DTE('<m1@proveedor.example>'), WITHOUT_ID, WITHOUT_XML]);
    const messages = await collect(new ImapMailboxAdapter(settings(folder)));

    expect(messages.map((m) => m.message_id)).toEqual([
      '<m1@proveedor.example>',
      syntheticMessageId(WITHOUT_ID),
      '<texto@proveedor.example>',
    ]);
    expect(messages.map((m) => m.received_at)).toEqual([
      '2025-03-01T12:00:00.000Z',
      '2025-03-01T12:01:00.000Z',
      '2025-03-01T12:02:00.000Z',
    ]);
    expect(messages[0].attachments.map((a) => a.filename)).toEqual(['F60T33.XML']);
    expect(Buffer.from(messages[0].attachments[0].content_base64, 'base64').equals(OFFICIAL_EXAMPLE)).toBe(true);
    expect(messages[1].attachments).toEqual([{ filename: 'attachment-1.xml', content_base64: OFFICIAL_EXAMPLE.toString('base64') }]);
    expect(messages[2].attachments).toEqual([]);
  });

  it('reading does not mark messages seen: unacknowledged ones are offered again', async () => {
    const folder = await folderWith([WITH_DTE('<r1@proveedor.example>'), WITH_DTE('<r2@proveedor.example>')]);
    const adapter = new ImapMailboxAdapter(settings(folder));
    expect(await collect(adapter)).toHaveLength(2);
    expect((await flagsOf(folder)).map((f) => f.seen)).toEqual([false, false]);
    expect((await collect(adapter)).map((m) => m.message_id)).toEqual(['<r1@proveedor.example>', '<r2@proveedor.example>']);
  });

  it('ack() flags the message \\Seen and it is not offered again', async () => {
    const folder = await folderWith([WITH_DTE('<a1@proveedor.example>'), WITH_DTE('<a2@proveedor.example>')]);
    const adapter = new ImapMailboxAdapter(settings(folder));
    await collect(adapter, (_m, i) => i === 0);
    expect((await flagsOf(folder)).map((f) => f.seen)).toEqual([true, false]);
    expect((await collect(adapter)).map((m) => m.message_id)).toEqual(['<a2@proveedor.example>']);
  });

  it('with a processed folder, ack() moves the message there (creating the folder)', async () => {
    const folder = await folderWith([WITH_DTE('<p1@proveedor.example>'), WITH_DTE('<p2@proveedor.example>')]);
    const processed = `${folder}-Procesados`;
    const adapter = new ImapMailboxAdapter(settings(folder, { processedMailbox: processed }));
    await collect(adapter, (m) => m.message_id === '<p1@proveedor.example>');
    expect(await flagsOf(folder)).toHaveLength(1);
    expect(await flagsOf(processed)).toHaveLength(1);
    expect((await collect(adapter)).map((m) => m.message_id)).toEqual(['<p2@proveedor.example>']);
  });

  it('breaking out of the loop releases the session; the rest is offered next time', async () => {
    const folder = await folderWith([
      WITH_DTE('<b1@proveedor.example>'),
      WITH_DTE('<b2@proveedor.example>'),
      WITH_DTE('<b3@proveedor.example>'),
    ]);
    const adapter = new ImapMailboxAdapter(settings(folder));
    for await (const m of adapter.fetchNew()) {
      await m.ack();
      break;
    }
    expect((await collect(adapter)).map((m) => m.message_id)).toEqual(['<b2@proveedor.example>', '<b3@proveedor.example>']);
  });
});

describe('MailboxPoller with dovecot and an endpoint stand-in', () => {
  let server: Server;
  let answer: (id: string) => { status: number; body: object };
  const posted: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as { message_id: string };
        posted.push(body.message_id);
        const a = answer(body.message_id);
        res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('leaves messages unseen while the endpoint answers 503 and marks them seen once it answers 2xx or duplicate', async () => {
    const folder = await folderWith([WITH_DTE('<e1@proveedor.example>'), WITH_DTE('<e2@proveedor.example>')]);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const poller = new MailboxPoller(
      { adapter: 'imap', intervalMinutes: 10, selfUrl: url, fallbackPort: 8260, key: 'k', timeoutMs: 5000 },
      new ImapMailboxAdapter(settings(folder)),
      new PollerMetrics(new Registry()),
    );

    answer = () => ({ status: 503, body: { error: 'upstream_unavailable' } });
    expect(await poller.runOnce()).toMatchObject({ polled: 1, stoppedEarly: true });
    expect((await flagsOf(folder)).map((f) => f.seen)).toEqual([false, false]);

    answer = (id) =>
      id === '<e1@proveedor.example>' ? { status: 200, body: { status: 'duplicate' } } : { status: 201, body: { status: 'processed' } };
    expect(await poller.runOnce()).toMatchObject({ polled: 2, outcomes: { duplicate: 1, accepted: 1 } });
    expect((await flagsOf(folder)).map((f) => f.seen)).toEqual([true, true]);
    expect(await poller.runOnce()).toMatchObject({ polled: 0 });
    expect(posted).toEqual(['<e1@proveedor.example>', '<e1@proveedor.example>', '<e2@proveedor.example>']);
  });
});

// Last in the file: after a failed login dovecot's anvil delays further logins from the same address
// (auth penalty, up to 15 s), which would slow every test that followed.
describe('ImapMailboxAdapter login failure', () => {
  it('a wrong password fails the fetch', async () => {
    const adapter = new ImapMailboxAdapter(settings('INBOX', { password: 'wrong-password' }));
    await expect(collect(adapter)).rejects.toThrow(/auth|fail/i);
  });
});
