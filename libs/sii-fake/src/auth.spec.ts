import axios from 'axios';
import { parseXmlDocument, textOf } from '@lib/dte';
import { setupServer } from 'msw/node';
import { SiiFakeAuthority } from './authority';
import { createSiiFakeHandlers } from './msw';
import { makeTestCertificate, signXml, signedGetToken, soapInner, soapRequest, tag } from '../test/helpers';

const BASE = 'https://maullin.sii.cl';
const cert = makeTestCertificate('12345678-5');
let clock = new Date('2025-03-10T12:00:00Z');
const authority = new SiiFakeAuthority({ now: () => clock });
const server = setupServer(...createSiiFakeHandlers(authority));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

async function call(service: string, operation: string, params: Record<string, string> = {}, ns = `${BASE}/DTEWS/${service}`) {
  const res = await axios.post(`${BASE}/DTEWS/${service}`, soapRequest(operation, ns, params), {
    headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '' },
    responseType: 'text',
    validateStatus: () => true,
  });
  return { status: res.status, envelope: res.data as string };
}

async function seed(): Promise<string> {
  const { envelope } = await call('CrSeed.jws', 'getSeed');
  return tag(soapInner(envelope), 'SEMILLA') as string;
}

async function token(pszXml: string) {
  const { envelope } = await call('GetTokenFromSeed.jws', 'getToken', { pszXml });
  const inner = soapInner(envelope);
  return { estado: tag(inner, 'ESTADO'), glosa: tag(inner, 'GLOSA'), token: tag(inner, 'TOKEN'), inner, envelope };
}

describe('CrSeed.getSeed', () => {
  it('answers an rpc envelope with the escaped SII:RESPUESTA and a 12-digit seed', async () => {
    const { status, envelope } = await call('CrSeed.jws', 'getSeed');
    expect(status).toBe(200);
    expect(envelope).toContain(
      `<ns1:getSeedResponse soapenv:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/" xmlns:ns1="${BASE}/DTEWS/CrSeed.jws">`,
    );
    expect(envelope).toMatch(/<getSeedReturn xsi:type="xsd:string">&lt;\?xml version=&quot;1.0&quot;/);
    const inner = soapInner(envelope);
    expect(inner).toContain('<SII:RESPUESTA xmlns:SII="http://www.sii.cl/XMLSchema"><SII:RESP_HDR><ESTADO>00</ESTADO>');
    expect(tag(inner, 'SEMILLA')).toMatch(/^\d{12}$/);
  });

  it('matches the operation by local name whatever the namespace', async () => {
    const { envelope } = await call('CrSeed.jws', 'getSeed', {}, 'http://DefaultNamespace');
    expect(tag(soapInner(envelope), 'ESTADO')).toBe('00');
  });

  it('answers a SOAP fault for an unknown operation', async () => {
    const { status, envelope } = await call('CrSeed.jws', 'getCrSeed');
    expect(status).toBe(500);
    expect(textOf(parseXmlDocument(envelope), 'faultstring')).toBe("No such operation 'getCrSeed'");
  });
});

describe('GetTokenFromSeed.getToken', () => {
  it('creates a 13-character token bound to the certificate RUT', async () => {
    const result = await token(signedGetToken(await seed(), cert));
    expect(result).toMatchObject({ estado: '00', glosa: 'Token Creado' });
    expect(result.token).toMatch(/^[A-Za-z0-9]{13}$/);
    expect(authority.tokens.get(result.token as string)?.rut).toBe('12345678-5');
  });

  it('refuses a seed used twice (08)', async () => {
    const s = await seed();
    expect((await token(signedGetToken(s, cert))).estado).toBe('00');
    expect(await token(signedGetToken(s, cert))).toMatchObject({ estado: '08' });
  });

  it('refuses an expired seed with 08 TIME-OUT DEL SEED', async () => {
    const s = await seed();
    clock = new Date(clock.getTime() + 121_000);
    expect(await token(signedGetToken(s, cert))).toMatchObject({ estado: '08', glosa: 'TIME-OUT DEL SEED' });
  });

  it('refuses a seed it never issued (08)', async () => {
    expect(await token(signedGetToken('000000000001', cert))).toMatchObject({ estado: '08', glosa: 'NO Existe SEED' });
  });

  it('refuses a document altered after signing (05)', async () => {
    const s = await seed();
    const other = String(Number(s) + 1).padStart(12, '0');
    const tampered = signedGetToken(s, cert).replace(`<Semilla>${s}</Semilla>`, `<Semilla>${other}</Semilla>`);
    expect((await token(tampered)).estado).toBe('05');
  });

  it('refuses a KeyValue that is not the certificate key (21)', async () => {
    const stranger = makeTestCertificate('11111111-1');
    const modulus = signedGetToken('1', stranger).match(/<Modulus>([^<]+)<\/Modulus>/)?.[1];
    const xml = signXml(`<getToken><item><Semilla>${await seed()}</Semilla></item></getToken>`, cert, '', { keyModulusOverride: modulus });
    expect((await token(xml)).estado).toBe('21');
  });

  it('answers 04 without Signature, 02 for broken XML, 01 for an empty pszXml', async () => {
    expect((await token(`<getToken><item><Semilla>${await seed()}</Semilla></item></getToken>`)).estado).toBe('04');
    expect((await token('<getToken><item>')).estado).toBe('02');
    expect((await token('')).estado).toBe('01');
  });
});
