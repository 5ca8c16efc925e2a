import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevSigner, type DevSignerHandle } from '@lib/testing';
import { SiiFakeAuthority } from './authority';
import { startSiiFakeServer, type SiiFakeServer } from './server';

/**
 * The signing service's `POST /portal/session` end to end (docs/CONTRACTS.md): a real dev signer process logs in at
 * this stand-in's CAutInicio.cgi over its HTTPS listener with its certificate, as the SII's certificate login asks.
 */
describe('the dev signer’s certificate login at the stand-in', () => {
  let clock = new Date();
  const authority = new SiiFakeAuthority({ now: () => clock });
  let sim: SiiFakeServer;
  let signer: DevSignerHandle;
  let dir: string;

  beforeAll(async () => {
    sim = await startSiiFakeServer(authority, { port: 0, tls: true });
    dir = mkdtempSync(join(tmpdir(), 'signer-login-'));
    writeFileSync(join(dir, 'tls-ca.pem'), sim.tlsCertificatePem as string);
    signer = await startDevSigner({
      env: { SII_AUTH_URL: `${sim.httpsUrl}/cgi_AUT2000/CAutInicio.cgi`, SII_TLS_CA_FILE: join(dir, 'tls-ca.pem') },
    });
  }, 60_000);
  afterAll(async () => {
    await signer?.stop();
    await sim?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const open = (referencia: string) =>
    fetch(`${signer.url}/portal/session`, {
      method: 'POST',
      headers: { 'X-Internal-Key': signer.key, 'content-type': 'application/json' },
      body: JSON.stringify({ referencia }),
    });
  const folios = (cookie: string) =>
    fetch(`${sim.url}/cvc_cgi/dte/of_consulta_folios.cgi?RUT_EMP=76086428&DV_EMP=5&COD_DOCTO=33&FOLIO_INI=1&FOLIO_FIN=2`, {
      headers: { cookie },
    }).then((r) => r.text());

  it('answers the cookies of a certificate session of the holder, which the portal pages accept', async () => {
    const r = await open(`${sim.url}/`);
    expect(r.status).toBe(200);
    const body = (await r.json()) as { cookies: { name: string; value: string; domain: string; path: string }[]; rut: string };
    expect(body.rut).toBe('11111111-1');
    expect(body.cookies.map(({ name, domain, path }) => [name, domain, path])).toEqual([
      ['TOKEN', '127.0.0.1', '/'],
      ['CSESSIONID', '127.0.0.1', '/'],
      ['NETSCAPE_LIVEWIRE.rut', '127.0.0.1', '/'],
      ['NETSCAPE_LIVEWIRE.dv', '127.0.0.1', '/'],
    ]);
    const value = (name: string) => body.cookies.find((c) => c.name === name)?.value;
    expect(value('TOKEN')).toBe(value('CSESSIONID'));
    expect([value('NETSCAPE_LIVEWIRE.rut'), value('NETSCAPE_LIVEWIRE.dv')]).toEqual(['11111111', '1']);
    expect(authority.portalLogins.get(value('TOKEN') as string)).toEqual({ rut: '11111111-1', activo: true, via: 'certificado' });
    const cookie = body.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect(await folios(cookie)).toContain('id="tbl_folios"');
    // The web-service token of the same holder does not open the page (the real portal's behaviour).
    expect(await folios(`TOKEN=${authority.issueToken('11111111-1').token}`)).toContain('NO ESTA AUTENTICADO');
  });

  it('answers 502 sii_login_failed with the SII login error page text when the certificate has expired', async () => {
    const before = authority.portalLogins.size;
    clock = new Date(Date.now() + 3 * 365 * 86_400_000); // the dev certificate is valid 2 years
    try {
      const r = await open('https://misiir.sii.cl/cgi_misii/siihome.cgi');
      expect(r.status).toBe(502);
      expect(await r.json()).toEqual({ error: 'sii_login_failed', detail: expect.stringMatching(/Código de error: [\d.]+\.36 .*vencido/) });
      expect(authority.portalLogins.size).toBe(before);
    } finally {
      clock = new Date();
    }
  });
});
