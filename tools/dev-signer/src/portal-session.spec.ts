import { X509Certificate } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { loadOrCreateIdentity, type SignerIdentity } from './keystore';
import { PortalLoginError, openPortalSession, type PortalLoginSettings } from './portal-session';
import { opensslServerCertificate, tempDir } from '../test/fixtures';

const REFERENCIA = 'https://misiir.sii.cl/cgi_misii/siihome.cgi';
const AUTH_PATH = '/cgi_AUT2000/CAutInicio.cgi';

/** What the fake login server saw of one request. */
interface Seen {
  method?: string;
  url?: string;
  body: string;
  contentType?: string;
  cookie?: string;
  protocol: string | null;
  clientCertificate?: Buffer;
}

type Page = (req: IncomingMessage, res: ServerResponse, seen: Seen) => void;

/** A local HTTPS server that asks for a client certificate (as herculesr does) and records every request. */
async function loginServer(page: Page, onConnection?: (socket: TLSSocket, n: number) => void) {
  const keys = opensslServerCertificate();
  const seen: Seen[] = [];
  let connections = 0;
  const server: Server = createServer(
    { key: keys.keyPem, cert: keys.certificatePem, requestCert: true, rejectUnauthorized: false },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const socket = req.socket as TLSSocket;
        const entry: Seen = {
          method: req.method,
          url: req.url,
          body: Buffer.concat(chunks).toString(),
          contentType: req.headers['content-type'],
          cookie: req.headers.cookie,
          protocol: socket.getProtocol(),
          clientCertificate: socket.getPeerCertificate().raw,
        };
        seen.push(entry);
        page(req, res, entry);
      });
    },
  );
  server.on('secureConnection', (socket: TLSSocket) => onConnection?.(socket, ++connections));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const settings: PortalLoginSettings = { authUrl: `${base}${AUTH_PATH}`, ca: [keys.certificatePem], timeoutMs: 5000 };
  const close = () =>
    new Promise<void>((done) => {
      server.close(() => done());
      server.closeAllConnections();
    });
  return { base, seen, settings, close };
}

/** The PortalLoginError of a login that must fail. */
async function failure(promise: Promise<unknown>): Promise<PortalLoginError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof PortalLoginError)) throw new Error(`expected a PortalLoginError, got ${String(err)}`);
  return err;
}

describe('openPortalSession (TLS client-certificate login)', () => {
  const tmp = tempDir();
  let identity: SignerIdentity;
  beforeAll(() => (identity = loadOrCreateIdentity(tmp.dir, '11111111-1')));
  afterAll(() => tmp.cleanup());

  it('posts referencia with the signer certificate over TLS 1.2, follows the redirects with the cookies and answers them', async () => {
    const server = await loginServer((req, res) => {
      if (req.url?.startsWith(AUTH_PATH)) {
        res.writeHead(302, {
          location: '/landing',
          'set-cookie': ['TOKEN=T0K3N; Domain=127.0.0.1; Path=/', 'CSESSIONID=T0K3N; Path=/; Max-Age=3600', 'TRASH=1; Domain=sii.cl'],
        });
      } else if (req.url === '/landing') {
        res.writeHead(302, { location: `${server.base}/final`, 'set-cookie': 'NETSCAPE_LIVEWIRE.rut=11111111; Path=/cgi_misii' });
      } else res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html></html>');
    });
    try {
      const before = Date.now();
      const result = await openPortalSession(identity, REFERENCIA, server.settings);
      const [login, landing, final] = server.seen;
      expect(server.seen).toHaveLength(3);
      expect(login).toMatchObject({
        method: 'POST',
        url: `${AUTH_PATH}?${REFERENCIA}`,
        body: `referencia=${encodeURIComponent(REFERENCIA)}`,
        contentType: 'application/x-www-form-urlencoded',
        protocol: 'TLSv1.2',
      });
      expect(login.clientCertificate?.equals(new X509Certificate(identity.certificatePem).raw)).toBe(true);
      expect(landing).toMatchObject({ method: 'GET', url: '/landing', cookie: 'TOKEN=T0K3N; CSESSIONID=T0K3N' });
      // The /cgi_misii cookie is not sent to /final; a Domain that does not cover the host was never stored.
      expect(final).toMatchObject({ method: 'GET', url: '/final', cookie: 'TOKEN=T0K3N; CSESSIONID=T0K3N' });
      expect(result.rut).toBe('11111111-1');
      expect(result.cookies).toEqual([
        { name: 'TOKEN', value: 'T0K3N', domain: '127.0.0.1', path: '/' },
        { name: 'CSESSIONID', value: 'T0K3N', domain: '127.0.0.1', path: '/', expires: expect.any(String) },
        { name: 'NETSCAPE_LIVEWIRE.rut', value: '11111111', domain: '127.0.0.1', path: '/cgi_misii' },
      ]);
      const expires = Date.parse(result.cookies[1].expires as string);
      expect(expires).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 3600_000 + 1000);
    } finally {
      await server.close();
    }
  });

  it('fails with sii_login_failed and the page text when the SII sets no session cookie', async () => {
    const page =
      '<html><body><p>Código de error: 01.01.204.500.709.36</p><script>x()</script><p>Certificado &amp; vencido</p></body></html>';
    const server = await loginServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1', 'set-cookie': 'TS01=abc; Path=/' });
      res.end(Buffer.from(page, 'latin1'));
    });
    try {
      const err = await failure(openPortalSession(identity, REFERENCIA, server.settings));
      expect(err).toMatchObject({
        status: 502,
        error: 'sii_login_failed',
        detail: 'Código de error: 01.01.204.500.709.36 Certificado & vencido',
      });
    } finally {
      await server.close();
    }
  });

  it('stops after 5 redirects', async () => {
    const server = await loginServer((_req, res) => res.writeHead(302, { location: '/again' }).end());
    try {
      const err = await failure(openPortalSession(identity, REFERENCIA, server.settings));
      expect(err.status).toBe(502);
      expect(err.detail).toMatch(/HTTP 302 from https:\/\/127\.0\.0\.1:\d+\/again without a session cookie/);
      expect(server.seen).toHaveLength(6);
    } finally {
      await server.close();
    }
  });

  it('verifies the server certificate: an untrusted one is sii_unavailable, and nothing was posted', async () => {
    const server = await loginServer((_req, res) => res.end());
    try {
      const err = await failure(openPortalSession(identity, REFERENCIA, { ...server.settings, ca: undefined }));
      expect(err).toMatchObject({ status: 503, error: 'sii_unavailable' });
      expect(err.detail).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY/);
      expect(server.seen).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('retries once a connection the SII drops during the handshake (the "TLS hiccup" peers retry)', async () => {
    const server = await loginServer(
      (req, res) => {
        if (req.url === '/ok') res.writeHead(200).end();
        else res.writeHead(302, { location: '/ok', 'set-cookie': 'CSESSIONID=S; Path=/' }).end();
      },
      (socket: Socket, n) => {
        if (n === 1) socket.destroy();
      },
    );
    try {
      const result = await openPortalSession(identity, REFERENCIA, server.settings);
      expect(result.cookies.map((c) => c.name)).toEqual(['CSESSIONID']);
      expect(server.seen.map((s) => s.url)).toEqual([`${AUTH_PATH}?${REFERENCIA}`, '/ok']);
    } finally {
      await server.close();
    }
  });

  it('answers sii_timeout when the login does not finish within timeoutMs', async () => {
    const server = await loginServer(() => undefined); // never answers
    try {
      const err = await failure(openPortalSession(identity, REFERENCIA, { ...server.settings, timeoutMs: 200 }));
      expect(err).toMatchObject({ status: 504, error: 'sii_timeout' });
    } finally {
      await server.close();
    }
  });

  it('answers sii_unavailable when nothing listens', async () => {
    const server = await loginServer(() => undefined);
    await server.close();
    const err = await failure(openPortalSession(identity, REFERENCIA, server.settings));
    expect(err).toMatchObject({ status: 503, error: 'sii_unavailable', detail: expect.stringContaining('ECONNREFUSED') });
  });
});
