import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { Registry } from 'prom-client';
import { MailboxPoller, PollerDelivery } from './mailbox-poller.service';
import { MailboxAdapter, MailboxMessage } from './mailbox.types';
import { PollerMetrics } from './poller.metrics';
import { PollerSettings } from './poller.settings';

Logger.overrideLogger(false);

const KEY = 'poller-key-0123456789abcdef';
const XML = { filename: 'F60T33.xml', content_base64: Buffer.from('<EnvioDTE/>').toString('base64') };

/** Mailbox stand-in: offers every message not yet acknowledged, in order; records acks in `events`. */
class FakeMailbox implements MailboxAdapter {
  readonly kind = 'fake';
  readonly acked = new Set<string>();
  fetches = 0;
  failWith?: Error;
  constructor(
    private readonly messages: Omit<MailboxMessage, 'ack'>[],
    private readonly events: string[],
  ) {}

  async *fetchNew(): AsyncGenerator<MailboxMessage> {
    this.fetches++;
    if (this.failWith) throw this.failWith;
    for (const m of this.messages.filter((x) => !this.acked.has(x.message_id))) {
      yield { ...m, ack: async () => void (this.events.push(`ack ${m.message_id}`), this.acked.add(m.message_id)) };
    }
  }
}

/** The endpoint stand-in: answers each Message-ID as `answers` says (default 201). */
interface Endpoint {
  server: Server;
  url: string;
  requests: { headers: IncomingMessage['headers']; path: string; body: PollerDelivery }[];
  answers: Record<string, { status: number; body?: object; delayMs?: number }>;
}

async function startEndpoint(events: string[]): Promise<Endpoint> {
  const endpoint = { requests: [], answers: {} } as unknown as Endpoint;
  endpoint.server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as PollerDelivery;
      endpoint.requests.push({ headers: req.headers, path: req.url ?? '', body });
      events.push(`post ${body.message_id}`);
      const answer = endpoint.answers[body.message_id] ?? { status: 201, body: { status: 'processed', facturas: [] } };
      setTimeout(() => {
        events.push(`answer ${body.message_id} ${answer.status}`);
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body ?? {}));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => endpoint.server.listen(0, '127.0.0.1', r));
  endpoint.url = `http://127.0.0.1:${(endpoint.server.address() as AddressInfo).port}`;
  return endpoint;
}

const settings = (url: string, extra: Partial<PollerSettings> = {}): PollerSettings => ({
  adapter: 'imap',
  intervalMinutes: 10,
  selfUrl: url,
  fallbackPort: 8260,
  key: KEY,
  timeoutMs: 5000,
  ...extra,
});

const message = (id: string, attachments = [XML]) => ({ message_id: id, received_at: '2025-03-01T12:00:00.000Z', attachments });

async function counter(registry: Registry, name: string): Promise<Record<string, number>> {
  const metric = await registry.getSingleMetric(name)?.get();
  return Object.fromEntries((metric?.values ?? []).map((v) => [String(Object.values(v.labels)[0]), v.value]));
}

describe('MailboxPoller', () => {
  let events: string[];
  let endpoint: Endpoint;
  let registry: Registry;
  const poller = (mailbox: MailboxAdapter, extra: Partial<PollerSettings> = {}) =>
    new MailboxPoller(settings(endpoint.url, extra), mailbox, new PollerMetrics(registry));

  beforeEach(async () => {
    events = [];
    registry = new Registry();
    endpoint = await startEndpoint(events);
  });
  afterEach(async () => {
    endpoint.server.closeAllConnections();
    await new Promise((r) => endpoint.server.close(r));
  });

  it('posts each message with the poller key and acknowledges it only after the 2xx answer', async () => {
    const mailbox = new FakeMailbox([message('<a@x>'), message('<b@x>')], events);
    endpoint.answers['<a@x>'] = { status: 201, delayMs: 50 };
    const summary = await poller(mailbox).runOnce();

    expect(events).toEqual(['post <a@x>', 'answer <a@x> 201', 'ack <a@x>', 'post <b@x>', 'answer <b@x> 201', 'ack <b@x>']);
    expect(endpoint.requests[0].path).toBe('/contable/poller/recibir-dte');
    expect(endpoint.requests[0].headers['x-internal-key']).toBe(KEY);
    expect(endpoint.requests[0].headers['content-type']).toMatch(/^application\/json/);
    expect(endpoint.requests[0].body).toEqual({ message_id: '<a@x>', received_at: '2025-03-01T12:00:00.000Z', attachments: [XML] });
    expect(summary).toMatchObject({ polled: 2, stoppedEarly: false, outcomes: { accepted: 2 } });
    expect(await counter(registry, 'messages_polled_total')).toMatchObject({ accepted: 2, failed: 0 });
  });

  it('sends empresa_id when POLLER_EMPRESA_ID is set', async () => {
    const empresa = '1b0e4b4e-6c1f-4f57-9a55-3d2f0c1d2e3f';
    await poller(new FakeMailbox([message('<a@x>')], events), { empresaId: empresa }).runOnce();
    expect(endpoint.requests[0].body.empresa_id).toBe(empresa);
  });

  it('acknowledges a duplicate', async () => {
    endpoint.answers['<a@x>'] = { status: 200, body: { status: 'duplicate', message_id: '<a@x>' } };
    const mailbox = new FakeMailbox([message('<a@x>')], events);
    const summary = await poller(mailbox).runOnce();
    expect(mailbox.acked.has('<a@x>')).toBe(true);
    expect(summary.outcomes.duplicate).toBe(1);
  });

  it('does not acknowledge on 503 and stops the run; the next run delivers it', async () => {
    endpoint.answers['<a@x>'] = { status: 503, body: { error: 'upstream_unavailable' } };
    const mailbox = new FakeMailbox([message('<a@x>'), message('<b@x>')], events);
    const p = poller(mailbox);
    const first = await p.runOnce();
    expect(first).toMatchObject({ polled: 1, stoppedEarly: true, outcomes: { failed: 1 } });
    expect(mailbox.acked.size).toBe(0);
    expect(endpoint.requests).toHaveLength(1);

    delete endpoint.answers['<a@x>'];
    const second = await p.runOnce();
    expect(second.outcomes.accepted).toBe(2);
    expect([...mailbox.acked]).toEqual(['<a@x>', '<b@x>']);
    expect(await counter(registry, 'messages_polled_total')).toMatchObject({ failed: 1, accepted: 2 });
  });

  it('acknowledges a 422 (not a DTE) instead of retrying it forever, and keeps a 409 and a 500 for later', async () => {
    endpoint.answers['<bad@x>'] = { status: 422, body: { error: 'invalid_dte', detail: 'not a DTE' } };
    endpoint.answers['<closed@x>'] = { status: 409, body: { error: 'period_closed' } };
    endpoint.answers['<bug@x>'] = { status: 500, body: { error: 'internal' } };
    const mailbox = new FakeMailbox([message('<bad@x>'), message('<closed@x>'), message('<bug@x>'), message('<ok@x>')], events);
    const summary = await poller(mailbox).runOnce();
    expect([...mailbox.acked]).toEqual(['<bad@x>', '<ok@x>']);
    expect(summary).toMatchObject({ polled: 4, stoppedEarly: false, outcomes: { rejected: 1, retry: 1, failed: 1, accepted: 1 } });
  });

  it.each([401, 404])('stops on %i without acknowledging (wrong key or wrong URL refuse every message)', async (status) => {
    endpoint.answers['<a@x>'] = { status, body: { error: status === 401 ? 'unauthorized' : 'not_found' } };
    const mailbox = new FakeMailbox([message('<a@x>'), message('<b@x>')], events);
    const summary = await poller(mailbox).runOnce();
    expect(summary).toMatchObject({ polled: 1, stoppedEarly: true, outcomes: { retry: 1 } });
    expect(mailbox.acked.size).toBe(0);
  });

  it('acknowledges a message without XML attachments without posting it', async () => {
    const mailbox = new FakeMailbox([message('<plain@x>', [])], events);
    const summary = await poller(mailbox).runOnce();
    expect(endpoint.requests).toHaveLength(0);
    expect(mailbox.acked.has('<plain@x>')).toBe(true);
    expect(summary.outcomes.skipped).toBe(1);
  });

  it('does not acknowledge when the endpoint cannot be reached', async () => {
    const mailbox = new FakeMailbox([message('<a@x>')], events);
    endpoint.server.close();
    const summary = await new MailboxPoller(settings('http://127.0.0.1:1'), mailbox, new PollerMetrics(registry)).runOnce();
    expect(summary).toMatchObject({ stoppedEarly: true, outcomes: { failed: 1 } });
    expect(mailbox.acked.size).toBe(0);
  });

  it('never overlaps runs: a call during a run joins it', async () => {
    endpoint.answers['<a@x>'] = { status: 201, delayMs: 100 };
    const mailbox = new FakeMailbox([message('<a@x>')], events);
    const p = poller(mailbox);
    const [one, two] = await Promise.all([p.runOnce(), p.runOnce()]);
    expect(one).toBe(two);
    expect(mailbox.fetches).toBe(1);
    expect(endpoint.requests).toHaveLength(1);
  });

  it('reports a mailbox failure in the summary and the run metric instead of throwing', async () => {
    const mailbox = new FakeMailbox([], events);
    mailbox.failWith = new Error('AUTHENTICATIONFAILED');
    const summary = await poller(mailbox).runOnce();
    expect(summary.error).toBe('AUTHENTICATIONFAILED');
    expect(await counter(registry, 'poller_runs_total')).toEqual({ error: 1 });
  });

  it('runs every interval once started and stops on shutdown', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
    try {
      const mailbox = new FakeMailbox([], events);
      const p = poller(mailbox, { intervalMinutes: 10 });
      p.onApplicationBootstrap();
      await jest.advanceTimersByTimeAsync(9 * 60_000);
      expect(mailbox.fetches).toBe(0);
      await jest.advanceTimersByTimeAsync(60_000);
      expect(mailbox.fetches).toBe(1);
      await jest.advanceTimersByTimeAsync(10 * 60_000);
      expect(mailbox.fetches).toBe(2);
      await p.onModuleDestroy();
      await jest.advanceTimersByTimeAsync(30 * 60_000);
      expect(mailbox.fetches).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('has no schedule without an adapter or with interval 0', () => {
    const build = (adapter: MailboxAdapter | null, intervalMinutes: number) =>
      new MailboxPoller(settings(endpoint.url, { intervalMinutes }), adapter, new PollerMetrics(new Registry()));
    expect(build(null, 10).enabled).toBe(false);
    expect(build(new FakeMailbox([], events), 0).enabled).toBe(false);
    expect(build(new FakeMailbox([], events), 10).enabled).toBe(true);
  });
});
