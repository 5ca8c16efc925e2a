import { constants } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { CookieJar, type JarCookie } from './cookie-jar';
import type { SignerIdentity } from './keystore';

/**
 * From SII_AUTH_URL (`https://herculesr.sii.cl/cgi_AUT2000/CAutInicio.cgi`, cert and prod alike, RDE), SII_TLS_CA_FILE (the
 * system CAs plus, in development, the stand-in's), SII_AUTH_TIMEOUT_MS (the whole login, redirects included).
 */
export interface PortalLoginSettings {
  authUrl: string;
  ca?: string[];
  timeoutMs: number;
  maxRedirects?: number;
}

/** The answer of `POST /portal/session`. */
export interface PortalSessionResult {
  cookies: { name: string; value: string; domain: string; path: string; expires?: string }[];
  rut: string;
}

/** 502 `sii_login_failed`, 503 `sii_unavailable`, 504 `sii_timeout`. */
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
/** RDE `openSiiSession` fails unless the jar holds one of them. */
const SESSION_COOKIES = ['TOKEN', 'CSESSIONID'];
/** DVL `utils/pfx.js` lines 18-29: without these the client-certificate handshake with the SII does not complete. */
const SECURE_OPTIONS = constants.SSL_OP_ALLOW_UNSAFE_LEGACY_RENEGOTIATION | constants.SSL_OP_LEGACY_SERVER_CONNECT;
/** Failures before any answer that RDE retries ("~1/3 hiccup de TLS"): once, within the deadline. */
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
 * The SII portal login with the signer's certificate (docs/research/sources/README.md §1.2): `POST <authUrl>?<referencia>` over
 * TLS ≤ 1.2 with the client certificate, then every redirect (≤ 5) with the cookies. Portal pages refuse the web-service TOKEN and
 * the key must sign inside the handshake, hence here. Returns the cookies and the holder's RUT.
 * @throws PortalLoginError 502 (no session cookie; `detail` the last page's text), 503 (connection/TLS), 504 (over `timeoutMs`).
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

/** Visible text, cut to {@link MAX_DETAIL_CHARS}; ISO-8859-1 unless it says UTF-8. */
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
