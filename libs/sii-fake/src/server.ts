import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SiiFakeAuthority } from './authority';

const MAX_BODY_BYTES = 50 * 1024 * 1024;

export interface SiiFakeServer {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

/**
 * Serves `authority.handle` over node http (what tools/sii-sim runs), plus `GET /health` ->
 * `{"status":"ok"}`. Port 0 picks a free port; the returned `url` has the real one.
 */
export function startSiiFakeServer(
  authority: SiiFakeAuthority,
  { port = 8241, host = '127.0.0.1' }: { port?: number; host?: string } = {},
): Promise<SiiFakeServer> {
  const server = createServer((req, res) => {
    void (async () => {
      try {
        if (req.method === 'GET' && req.url === '/health') {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
          return;
        }
        const body = await readBody(req);
        // Absolute URL from the Host header, so SOAP namespaces name the address the client used.
        const url = `http://${req.headers.host ?? `${host}:${port}`}${req.url ?? '/'}`;
        const answer = await authority.handle({ method: req.method ?? 'GET', url, headers: req.headers, body });
        res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) }).end(answer.body);
      } catch (err) {
        if (!res.headersSent) res.writeHead(413, { 'content-type': 'text/plain' });
        res.end((err as Error).message);
      }
    })();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const actual = (server.address() as AddressInfo).port;
      resolve({
        url: `http://${host}:${actual}`,
        port: actual,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new Error('Request body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
