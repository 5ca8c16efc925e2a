import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';
import axios from 'axios';
import { setupServer } from 'msw/node';
import { cafKeyPairMatches, parseCaf, santiagoDate, verifyCafSignature } from '@lib/dte';
import { portalCertificateLogin } from './certificate-login';
import { SiiFakeAuthority } from './authority';
import { createSiiFakeHandlers } from './msw';
import { contribuyenteFor } from './taxpayers';
import { normalizeRut } from './internal/rut';
import { parseMultipart } from './multipart';

const BASE = 'https://maullin.sii.cl';
const authority = new SiiFakeAuthority({ unknownRuts: ['11.111.111-1'], cafIdk: 901 });
const server = setupServer(...createSiiFakeHandlers(authority));
const http = axios.create({ baseURL: BASE, validateStatus: () => true });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('POST /sim/caf', () => {
  it('issues an ISO-8859-1 CAF whose FRMA verifies with the authority certificate', async () => {
    const res = await http.post('/sim/caf', { rut: '76555835-2', tipo_dte: 33, desde: 1, hasta: 50 }, { responseType: 'arraybuffer' });
    expect(res.status).toBe(200);
    const file = Buffer.from(res.data);
    expect(file.toString('latin1')).toMatch(/^<\?xml version="1.0" encoding="ISO-8859-1"\?>\n<AUTORIZACION>\n<CAF version="1.0">/);
    const caf = parseCaf(file);
    expect(caf).toMatchObject({ re: '76555835-2', td: 33, desde: 1, hasta: 50, idk: 901, fa: santiagoDate() });
    expect(caf.rs).toBe(contribuyenteFor('76555835-2').razon_social.slice(0, 40));
    const cert = (await http.get('/sim/authority-certificate')).data as string;
    expect(cert).toContain('BEGIN CERTIFICATE');
    expect(verifyCafSignature(caf, cert)).toBe(true);
    expect(verifyCafSignature(caf, new SiiFakeAuthority().certificatePem)).toBe(false);
    expect(caf.rsask).toContain('BEGIN RSA PRIVATE KEY');
    expect(cafKeyPairMatches(caf)).toBe(true);
    const jwk = createPublicKey(caf.rsapubk as string).export({ format: 'jwk' });
    expect(jwk.e).toBe('Aw');
    expect(createPrivateKey(caf.rsask as string).asymmetricKeyDetails?.modulusLength).toBe(512);
    expect(new X509Certificate(cert).publicKey.equals(createPublicKey(authority.keyMaterial.privateKeyPem))).toBe(true);
  });

  it('refuses overlapping ranges for the same RUT and type with 409', async () => {
    expect((await http.post('/sim/caf', { rut: '76177907-9', tipo_dte: 61, desde: 1, hasta: 10 })).status).toBe(200);
    expect((await http.post('/sim/caf', { rut: '76177907-9', tipo_dte: 61, desde: 10, hasta: 20 })).status).toBe(409);
    expect((await http.post('/sim/caf', { rut: '76177907-9', tipo_dte: 56, desde: 1, hasta: 10 })).status).toBe(200);
    expect((await http.post('/sim/caf', { rut: '76177907-9', tipo_dte: 61, desde: 11, hasta: 20 })).status).toBe(200);
  });

  it('answers 400 for a bad RUT, type or range', async () => {
    expect((await http.post('/sim/caf', { rut: '76177907-1', tipo_dte: 33, desde: 1, hasta: 2 })).status).toBe(400);
    expect((await http.post('/sim/caf', { rut: '76177907-9', tipo_dte: 99, desde: 1, hasta: 2 })).status).toBe(400);
    expect((await http.post('/sim/caf', { rut: '76177907-9', tipo_dte: 33, desde: 5, hasta: 2 })).status).toBe(400);
  });
});

describe('GET /cvc_cgi/dte/ce_empresas_dwnld (the list of DTE-authorized taxpayers)', () => {
  it('lists the companies with a resolution, in the peers’ format, only to a portal session', async () => {
    const authority = new SiiFakeAuthority({ resoluciones: { '76555835-2': { fecha: '2014-08-22', numero: 0 } } });
    const list = (cookie: string) =>
      authority.handle({ method: 'GET', url: 'https://maullin.sii.cl/cvc_cgi/dte/ce_empresas_dwnld', headers: { cookie } });
    expect((await list(`TOKEN=${authority.issueToken('11111111-1').token}`)).body.toString('latin1')).toContain('NO ESTA AUTENTICADO');
    const res = await list((await portalCertificateLogin(authority)).cookie);
    const lines = res.body.toString('latin1').split('\r\n');
    expect(lines[0]).toBe('RUT;RAZON SOCIAL;NUMERO RESOLUCION;FECHA RESOLUCION;MAIL INTERCAMBIO;URL');
    expect(lines[1]).toBe(`76555835-2;${contribuyenteFor('76555835-2').razon_social};0;22-08-2014 ;dte76555835@intercambio.cl;`);
    expect(lines).toHaveLength(3);
  });

  it('names a company with the same synthetic data every time, and another differently', () => {
    const a = contribuyenteFor('76555835-2');
    expect(contribuyenteFor('76555835-2')).toEqual(a);
    expect(a.razon_social).not.toBe(contribuyenteFor('76177907-9').razon_social);
    for (const g of a.giros) expect(g.codigo).toMatch(/^\d{6}$/);
    for (const r of a.representantes) expect(normalizeRut(r.rut)).toBe(r.rut);
  });
});

describe('SII example EnvioDTE', () => {
  const sample = resolve(__dirname, '../../dte/test/data/F60T33-official-sii-example.xml');

  it('is refused with STATUS 8: its CAF was signed by the real SII, not by this authority', async () => {
    const file = readFileSync(sample);
    const boundary = 'XyZ';
    const part = (name: string, value: string | Buffer, filename?: string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n`),
        Buffer.from(value),
        Buffer.from('\r\n'),
      ]);
    const body = Buffer.concat([
      part('rutSender', '7880442'),
      part('dvSender', '4'),
      part('rutCompany', '97975000'),
      part('dvCompany', '5'),
      part('archivo', file, 'F60T33.xml'),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    expect(parseMultipart(body, boundary).map((p) => p.name)).toEqual(['rutSender', 'dvSender', 'rutCompany', 'dvCompany', 'archivo']);
    const t = authority.issueToken('7880442-4').token;
    const res = await authority.handle({
      method: 'POST',
      url: '/cgi_dte/UPL/DTEUpload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: `TOKEN=${t}` },
      body,
    });
    const xml = res.body.toString('latin1');
    expect(xml).toContain('<STATUS>8</STATUS>');
    expect(xml).toContain('CAF no autorizado');
  });
});
