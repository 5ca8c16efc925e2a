import { Logger } from '@nestjs/common';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { InMemoryDeltaLinkStore } from './delta-link.store';
import { GraphMailboxAdapter } from './graph.adapter';
import { GraphClient, GraphError, GraphSettings } from './graph.client';
import { MailboxMessage } from './mailbox.types';

Logger.overrideLogger(false);

const GRAPH = 'https://graph.microsoft.com/v1.0';
const TOKEN_URL = 'https://login.microsoftonline.com/tenant-1/oauth2/v2.0/token';
const MAILBOX = 'dte@empresa.test';
const DELTA = `${GRAPH}/users/:mailbox/mailFolders/inbox/messages/delta`;
const XML_B64 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><EnvioDTE/>', 'latin1').toString('base64');
const SETTINGS: GraphSettings = { tenantId: 'tenant-1', clientId: 'client-1', clientSecret: 'secret-1', mailbox: MAILBOX };

/** Fake Graph state: what the handlers answer and what they saw. */
const graph = {
  tokens: 0,
  tokenForms: [] as URLSearchParams[],
  authHeaders: [] as string[],
  deltaQueries: [] as string[],
  /** Answers queued for the next delta requests before the normal ones (status, headers). */
  failures: [] as { status: number; headers?: Record<string, string> }[],
  tokenStatus: 200,
  newAfterD1: [] as object[],
};

const deltaUrl = (query: string) => `${GRAPH}/users/${encodeURIComponent(MAILBOX)}/mailFolders/inbox/messages/delta?${query}`;

const server = setupServer(
  http.post(TOKEN_URL, async ({ request }) => {
    graph.tokenForms.push(new URLSearchParams(await request.text()));
    if (graph.tokenStatus !== 200) {
      return HttpResponse.json(
        { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.' },
        { status: graph.tokenStatus },
      );
    }
    graph.tokens++;
    return HttpResponse.json({ token_type: 'Bearer', expires_in: 3599, access_token: `token-${graph.tokens}` });
  }),
  http.get(DELTA, ({ request, params }) => {
    const url = new URL(request.url);
    graph.authHeaders.push(request.headers.get('authorization') ?? '');
    graph.deltaQueries.push(url.search);
    expect(params.mailbox).toBe(MAILBOX);
    const failure = graph.failures.shift();
    if (failure)
      return HttpResponse.json({ error: { code: failure.status === 401 ? 'InvalidAuthenticationToken' : 'TooManyRequests' } }, failure);
    if (request.headers.get('authorization') === 'Bearer expired') return HttpResponse.json({}, { status: 401 });
    const skip = url.searchParams.get('$skiptoken');
    const delta = url.searchParams.get('$deltatoken');
    if (delta === 'd1') return HttpResponse.json({ value: graph.newAfterD1, '@odata.deltaLink': deltaUrl('$deltatoken=d2') });
    if (skip === 'p2') {
      return HttpResponse.json({
        value: [
          { id: 'gone', '@removed': { reason: 'deleted' } },
          { id: 'm3', internetMessageId: null, receivedDateTime: '2025-03-01T12:02:00Z', hasAttachments: true },
        ],
        '@odata.deltaLink': deltaUrl('$deltatoken=d1'),
      });
    }
    expect(url.searchParams.get('$select')).toBe('internetMessageId,receivedDateTime,hasAttachments');
    return HttpResponse.json({
      value: [
        { id: 'm1', internetMessageId: '<m1@proveedor.test>', receivedDateTime: '2025-03-01T12:00:00Z', hasAttachments: true },
        { id: 'm2', internetMessageId: '<m2@proveedor.test>', receivedDateTime: '2025-03-01T12:01:00Z', hasAttachments: false },
      ],
      '@odata.nextLink': deltaUrl('$skiptoken=p2'),
    });
  }),
  http.get(`${GRAPH}/users/:mailbox/messages/:id/attachments`, ({ request, params }) => {
    const file = (name: string, contentType: string, contentBytes = XML_B64) => ({
      '@odata.type': '#microsoft.graph.fileAttachment',
      name,
      contentType,
      contentBytes,
    });
    const secondPage = new URL(request.url).searchParams.get('$skiptoken') === 'a2';
    if (params.id === 'm1' && !secondPage) {
      return HttpResponse.json({
        value: [file('F60T33.XML', 'application/octet-stream'), file('F60T33.pdf', 'application/pdf', 'JVBERg==')],
        '@odata.nextLink': `${GRAPH}/users/${encodeURIComponent(MAILBOX)}/messages/m1/attachments?$skiptoken=a2`,
      });
    }
    if (params.id === 'm1') return HttpResponse.json({ value: [file('', 'text/xml')] });
    return HttpResponse.json({
      value: [
        { '@odata.type': '#microsoft.graph.itemAttachment', name: 'forwarded.eml', contentType: 'message/rfc822' },
        file('', 'text/xml'),
      ],
    });
  }),
);

async function drain(adapter: GraphMailboxAdapter, ack = true): Promise<MailboxMessage[]> {
  const seen: MailboxMessage[] = [];
  for await (const m of adapter.fetchNew()) {
    seen.push(m);
    if (ack) await m.ack();
  }
  return seen;
}

let sleeps: number[];
const clientWithFakeSleep = (settings: GraphSettings = SETTINGS) => new GraphClient(settings, async (ms) => void sleeps.push(ms));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  Object.assign(graph, { tokens: 0, tokenForms: [], authHeaders: [], deltaQueries: [], failures: [], tokenStatus: 200, newAfterD1: [] });
  sleeps = [];
});

describe('GraphMailboxAdapter', () => {
  it('gets a client-credentials token, follows nextLink pages and keeps the deltaLink once all are acknowledged', async () => {
    const store = new InMemoryDeltaLinkStore();
    const adapter = new GraphMailboxAdapter(SETTINGS, store, clientWithFakeSleep());
    const messages = await drain(adapter);

    expect(Object.fromEntries(graph.tokenForms[0])).toEqual({
      client_id: 'client-1',
      client_secret: 'secret-1',
      scope: 'https://graph.microsoft.com/.default',
      grant_type: 'client_credentials',
    });
    expect(graph.authHeaders).toEqual(['Bearer token-1', 'Bearer token-1']);
    expect(messages.map((m) => m.message_id)).toEqual([
      '<m1@proveedor.test>',
      '<m2@proveedor.test>',
      expect.stringMatching(/^<graph\.[0-9a-f]{64}@poller\.invalid>$/),
    ]);
    expect(messages[0].received_at).toBe('2025-03-01T12:00:00.000Z');
    // m1: the XML of both attachment pages, not the PDF; m2 has none; m3: a nameless XML, not the item attachment.
    expect(messages[0].attachments).toEqual([
      { filename: 'F60T33.XML', content_base64: XML_B64 },
      { filename: 'attachment-2.xml', content_base64: XML_B64 },
    ]);
    expect(messages[1].attachments).toEqual([]);
    expect(messages[2].attachments).toEqual([{ filename: 'attachment-1.xml', content_base64: XML_B64 }]);
    expect(await store.get(adapter.stateKey)).toBe(deltaUrl('$deltatoken=d1'));
  });

  it('starts the next round from the stored deltaLink, reusing the cached token', async () => {
    const store = new InMemoryDeltaLinkStore();
    const adapter = new GraphMailboxAdapter(SETTINGS, store, clientWithFakeSleep());
    await drain(adapter);
    graph.newAfterD1 = [
      { id: 'm9', internetMessageId: '<m9@proveedor.test>', receivedDateTime: '2025-03-02T08:00:00Z', hasAttachments: false },
    ];
    const next = await drain(adapter);
    expect(next.map((m) => m.message_id)).toEqual(['<m9@proveedor.test>']);
    expect(graph.deltaQueries.at(-1)).toBe('?$deltatoken=d1');
    expect(await store.get(adapter.stateKey)).toBe(deltaUrl('$deltatoken=d2'));
    expect(graph.tokens).toBe(1);
  });

  it('does not store the deltaLink when a message was not acknowledged, so the round is repeated', async () => {
    const store = new InMemoryDeltaLinkStore();
    const adapter = new GraphMailboxAdapter(SETTINGS, store, clientWithFakeSleep());
    let n = 0;
    for await (const m of adapter.fetchNew()) if (n++ !== 1) await m.ack();
    expect(await store.get(adapter.stateKey)).toBeUndefined();
    const again = await drain(adapter);
    expect(again).toHaveLength(3);
    expect(graph.deltaQueries.filter((q) => q.startsWith('?$select'))).toHaveLength(2);
  });

  it('does not store the deltaLink when the consumer stops early', async () => {
    const store = new InMemoryDeltaLinkStore();
    const adapter = new GraphMailboxAdapter(SETTINGS, store, clientWithFakeSleep());
    for await (const m of adapter.fetchNew()) {
      await m.ack();
      break;
    }
    expect(await store.get(adapter.stateKey)).toBeUndefined();
  });

  it('on 401 requests a new token and retries once', async () => {
    graph.failures.push({ status: 401 });
    const adapter = new GraphMailboxAdapter(SETTINGS, new InMemoryDeltaLinkStore(), clientWithFakeSleep());
    expect(await drain(adapter)).toHaveLength(3);
    expect(graph.tokens).toBe(2);
    expect(graph.authHeaders.slice(0, 2)).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('a second 401 in a row is an error', async () => {
    graph.failures.push({ status: 401 }, { status: 401 });
    const adapter = new GraphMailboxAdapter(SETTINGS, new InMemoryDeltaLinkStore(), clientWithFakeSleep());
    await expect(drain(adapter)).rejects.toMatchObject({ name: 'GraphError', status: 401, code: 'InvalidAuthenticationToken' });
  });

  it('on 429 waits Retry-After seconds and retries', async () => {
    graph.failures.push({ status: 429, headers: { 'Retry-After': '7' } }, { status: 503 });
    const adapter = new GraphMailboxAdapter(SETTINGS, new InMemoryDeltaLinkStore(), clientWithFakeSleep());
    expect(await drain(adapter)).toHaveLength(3);
    expect(sleeps).toEqual([7000, 4000]); // Retry-After, then 2^2 s without one
  });

  it('caps Retry-After and gives up after maxRetries', async () => {
    graph.failures.push(...Array.from({ length: 3 }, () => ({ status: 429, headers: { 'Retry-After': '3600' } })));
    const client = clientWithFakeSleep({ ...SETTINGS, maxRetries: 2, maxRetryAfterSeconds: 30 });
    const adapter = new GraphMailboxAdapter(SETTINGS, new InMemoryDeltaLinkStore(), client);
    const failure = await drain(adapter).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(GraphError);
    expect(failure).toMatchObject({ status: 429 });
    expect(sleeps).toEqual([30_000, 30_000]);
  });

  it('reports a refused client secret without echoing it', async () => {
    graph.tokenStatus = 401;
    const adapter = new GraphMailboxAdapter(SETTINGS, new InMemoryDeltaLinkStore(), clientWithFakeSleep());
    const failure = (await drain(adapter).catch((e: unknown) => e)) as GraphError;
    expect(failure).toMatchObject({ name: 'GraphError', status: 401, code: 'invalid_client' });
    expect(failure.message).not.toContain('secret-1');
  });
});
