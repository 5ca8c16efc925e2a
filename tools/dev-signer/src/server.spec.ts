import { createSignerServer, type SignerServer } from './server';
import { ddXml, flatCaf, getTokenXml, latin1, makeCaf, opensslCmsVerify, tempDir } from '../test/fixtures';

const KEYS = 'tax-gateway:gw-secret,ci:ci-secret';
const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64');

describe('signer HTTP API', () => {
  const tmp = tempDir();
  let server: SignerServer;

  beforeAll(() => {
    server = createSignerServer({ dataDir: tmp.dir, internalKeys: KEYS, holderRut: '11111111-1' });
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object, key: string | null = 'gw-secret') =>
    server.app.inject({ method, url, payload, headers: key === null ? {} : { 'x-internal-key': key } });

  it('serves /health without a key', async () => {
    const r = await call('GET', '/health', undefined, null);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ok' });
  });

  it.each([
    ['no key', null],
    ['a wrong key', 'gw-secreT'],
    ['a caller name instead of its key', 'tax-gateway'],
  ])('answers 401 with %s', async (_name, key) => {
    const r = await call('GET', '/sign/certificate', undefined, key);
    expect(r.statusCode).toBe(401);
    expect(r.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('accepts every configured caller key and describes the certificate', async () => {
    for (const key of ['gw-secret', 'ci-secret']) {
      const r = await call('GET', '/sign/certificate', undefined, key);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({
        certificate_pem: server.identity.certificatePem,
        holder_rut: '11111111-1',
        subject: expect.stringContaining('serialNumber=11111111-1'),
        not_after: server.identity.notAfter,
      });
    }
  });

  it('signs and verifies XML as base64 of the exact bytes', async () => {
    const signed = await call('POST', '/sign/xml', { xml: b64(getTokenXml()), reference_uri: '' });
    expect(signed.statusCode).toBe(200);
    const xml = Buffer.from(signed.json().xml, 'base64');
    expect(xml.toString().startsWith('<?xml version="1.0"?>\n<getToken>')).toBe(true);
    const ok = await call('POST', '/verify/xml', { xml: b64(xml) });
    expect(ok.json()).toEqual({ valid: true, reasons: [] });
    const wrongRef = await call('POST', '/verify/xml', { xml: b64(xml), reference_uri: '#SetDoc' });
    expect(wrongRef.json()).toEqual({ valid: false, reasons: ['no Signature with Reference URI "#SetDoc" found'] });
  });

  it('takes the encoding of a declaration-less DTE from `encoding`', async () => {
    // "Ã©" in Latin-1 is also valid UTF-8 ("é"): only the caller can say which one it is.
    const dte = latin1(
      '<DTE xmlns="http://www.sii.cl/SiiDte" version="1.0"><Documento ID="F5T33"><NmbItem>Ã© ambiguous</NmbItem></Documento></DTE>',
    );
    const signed = await call('POST', '/sign/xml', { xml: b64(dte), reference_uri: '#F5T33', encoding: 'ISO-8859-1' });
    expect(signed.statusCode).toBe(200);
    const bytes = Buffer.from(signed.json().xml, 'base64');
    expect((await call('POST', '/verify/xml', { xml: b64(bytes), encoding: 'ISO-8859-1' })).json().valid).toBe(true);
    expect((await call('POST', '/verify/xml', { xml: b64(bytes) })).json().valid).toBe(false);
  });

  it.each([
    [{ reference_uri: '' }, 400, 'bad_request'],
    [{ xml: '***', reference_uri: '' }, 400, 'bad_request'],
    [{ xml: b64('<a><b/></a>') }, 400, 'bad_request'],
    [{ xml: b64('<a><b/></a>'), reference_uri: '#nope' }, 422, 'unknown_reference'],
    [{ xml: b64('<!DOCTYPE a><a/>'), reference_uri: '' }, 422, 'bad_xml'],
  ])('rejects /sign/xml %j with %i', async (payload, status, error) => {
    const r = await call('POST', '/sign/xml', payload);
    expect(r.statusCode).toBe(status);
    expect(r.json()).toEqual({ error, detail: expect.any(String) });
  });

  it('registers a CAF, stamps a TED and verifies it', async () => {
    const caf = makeCaf();
    const reg = await call('POST', '/sign/caf', { caf: b64(caf.bytes) });
    expect(reg.statusCode).toBe(200);
    const { caf_id } = reg.json();
    const cafXml = flatCaf(caf.bytes);
    const dd = latin1(ddXml(cafXml, 3));
    const ted = await call('POST', '/sign/ted', { caf_id, dd: b64(dd) });
    expect(ted.statusCode).toBe(200);
    const { frmt } = ted.json();
    expect((await call('POST', '/verify/ted', { dd: b64(dd), frmt, rsapk: caf.rsapk })).json()).toEqual({ valid: true, reasons: [] });
    const other = makeCaf().rsapk;
    expect((await call('POST', '/verify/ted', { dd: b64(dd), frmt, rsapk: other })).json().valid).toBe(false);
    expect((await call('POST', '/verify/ted', { dd: b64(dd), frmt })).statusCode).toBe(400);

    // A restarted signer on the same data dir keeps the certificate and the CAF key.
    const restarted = createSignerServer({ dataDir: tmp.dir, internalKeys: KEYS });
    try {
      expect(restarted.identity.certificatePem).toBe(server.identity.certificatePem);
      const again = await restarted.app.inject({
        method: 'POST',
        url: '/sign/ted',
        payload: { caf_id, dd: b64(dd) },
        headers: { 'x-internal-key': 'ci-secret' },
      });
      expect(again.json()).toEqual({ frmt }); // PKCS#1 v1.5 is deterministic
    } finally {
      await restarted.close();
    }
  });

  it('answers 404 for an unknown caf_id and 422 for a broken CAF', async () => {
    const r = await call('POST', '/sign/ted', { caf_id: 'f'.repeat(32), dd: b64('<DD/>') });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ error: 'unknown_caf', detail: expect.any(String) });
    const bad = await call('POST', '/sign/caf', { caf: b64('<AUTORIZACION/>') });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toBe('bad_caf');
  });

  it('makes a CMS SignedData that openssl verifies', async () => {
    const data = Buffer.from('audit receipt 42');
    const r = await call('POST', '/sign/cms', { data: b64(data) });
    expect(r.statusCode).toBe(200);
    expect(opensslCmsVerify(Buffer.from(r.json().cms, 'base64'), server.identity.certificatePem).equals(data)).toBe(true);
  });

  it('refuses to start with malformed INTERNAL_KEYS', () => {
    for (const internalKeys of ['', 'nokey', 'a:']) {
      expect(() => createSignerServer({ internalKeys, dataDir: tmp.dir })).toThrow(/caller:key|no caller/);
    }
  });
});
