import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubResponse {
  status: number;
  body?: unknown;
  /** Raw body text (wins over `body`). */
  text?: string;
  delayMs?: number;
}

export interface RecordedRequest {
  method: string;
  url: string;
  body: string;
}

/**
 * A tiny HTTP server for outbound calls of the registry (service /healthz probes, the announcement
 * webhook): answers per path from a table tests change at will, and records what it received.
 */
export class StubServer {
  readonly requests: RecordedRequest[] = [];
  private readonly routes = new Map<string, StubResponse>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<StubServer> {
    const holder: { stub?: StubServer } = {};
    const server = createServer((req, res) => void holder.stub?.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    holder.stub = new StubServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return holder.stub;
  }

  /** Sets the answer for a path (query string ignored). */
  on(path: string, response: StubResponse): this {
    this.routes.set(path, response);
    return this;
  }

  private async handle(req: IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? '/').split('?')[0];
    this.requests.push({ method: req.method ?? 'GET', url: path, body: Buffer.concat(chunks).toString('utf8') });
    const route = this.routes.get(path) ?? { status: 404, body: { error: 'not_found' } };
    if (route.delayMs) await new Promise((r) => setTimeout(r, route.delayMs));
    if (res.destroyed) return;
    const text = route.text ?? (route.body === undefined ? '' : JSON.stringify(route.body));
    res.writeHead(route.status, { 'content-type': 'application/json' }).end(text);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
