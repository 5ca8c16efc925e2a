import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from './embedded-postgres';
import { OutboundHttp, OutboundTransportError, wasNotSent, type OutboundHttpOptions } from './outbound-http';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function serve(handler: Handler): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function client(baseURL: string, extra: Partial<OutboundHttpOptions> = {}): { http: OutboundHttp; seen: string[] } {
  const seen: string[] = [];
  const http = new OutboundHttp({
    service: 'demo',
    label: 'The demo service',
    baseURL,
    timeoutMs: 300,
    observe: (operation, outcome) => seen.push(`${operation}:${outcome}`),
    ...extra,
  });
  return { http, seen };
}

async function failure(p: Promise<unknown>): Promise<OutboundTransportError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundTransportError);
  return err as OutboundTransportError;
}

describe('OutboundHttp', () => {
  const servers: Server[] = [];
  const held: ServerResponse[] = [];
  afterEach(async () => {
    for (const res of held.splice(0)) res.end();
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });
  const start = async (h: Handler) => {
    const s = await serve(h);
    servers.push(s.server);
    return s.url;
  };

  it('answers every status to the caller, observed by the caller', async () => {
    const { http, seen } = client(await start((_req, res) => res.writeHead(500).end('down')));
    const res = await http.request<string>('get_thing', { method: 'GET', url: '/x', responseType: 'text' });
    expect(res.status).toBe(500);
    expect(res.data).toBe('down');
    http.observe('get_thing', 'bad_response', res.startedAt);
    expect(seen).toEqual(['get_thing:bad_response']);
  });

  it('turns no answer in time into 504 <service>_timeout, or the value the upstream contract names', async () => {
    const url = await start((_req, res) => held.push(res));
    const { http, seen } = client(url);
    const err = await failure(http.request('slow', { method: 'GET', url: '/' }));
    expect(err.failure).toBe('timeout');
    expect(err.problem.getStatus()).toBe(504);
    expect(err.problem.error).toBe('demo_timeout');
    expect(seen).toEqual(['slow:timeout']);
    const other = client(url, { timeoutError: 'demo_unavailable' }).http;
    expect((await failure(other.request('slow', { method: 'GET', url: '/' }))).problem.error).toBe('demo_unavailable');
  });

  it('turns a refused connection into 503 <service>_unavailable with the operation', async () => {
    const { http } = client(`http://127.0.0.1:${await freePort()}`);
    const err = await failure(http.request('ping', { method: 'GET', url: '/' }));
    expect(err).toMatchObject({ failure: 'unavailable', code: 'ECONNREFUSED' });
    expect(err.problem.getStatus()).toBe(503);
    expect(err.problem.error).toBe('demo_unavailable');
    expect(err.problem.detail).toBe('The demo service could not be reached (ping).');
  });

  it('turns an answer over the size limit into 502 <service>_error', async () => {
    const { http } = client(await start((_req, res) => res.end(Buffer.alloc(4096))), { maxContentLength: 1024 });
    const err = await failure(http.request('big', { method: 'GET', url: '/' }));
    expect(err.failure).toBe('too_large');
    expect(err.problem.getStatus()).toBe(502);
    expect(err.problem.error).toBe('demo_error');
  });

  it('sends an idempotent request again after a transport failure, and any other request once', async () => {
    let calls = 0;
    const url = await start((req, res) => {
      calls += 1;
      if (calls < 3) req.socket.destroy();
      else res.end('ok');
    });
    const { http } = client(url, { attempts: 3 });
    const res = await http.request<string>('list', { method: 'GET', url: '/', responseType: 'text', idempotent: true });
    expect(res.data).toBe('ok');
    expect(calls).toBe(3);
    calls = 0;
    await failure(http.request('create', { method: 'POST', url: '/', data: 'x' }));
    expect(calls).toBe(1);
  });

  describe('circuit breaker per operation', () => {
    // Only Date.now() moves: the breaker compares it with the instant it opened; sockets and timeouts stay real.
    let now = Date.now();
    beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => now));
    afterEach(() => jest.restoreAllMocks());

    it('stops sending an operation that failed in a row, answers 503 at once, and tries again after the open time', async () => {
      let status = 503;
      const hits: string[] = [];
      const url = await start((req, res) => {
        hits.push(req.url as string);
        res.writeHead(req.url === '/b' ? 200 : status).end();
      });
      const { http, seen } = client(url, { breaker: { consecutiveFailures: 3, openSeconds: 30 } });
      const get = (operation: string, path: string) => http.request(operation, { method: 'GET', url: path });
      for (let i = 0; i < 3; i++) expect((await get('upload', '/a')).status).toBe(503);

      const open = await failure(get('upload', '/a'));
      expect(open.failure).toBe('circuit_open');
      expect(open.problem.getStatus()).toBe(503);
      expect(open.problem.getProblem()).toMatchObject({ error: 'demo_unavailable', enviado: false, operation: 'upload' });
      expect(open.problem.headers['Retry-After']).toBe('30');
      expect(wasNotSent(open.problem)).toBe(true);
      expect(hits).toEqual(['/a', '/a', '/a']);
      expect(seen).toContain('upload:circuit_open');
      // Another operation of the same service has its own breaker.
      expect((await get('estado', '/b')).status).toBe(200);

      now += 29_000;
      expect((await failure(get('upload', '/a'))).failure).toBe('circuit_open');
      now += 2_000;
      status = 200;
      expect((await get('upload', '/a')).status).toBe(200);
      expect((await get('upload', '/a')).status).toBe(200);
      expect(hits.filter((h) => h === '/a')).toHaveLength(5);
    });

    it('counts transport failures too', async () => {
      const port = await freePort();
      const { http } = client(`http://127.0.0.1:${port}`, { breaker: { consecutiveFailures: 2, openSeconds: 5 } });
      const get = () => http.request('seed', { method: 'GET', url: '/' });
      const refused = await failure(get());
      expect([refused.failure, wasNotSent(refused.problem)]).toEqual(['unavailable', false]);
      expect((await failure(get())).failure).toBe('unavailable');
      expect((await failure(get())).failure).toBe('circuit_open');
    });
  });
});
