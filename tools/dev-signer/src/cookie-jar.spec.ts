import { CookieJar } from './cookie-jar';

describe('CookieJar (RFC 6265, what the portal login needs)', () => {
  const now = new Date('2026-11-05T12:00:00Z');
  const at = (url: string) => new URL(url);

  it('stores host-only and domain cookies and sends each only where RFC 6265 says', () => {
    const jar = new CookieJar();
    jar.store(
      at('https://herculesr.sii.cl/cgi_AUT2000/CAutInicio.cgi'),
      ['TOKEN=A; Domain=.sii.cl; Path=/', 'HOST=B', 'DEEP=C; Path=/cvc_cgi'],
      now,
    );
    expect(jar.list()).toEqual([
      { name: 'TOKEN', value: 'A', domain: 'sii.cl', path: '/', hostOnly: false },
      { name: 'HOST', value: 'B', domain: 'herculesr.sii.cl', path: '/cgi_AUT2000', hostOnly: true },
      { name: 'DEEP', value: 'C', domain: 'herculesr.sii.cl', path: '/cvc_cgi', hostOnly: true },
    ]);
    expect(jar.header(at('https://herculesr.sii.cl/cgi_AUT2000/x.cgi'))).toBe('TOKEN=A; HOST=B');
    expect(jar.header(at('https://maullin.sii.cl/cvc_cgi/dte/x'))).toBe('TOKEN=A');
    expect(jar.header(at('https://herculesr.sii.cl/cvc_cgi/dte'))).toBe('TOKEN=A; DEEP=C');
    expect(jar.header(at('https://herculesr.sii.cl/cvc_cgix'))).toBe('TOKEN=A');
    expect(jar.header(at('https://evil-sii.cl/'))).toBeUndefined();
  });

  it('ignores a Domain that does not cover the host, and subdomain matching of IP addresses', () => {
    const jar = new CookieJar();
    jar.store(at('https://herculesr.sii.cl/'), ['X=1; Domain=example.com', 'Y=2; Domain=maullin.sii.cl'], now);
    jar.store(at('https://127.0.0.1:8243/'), ['Z=3; Domain=0.0.1'], now);
    expect(jar.list()).toEqual([]);
  });

  it('takes Max-Age over Expires, and a past expiry deletes the stored cookie', () => {
    const jar = new CookieJar();
    const url = at('https://zeus.sii.cl/');
    jar.store(url, ['A=1; Expires=Thu, 05 Nov 2026 13:00:00 GMT; Max-Age=60', 'B=2; Expires=Thu, 05 Nov 2026 13:00:00 GMT'], now);
    expect(jar.list().map((c) => [c.name, c.expires])).toEqual([
      ['A', '2026-11-05T12:01:00.000Z'],
      ['B', '2026-11-05T13:00:00.000Z'],
    ]);
    jar.store(url, ['A=; Max-Age=0', 'B=gone; Expires=Thu, 01 Jan 1970 00:00:00 GMT', '=novalue', 'novalue'], now);
    expect(jar.list()).toEqual([]);
    expect(jar.has('A', 'B')).toBe(false);
  });
});
