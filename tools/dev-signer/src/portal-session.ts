import { constants } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { CookieJar, type JarCookie } from './cookie-jar';
import type { SignerIdentity } from './keystore';

/** Where and how the signer logs in on the SII portal (main.ts reads them from SII_AUTH_URL, SII_TLS_CA_FILE, SII_AUTH_TIMEOUT_MS). */
export interface PortalLoginSettings {
  /** The certificate login page, `https://herculesr.sii.cl/cgi_AUT2000/CAutInicio.cgi` (cert and prod alike, RDE). */
  authUrl: string;
  /** Trusted CAs: the system's (`tls.rootCertificates`) plus, for development against the stand-in, its certificate. */
  ca?: string[];
  /** Deadline of the whole login, every redirect included. */
  timeoutMs: number;
  /** Redirects followed at most. */
  maxRedirects?: number;
}

/** The SII's certificate login and its redirects: the answer of `POST /portal/session`. */
export interface PortalSessionResult {
  cookies: { name: string; value: string; domain: string; path: string; expires?: string }[];
  rut: string;
}

/** A login that did not give a session: 502 `sii_login_failed`, 503 `sii_unavailable`, 504 `sii_timeout`. */
export class PortalLoginError extends Error {
  constructor(
    readonly status: 502 | 503 | 504,
    readonly error: 'sii_login_failed' | 'sii_unavailable' | 'sii_timeout',
    readonly detail: string,
  ) {
    super(detail);
  }
}

export const DEFAULT_AUTH_URL = 'https://herculesr.sii.cl/cgi_AUT2000/CAutInicio.cgi';
/** Cookies that mean the SII opened a session (RDE `openSiiSession`: it fails unless the jar holds one of them). */
const SESSION_COOKIES = ['TOKEN', 'CSESSIONID'];
/** DVL `utils/pfx.js` lines 18-29: without these the client-certificate handshake with the SII does not complete. */
const SECURE_OPTIONS = constants.SSL_OP_ALLOW_UNSAFE_LEGACY_RENEGOTIATION | constants.SSL_OP_LEGACY_SERVER_CONNECT;
/** Connection failures before any answer that RDE retries ("~1/3 hiccup de TLS"): once, within the deadline. */
const RETRIED_CODES = new Set(['ECONNRESET', 'EPIPE', 'EPROTO']);
const MAX_PAGE_BYTES = 256 * 1024;
const MAX_DETAIL_CHARS = 500;

interface Hop {
  status: number;
  location?: string;
  setCookie?: string[];
  contentType?: string;
  body: Buffer;
}

/**
 * Opens an SII portal session with the signer's certificate (docs/research/sources/README.md §1.2): `POST
 * <authUrl>?<referencia>` with the form body `referencia=<referencia>` over TLS with the certificate and key as the
 * client certificate (TLS at most 1.2, legacy renegotiation allowed, server certificate verified), then GET every
 * redirect (at most `maxRedirects`, 5) with the cookies collected so far. The portal pages refuse the web-service
 * TOKEN, and the private key must sign inside the handshake, so this login lives in the signing service.
 * @returns every cookie collected, when one is `TOKEN` or `CSESSIONID`, and the certificate holder's RUT.
 * @throws PortalLoginError 502 `sii_login_failed` (no session cookie; `detail` is the last page's text, e.g. the SII's
 *   login error code page), 503 `sii_unavailable` (connection or TLS failure), 504 `sii_timeout` (over `timeoutMs`).
 */
export async function openPortalSession(
  identity: SignerIdentity,
  referencia: string,
  settings: PortalLoginSettings,
): Promise<PortalSessionResult> {
  const deadline = AbortSignal.timeout(settings.timeoutMs);
  const jar = new CookieJar();
  const tls = { key: identity.privateKeyPem, cert: identity.certificatePem, ca: settings.ca };
  let url = new URL(`${settings.authUrl}?${referencia}`);
  let hop = await withRetry(() => send(url, 'POST', `referencia=${encodeURIComponent(referencia)}`, jar, tls, deadline));
  jar.store(url, hop.setCookie);
  for (let n = 0; n < (settings.maxRedirects ?? 5) && isRedirect(hop); n++) {
    url = new URL(hop.location as string, url);
    hop = await send(url, 'GET', undefined, jar, tls, deadline);
    jar.store(url, hop.setCookie);
  }
  if (!jar.has(...SESSION_COOKIES)) {
    throw new PortalLoginError(
      502,
      'sii_login_failed',
      pageText(hop) || `HTTP ${hop.status} from ${url.origin}${url.pathname} without a session cookie`,
    );
  }
  return { cookies: jar.list().map(answerCookie), rut: identity.holderRut };
}

function answerCookie({ name, value, domain, path, expires }: JarCookie): PortalSessionResult['cookies'][number] {
  return { name, value, domain, path, ...(expires ? { expires } : {}) };
}

function isRedirect(hop: Hop): boolean {
  return [301, 302, 303, 307, 308].includes(hop.status) && !!hop.location;
}

async function withRetry(attempt: () => Promise<Hop>): Promise<Hop> {
  try {
    return await attempt();
  } catch (err) {
    const code = (err as { cause?: NodeJS.ErrnoException }).cause?.code ?? '';
    if (err instanceof PortalLoginError && err.status === 503 && RETRIED_CODES.has(code)) return attempt();
    throw err;
  }
}

/** One request; the answer's body is read up to {@link MAX_PAGE_BYTES}. */
function send(
  url: URL,
  method: 'GET' | 'POST',
  form: string | undefined,
  jar: CookieJar,
  tls: { key: string; cert: string; ca?: string[] },
  signal: AbortSignal,
): Promise<Hop> {
  const headers: Record<string, string> = { accept: 'text/html,*/*', 'user-agent': 'dev-signer portal login' };
  const cookie = jar.header(url);
  if (cookie) headers['cookie'] = cookie;
  if (form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    headers['content-length'] = String(Buffer.byteLength(form));
  }
  return new Promise<Hop>((resolve, reject) => {
    const options = { method, headers, signal, agent: false as const };
    const onAnswer = (res: IncomingMessage) =>
      readHop(res).then(resolve, (err: NodeJS.ErrnoException) => reject(transportError(err, url, signal)));
    // The client certificate goes wherever the SII asks for it; the server's certificate is always verified.
    const req =
      url.protocol === 'https:'
        ? httpsRequest(url, { ...options, ...tls, maxVersion: 'TLSv1.2', secureOptions: SECURE_OPTIONS }, onAnswer)
        : httpRequest(url, options, onAnswer);
    req.on('error', (err: NodeJS.ErrnoException) => reject(transportError(err, url, signal)));
    req.end(form);
  });
}

function readHop(res: IncomingMessage): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      if (size < MAX_PAGE_BYTES) chunks.push(chunk);
      size += chunk.length;
    });
    res.on('error', reject);
    res.on('end', () =>
      resolve({
        status: res.statusCode ?? 0,
        location: res.headers.location,
        setCookie: res.headers['set-cookie'],
        contentType: res.headers['content-type'],
        body: Buffer.concat(chunks).subarray(0, MAX_PAGE_BYTES),
      }),
    );
  });
}

function transportError(err: NodeJS.ErrnoException, url: URL, signal: AbortSignal): PortalLoginError {
  const where = `${url.origin}${url.pathname}`;
  if (signal.aborted) return new PortalLoginError(504, 'sii_timeout', `the SII login at ${where} did not finish in time`);
  const failure = new PortalLoginError(503, 'sii_unavailable', `cannot reach ${where}: ${err.code ?? err.message}`);
  return Object.assign(failure, { cause: err });
}

/** The page's visible text, whitespace collapsed, cut to {@link MAX_DETAIL_CHARS}; ISO-8859-1 unless it says UTF-8. */
function pageText(hop: Hop): string {
  const utf8 = /charset=\s*"?utf-?8/i.test(hop.contentType ?? '');
  const text = hop.body
    .toString(utf8 ? 'utf8' : 'latin1')
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS)}...` : text;
}
