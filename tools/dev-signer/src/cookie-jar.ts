import { isIP } from 'node:net';

/** A cookie of the jar, in the shape `POST /portal/session` answers (docs/CONTRACTS.md "Signing service"). */
export interface JarCookie {
  name: string;
  value: string;
  /** The Domain attribute without its leading dot, else the host that set it. */
  domain: string;
  path: string;
  /** ISO 8601, from Max-Age or Expires; absent for a session cookie. */
  expires?: string;
  /** Set without a Domain attribute: sent back to that exact host only. */
  hostOnly: boolean;
}

/**
 * A minimal RFC 6265 cookie jar for the portal login's redirect chain: stores the Set-Cookie headers of each
 * answer (Domain, Path, Expires, Max-Age; a Domain that does not cover the answering host is ignored, as §5.3
 * says; a cookie expired on arrival deletes the stored one) and gives the Cookie header for the next request.
 * Secure, HttpOnly and SameSite are not needed for a client that only follows the SII's own redirects.
 */
export class CookieJar {
  private readonly cookies = new Map<string, JarCookie>();

  /** Stores the Set-Cookie headers of an answer from `url`; `now` is the clock for Max-Age and Expires. */
  store(url: URL, setCookie: string[] | undefined, now = new Date()): void {
    for (const header of setCookie ?? []) {
      const cookie = parseSetCookie(header, url, now);
      if (!cookie) continue;
      const key = `${cookie.name}\t${cookie.domain}\t${cookie.path}`;
      if (cookie.expires && Date.parse(cookie.expires) <= now.getTime()) this.cookies.delete(key);
      else this.cookies.set(key, cookie);
    }
  }

  /** The `Cookie` header value for a request to `url` (undefined when no cookie applies). */
  header(url: URL): string | undefined {
    const host = url.hostname.toLowerCase();
    const sent = this.list().filter(
      (c) => (c.hostOnly ? host === c.domain : domainMatch(host, c.domain)) && pathMatch(url.pathname, c.path),
    );
    return sent.length ? sent.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }

  /** Every stored cookie, in the order they were first set. */
  list(): JarCookie[] {
    return [...this.cookies.values()];
  }

  /** Whether a cookie of one of these names is stored. */
  has(...names: string[]): boolean {
    return this.list().some((c) => names.includes(c.name));
  }
}

/** One Set-Cookie header (RFC 6265 §5.2), or undefined when it is malformed or its Domain does not cover the host. */
function parseSetCookie(header: string, url: URL, now: Date): JarCookie | undefined {
  const [pair, ...attributes] = header.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return undefined;
  const host = url.hostname.toLowerCase();
  const cookie: JarCookie = {
    name: pair.slice(0, eq).trim(),
    value: pair.slice(eq + 1).trim(),
    domain: host,
    path: defaultPath(url.pathname),
    hostOnly: true,
  };
  let maxAge: number | undefined;
  let expires: number | undefined;
  for (const attribute of attributes) {
    const i = attribute.indexOf('=');
    const key = (i < 0 ? attribute : attribute.slice(0, i)).trim().toLowerCase();
    const value = i < 0 ? '' : attribute.slice(i + 1).trim();
    if (key === 'domain' && value) {
      const domain = value.replace(/^\./, '').toLowerCase();
      if (!domainMatch(host, domain)) return undefined;
      Object.assign(cookie, { domain, hostOnly: false });
    } else if (key === 'path' && value.startsWith('/')) cookie.path = value;
    else if (key === 'max-age' && /^-?\d+$/.test(value)) maxAge = Number(value);
    else if (key === 'expires' && !Number.isNaN(Date.parse(value))) expires = Date.parse(value);
  }
  // Max-Age wins over Expires (§5.3 step 3).
  const until = maxAge !== undefined ? now.getTime() + maxAge * 1000 : expires;
  if (until !== undefined) cookie.expires = new Date(until).toISOString();
  return cookie;
}

/** §5.1.3: the host is the domain, or a subdomain of it (never for an IP address). */
function domainMatch(host: string, domain: string): boolean {
  return host === domain || (!isIP(host) && host.endsWith(`.${domain}`));
}

/** §5.1.4. */
function pathMatch(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

/** §5.1.4 default-path: the request path up to its last slash. */
function defaultPath(path: string): string {
  const last = path.lastIndexOf('/');
  return last <= 0 ? '/' : path.slice(0, last);
}
