import { isIP } from 'node:net';

/** As `POST /portal/session` answers it (docs/CONTRACTS.md "Signing service"); expires ISO 8601; hostOnly: set without Domain. */
export interface JarCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires?: string;
  hostOnly: boolean;
}

/**
 * A minimal RFC 6265 jar for the portal login's redirects: a Domain not covering the host is ignored (§5.3), a cookie expired on
 * arrival deletes the stored one. Secure, HttpOnly, SameSite are not needed to follow the SII's own redirects.
 */
export class CookieJar {
  private readonly cookies = new Map<string, JarCookie>();

  store(url: URL, setCookie: string[] | undefined, now = new Date()): void {
    for (const header of setCookie ?? []) {
      const cookie = parseSetCookie(header, url, now);
      if (!cookie) continue;
      const key = `${cookie.name}\t${cookie.domain}\t${cookie.path}`;
      if (cookie.expires && Date.parse(cookie.expires) <= now.getTime()) this.cookies.delete(key);
      else this.cookies.set(key, cookie);
    }
  }

  header(url: URL): string | undefined {
    const host = url.hostname.toLowerCase();
    const sent = this.list().filter(
      (c) => (c.hostOnly ? host === c.domain : domainMatch(host, c.domain)) && pathMatch(url.pathname, c.path),
    );
    return sent.length ? sent.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }

  list(): JarCookie[] {
    return [...this.cookies.values()];
  }

  has(...names: string[]): boolean {
    return this.list().some((c) => names.includes(c.name));
  }
}

/** RFC 6265 §5.2. */
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

/** §5.1.3 (never for an IP address). */
function domainMatch(host: string, domain: string): boolean {
  return host === domain || (!isIP(host) && host.endsWith(`.${domain}`));
}

/** §5.1.4. */
function pathMatch(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

function defaultPath(path: string): string {
  const last = path.lastIndexOf('/');
  return last <= 0 ? '/' : path.slice(0, last);
}
