import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Server as NetServer } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { SiiFakeAuthority } from './authority';
import { serverTlsCertificate, type TlsKeyPair } from './tls-certificate';
import { clientCertificateOf, type ClientCertificate } from './transport';

const MAX_BODY_BYTES = 50 * 1024 * 1024;

export interface SiiFakeServer {
  url: string;
  port: number;
  server: Server;
  /** With `tls`: the HTTPS base URL (certificate login) and its self-signed certificate, what clients trust (SII_TLS_CA_FILE). */
  httpsUrl?: string;
  httpsPort?: number;
  tlsCertificatePem?: string;
  close(): Promise<void>;
}

export interface SiiFakeTlsOptions {
  port?: number;
  certificate?: TlsKeyPair;
}

/** `authority.handle` over node http (tools/sii-sim). HTTPS does not refuse a handshake without a client certificate: the login
 * page does, as the SII; TLS ≤ 1.2 as herculesr.sii.cl (docs/research/sources/README.md §1.2, DVL `utils/pfx.js`). */
export async function startSiiFakeServer(
  authority: SiiFakeAuthority,
  { port = 8241, host = '127.0.0.1', tls }: { port?: number; host?: string; tls?: true | SiiFakeTlsOptions } = {},
): Promise<SiiFakeServer> {
  const server = createServer(handler(authority, 'http', `${host}:${port}`));
  const actual = await listen(server, port, host);
  const base = { url: `http://${hostForUrl(host)}:${actual}`, port: actual, server };
  if (!tls) return { ...base, close: () => closeAll([server]) };
  const { port: tlsPort = 0, certificate = serverTlsCertificate() } = tls === true ? {} : tls;
  const secure = createHttpsServer(
    { key: certificate.keyPem, cert: certificate.certificatePem, requestCert: true, rejectUnauthorized: false, maxVersion: 'TLSv1.2' },
    handler(authority, 'https', `${host}:${tlsPort}`),
  );
  const securePort = await listen(secure, tlsPort, host).catch(async (err: unknown) => {
    await closeAll([server]);
    throw err;
  });
  return {
    ...base,
    httpsUrl: `https://${hostForUrl(host)}:${securePort}`,
    httpsPort: securePort,
    tlsCertificatePem: certificate.certificatePem,
    close: () => closeAll([server, secure]),
  };
}

function handler(authority: SiiFakeAuthority, scheme: 'http' | 'https', fallbackHost: string): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      try {
        if (req.method === 'GET' && req.url === '/health') {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
          return;
        }
        const body = await readBody(req);
        // Absolute URL from the Host header, so SOAP namespaces name the address the client used.
        const url = `${scheme}://${req.headers.host ?? fallbackHost}${req.url ?? '/'}`;
        const clientCertificate = scheme === 'https' ? peerCertificate(req.socket as TLSSocket) : undefined;
        const answer = await authority.handle({
          method: req.method ?? 'GET',
          url,
          headers: req.headers,
          body,
          ...(clientCertificate ? { clientCertificate } : {}),
        });
        const headers = { ...answer.headers, 'content-length': String(answer.body.length) };
        res
          .writeHead(answer.status, answer.setCookies?.length ? { ...headers, 'set-cookie': answer.setCookies } : headers)
          .end(answer.body);
      } catch (err) {
        if (!res.headersSent) res.writeHead(413, { 'content-type': 'text/plain' });
        res.end((err as Error).message);
      }
    })();
  };
}

/** Trusted or not; undefined when it sent none. */
function peerCertificate(socket: TLSSocket): ClientCertificate | undefined {
  const raw = socket.getPeerCertificate?.()?.raw;
  return raw && raw.length ? clientCertificateOf(raw) : undefined;
}

function listen(server: NetServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

function closeAll(servers: { close(done: () => void): unknown; closeAllConnections(): void }[]): Promise<void> {
  return Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((done) => {
          s.close(() => done());
          s.closeAllConnections();
        }),
    ),
  ).then(() => undefined);
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
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
