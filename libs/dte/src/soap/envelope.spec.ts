import { DteParseError } from '../errors';
import { parseSoapCall, parseSoapReturn, soapFault, soapNamespace, soapRequest, soapResponse } from './envelope';

describe('soapRequest (the gateway calling the SII)', () => {
  it('builds an rpc/encoded call in the service namespace with escaped, typed string parameters', () => {
    const ns = soapNamespace('https://maullin.sii.cl', 'GetTokenFromSeed.jws');
    const xml = soapRequest('getToken', ns, [['pszXml', '<getToken><item><Semilla>012</Semilla></item></getToken>']]).toString('utf8');
    expect(xml).toContain(
      '<m:getToken soapenv:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/" xmlns:m="https://maullin.sii.cl/DTEWS/GetTokenFromSeed.jws">',
    );
    expect(xml).toContain('<pszXml xsi:type="xsd:string">&lt;getToken&gt;&lt;item&gt;&lt;Semilla&gt;012&lt;/Semilla&gt;');
    expect(xml).not.toContain('<getToken>');
  });

  it('keeps the envelope ASCII (non-ASCII as character references) and escapes &', () => {
    const xml = soapRequest('op', 'urn:x', [['a', 'Peñalolén & Cía']]);
    expect([...xml].every((b) => b < 0x80)).toBe(true);
    expect(xml.toString()).toContain('Pe&#241;alol&#233;n &amp; C&#237;a');
  });
});

describe('both directions agree (the fake SII answering the gateway)', () => {
  it('reads back the request it builds, parameters in order and unescaped', () => {
    const call = parseSoapCall(
      soapRequest('getToken', 'urn:x', [
        ['pszXml', '<a>Peñalolén & Cía</a>'],
        ['b', '2'],
      ]).toString('utf8'),
    );
    expect(call).toEqual({
      operation: 'getToken',
      params: [
        { name: 'pszXml', value: '<a>Peñalolén & Cía</a>' },
        { name: 'b', value: '2' },
      ],
    });
  });

  it('reads back the answer it builds, astral characters as one reference each', () => {
    const inner = '<SII:RESPUESTA>Ñandú 😀</SII:RESPUESTA>';
    const xml = soapResponse('getSeed', 'https://maullin.sii.cl/DTEWS/CrSeed.jws', inner);
    expect(xml).toContain('&#128512;');
    expect([...Buffer.from(xml, 'utf8')].every((b) => b < 0x80)).toBe(true);
    expect(parseSoapReturn(xml)).toBe(inner);
  });

  it('turns a fault into a DteParseError with its faultstring', () => {
    expect(() => parseSoapReturn(soapFault('soapenv:Client', "No such operation 'x'"))).toThrow(DteParseError);
    expect(() => parseSoapReturn(soapFault('soapenv:Client', "No such operation 'x'"))).toThrow(/SOAP fault: No such operation 'x'/);
  });

  it('refuses a request that is not SOAP', () => {
    expect(() => parseSoapCall('<a/>')).toThrow(/no SOAP Body operation/);
    expect(() => parseSoapCall('not xml')).toThrow(/not XML/);
  });
});
