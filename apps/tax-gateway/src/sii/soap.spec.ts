import { multipartBody } from './upload-body';
import { escapeText, soapEnvelope, soapNamespace } from './soap';

describe('soapEnvelope', () => {
  it('builds an rpc/encoded call in the service namespace with escaped, typed string parameters', () => {
    const ns = soapNamespace('https://maullin.sii.cl', 'GetTokenFromSeed.jws');
    const xml = soapEnvelope('getToken', ns, [['pszXml', '<getToken><item><Semilla>012</Semilla></item></getToken>']]).toString('utf8');
    expect(xml).toContain(
      '<m:getToken soapenv:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/" xmlns:m="https://maullin.sii.cl/DTEWS/GetTokenFromSeed.jws">',
    );
    expect(xml).toContain('<pszXml xsi:type="xsd:string">&lt;getToken&gt;&lt;item&gt;&lt;Semilla&gt;012&lt;/Semilla&gt;');
    expect(xml).not.toContain('<getToken>');
  });

  it('keeps the envelope ASCII (non-ASCII as character references) and escapes &', () => {
    const xml = soapEnvelope('op', 'urn:x', [['a', 'Peñalolén & Cía']]);
    expect([...xml].every((b) => b < 0x80)).toBe(true);
    expect(xml.toString()).toContain('Pe&#241;alol&#233;n &amp; C&#237;a');
    expect(escapeText('a<b>&')).toBe('a&lt;b&gt;&amp;');
  });
});

describe('multipartBody (DTEUpload)', () => {
  it('writes the fields in order, the file last and untouched, as one buffer', () => {
    const file = Buffer.from([0x3c, 0xf1, 0xe9, 0x3e]); // "<ñé>" in ISO-8859-1
    const { body, contentType } = multipartBody(
      [
        ['rutSender', '1'],
        ['dvSender', '9'],
        ['rutCompany', '76086428'],
        ['dvCompany', '5'],
      ],
      { field: 'archivo', filename: 'envio.xml', contentType: 'application/xml', data: file },
    );
    const boundary = /boundary=(.+)$/.exec(contentType)?.[1] as string;
    const text = body.toString('latin1');
    const names = [...text.matchAll(/; name="([^"]+)"/g)].map((m) => m[1]);
    expect(names).toEqual(['rutSender', 'dvSender', 'rutCompany', 'dvCompany', 'archivo']);
    expect(body.includes(file)).toBe(true);
    expect(text.endsWith(`\r\n--${boundary}--\r\n`)).toBe(true);
    expect(text).toContain('filename="envio.xml"\r\nContent-Type: application/xml\r\n\r\n');
  });
});
