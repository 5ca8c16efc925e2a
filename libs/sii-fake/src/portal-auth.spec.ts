import { request as httpsRequest } from 'node:https';
import { SiiFakeAuthority } from './authority';
import { CAUT_INICIO_PATH } from './portal-auth';
import { startSiiFakeServer, type SiiFakeServer } from './server';
import { selfSignedTlsCertificate, type TlsKeyPair } from './tls-certificate';
import type { ClientCertificate } from './transport';

const REFERENCIA = 'https://misiir.sii.cl/cgi_misii/siihome.cgi';
const DAY = 86_400_000;

interface Answer {
  status: number;
  location?: string;
  setCookie: string[];
  body: string;
}

/** POSTs the login form over HTTPS, with `client` as the TLS client certificate when given. */
function login(server: SiiFakeServer, client?: TlsKeyPair, path = `${CAUT_INICIO_PATH}?${REFERENCIA}`): Promise<Answer> {
  const form = `referencia=${encodeURIComponent(REFERENCIA)}`;
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      `${server.httpsUrl}${path}`,
      {
        method: 'POST',
        ca: server.tlsCertificatePem,
        ...(client ? { key: client.keyPem, cert: client.certificatePem } : {}),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            setCookie: res.headers['set-cookie'] ?? [],
            body: Buffer.concat(chunks).toString('latin1'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(form);
  });
}

const personal = (serialNumber?: string, from = Date.now() - DAY, to = Date.now() + 365 * DAY) =>
  selfSignedTlsCertificate({ commonName: 'Titular Sintetico', serialNumber, notBefore: new Date(from), notAfter: new Date(to) });

describe('portal: certificate login (CAutInicio.cgi) over the HTTPS listener', () => {
  // Each case makes RSA keys and certificates and TLS handshakes: seconds on a loaded 2-core machine, not 5.
  jest.setTimeout(30_000);
  const authority = new SiiFakeAuthority();
  let server: SiiFakeServer;
  beforeAll(async () => (server = await startSiiFakeServer(authority, { port: 0, tls: true })));
  afterAll(() => server.close());

  it('opens a session of the certificate holder and redirects to the referencia with its cookies', async () => {
    const res = await login(server, personal('22222222-2'));
    expect(res.status).toBe(302);
    expect(res.location).toBe(REFERENCIA);
    const cookies = Object.fromEntries(res.setCookie.map((h) => h.split(';')[0].split('=') as [string, string]));
    expect(res.setCookie.every((h) => h.endsWith('; Domain=127.0.0.1; Path=/'))).toBe(true);
    expect(Object.keys(cookies)).toEqual(['TOKEN', 'CSESSIONID', 'NETSCAPE_LIVEWIRE.rut', 'NETSCAPE_LIVEWIRE.dv']);
    expect(cookies['CSESSIONID']).toBe(cookies['TOKEN']);
    expect([cookies['NETSCAPE_LIVEWIRE.rut'], cookies['NETSCAPE_LIVEWIRE.dv']]).toEqual(['22222222', '2']);
    expect(authority.portalLogins.get(cookies['TOKEN'])).toEqual({ rut: '22222222-2', activo: true, via: 'certificado' });
  });

  it('answers the login error page 34 without a client certificate, over HTTPS and over plain HTTP, and opens nothing', async () => {
    const before = authority.portalLogins.size;
    const overTls = await login(server);
    expect(overTls).toMatchObject({ status: 200, setCookie: [] });
    expect(overTls.body).toMatch(/Código de error: [\d.]+\.34</);
    expect(overTls.body).toContain('Intente ingresar nuevamente su Certificado Digital.');
    const plain = await fetch(`${server.url}${CAUT_INICIO_PATH}?${REFERENCIA}`, { method: 'POST', redirect: 'manual' });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('set-cookie')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).toString('latin1')).toMatch(/\.34</);
    expect(authority.portalLogins.size).toBe(before);
  });

  it('refuses an expired certificate (36) and one without a RUT in its serialNumber (37)', async () => {
    const expired = await login(server, personal('22222222-2', Date.now() - 400 * DAY, Date.now() - DAY));
    expect(expired.body).toMatch(/\.36<.*vencido/s);
    expect((await login(server, personal())).body).toMatch(/\.37<.*Certificado Digital inválido/s);
    expect(expired.setCookie).toEqual([]);
  });

  it('serves /health and the other pages over HTTPS too', async () => {
    const health = await new Promise<string>((resolve, reject) =>
      httpsRequest(`${server.httpsUrl}/health`, { ca: server.tlsCertificatePem, agent: false }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve(text));
      })
        .on('error', reject)
        .end(),
    );
    expect(JSON.parse(health)).toEqual({ status: 'ok' });
  });
});

describe('portal: certificate login checks (transport neutral)', () => {
  const now = new Date('2026-11-05T12:00:00Z');
  const authority = new SiiFakeAuthority({ now: () => now });
  const cert = (over: Partial<ClientCertificate> = {}): ClientCertificate => ({
    subjectSerialNumber: '11111111-1',
    validFrom: new Date(now.getTime() - DAY),
    validTo: new Date(now.getTime() + DAY),
    ...over,
  });
  const post = (
    clientCertificate: ClientCertificate | undefined,
    query = REFERENCIA,
    body = `referencia=${encodeURIComponent(REFERENCIA)}`,
  ) =>
    authority.handle({
      method: 'POST',
      url: `https://herculesr.sii.cl${CAUT_INICIO_PATH}${query ? `?${query}` : ''}`,
      headers: { host: 'herculesr.sii.cl:443' },
      body: Buffer.from(body),
      ...(clientCertificate ? { clientCertificate } : {}),
    });
  const ending = async (res: Promise<{ body: Buffer }>) =>
    /Código de error: [\d.]+\.(\d\d)</.exec((await res).body.toString('latin1'))?.[1];

  it.each([
    ['expired at this instant', '36', cert({ validTo: now })],
    ['not valid yet', '37', cert({ validFrom: new Date(now.getTime() + 1000) })],
    ['without serialNumber', '37', cert({ subjectSerialNumber: undefined })],
    ['with a serialNumber that is not a RUT', '37', cert({ subjectSerialNumber: '11111111-2' })],
    ['absent', '34', undefined],
  ])('refuses a certificate %s with ending %s', async (_name, code, c) => {
    expect(await ending(post(c))).toBe(code);
  });

  it('refuses a login without an absolute http(s) referencia (52)', async () => {
    expect(await ending(post(cert(), '', ''))).toBe('52');
    expect(await ending(post(cert(), 'javascript:alert(1)', 'referencia=javascript%3Aalert(1)'))).toBe('52');
    expect(await ending(post(cert(), '%E0%A4%A', ''))).toBe('52');
  });

  it('takes the referencia from the query when the body has none (the GET some peers send), and sets cookies for the host', async () => {
    const res = await post(cert({ subjectSerialNumber: '7880442-4' }), 'http://www.sii.cl', '');
    expect(res.status).toBe(302);
    expect(res.headers['location']).toBe('http://www.sii.cl/');
    expect(res.setCookies).toContain('NETSCAPE_LIVEWIRE.rut=7880442; Domain=herculesr.sii.cl; Path=/');
  });
});
