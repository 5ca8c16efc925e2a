import { DteParseError } from '../errors';
import { parseSoapReturn } from '../soap/envelope';
import { parseRecepcionDte, parseSiiRespuesta } from './sii-answers';

const SEED =
  '<?xml version="1.0" encoding="UTF-8"?><SII:RESPUESTA xmlns:SII="http://www.sii.cl/XMLSchema"><SII:RESP_HDR><ESTADO>00</ESTADO></SII:RESP_HDR><SII:RESP_BODY><SEMILLA>000000000078</SEMILLA></SII:RESP_BODY></SII:RESPUESTA>';
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function envelope(returnElement: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" ' +
    'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soapenv:Body>' +
    `<ns1:getSeedResponse soapenv:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/" xmlns:ns1="https://maullin.sii.cl/DTEWS/CrSeed.jws">${returnElement}</ns1:getSeedResponse>` +
    '</soapenv:Body></soapenv:Envelope>'
  );
}

describe('parseSoapReturn', () => {
  it('unescapes an escaped *Return payload', () => {
    expect(parseSoapReturn(envelope(`<getSeedReturn xsi:type="xsd:string">${escape(SEED)}</getSeedReturn>`))).toBe(SEED);
  });

  it('reads a CDATA payload under any prefix', () => {
    expect(parseSoapReturn(envelope(`<ns1:getTokenReturn><![CDATA[${SEED}]]></ns1:getTokenReturn>`))).toBe(SEED);
    expect(parseSoapReturn(envelope(`<x:getEstUpReturn xmlns:x="urn:x">\n  <![CDATA[${SEED}]]>\n</x:getEstUpReturn>`))).toBe(SEED);
  });

  it('throws DteParseError with the faultstring of a SOAP Fault', () => {
    const fault =
      '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><soapenv:Fault>' +
      '<faultcode>soapenv:Server</faultcode><faultstring>Error de Autenticacion: TOKEN invalido</faultstring></soapenv:Fault></soapenv:Body></soapenv:Envelope>';
    expect(() => parseSoapReturn(fault)).toThrow(/SOAP fault: Error de Autenticacion: TOKEN invalido/);
    expect(() => parseSoapReturn('<a/>')).toThrow(DteParseError);
    expect(() => parseSoapReturn('<html><body>Error 500</body>')).toThrow(DteParseError);
  });
});

describe('parseSiiRespuesta', () => {
  it('reads a seed answer', () => {
    expect(parseSiiRespuesta(SEED)).toEqual({ estado: '00', header: { ESTADO: '00' }, body: [{ SEMILLA: '000000000078' }] });
  });

  it('reads a token answer with GLOSA', () => {
    const token =
      '<SII:RESPUESTA xmlns:SII="http://www.sii.cl/XMLSchema"><SII:RESP_BODY><TOKEN>ABCDEFGHIJKLM</TOKEN></SII:RESP_BODY><SII:RESP_HDR><ESTADO>00</ESTADO><GLOSA>Token Creado</GLOSA></SII:RESP_HDR></SII:RESPUESTA>';
    expect(parseSiiRespuesta(token)).toEqual({
      estado: '00',
      glosa: 'Token Creado',
      header: { ESTADO: '00', GLOSA: 'Token Creado' },
      body: [{ TOKEN: 'ABCDEFGHIJKLM' }],
    });
  });

  it('returns the repeated TIPO_DOCTO groups of QueryEstUp as a list (body before header)', () => {
    const group = (t: number, i: number, a: number, r: number) =>
      `<TIPO_DOCTO>${t}</TIPO_DOCTO><INFORMADOS>${i}</INFORMADOS><ACEPTADOS>${a}</ACEPTADOS><RECHAZADOS>${r}</RECHAZADOS><REPAROS>0</REPAROS>`;
    const xml =
      `<SII:RESPUESTA xmlns:SII="http://www.sii.cl/XMLSchema"><SII:RESP_BODY>${group(33, 2, 2, 0)}${group(61, 1, 0, 1)}</SII:RESP_BODY>` +
      '<SII:RESP_HDR><TRACKID>0260003916</TRACKID><ESTADO>EPR</ESTADO><GLOSA>Envio Procesado</GLOSA><NUM_ATENCION>34909   ( 2026/09/23 16:29:53)</NUM_ATENCION></SII:RESP_HDR></SII:RESPUESTA>';
    const r = parseSiiRespuesta(xml);
    expect(r.estado).toBe('EPR');
    expect(r.glosa).toBe('Envio Procesado');
    expect(r.header['TRACKID']).toBe('0260003916');
    expect(r.body).toEqual([
      { TIPO_DOCTO: '33', INFORMADOS: '2', ACEPTADOS: '2', RECHAZADOS: '0', REPAROS: '0' },
      { TIPO_DOCTO: '61', INFORMADOS: '1', ACEPTADOS: '0', RECHAZADOS: '1', REPAROS: '0' },
    ]);
  });

  it('throws DteParseError without ESTADO or for another document', () => {
    expect(() => parseSiiRespuesta('<SII:RESPUESTA xmlns:SII="http://www.sii.cl/XMLSchema"><SII:RESP_HDR/></SII:RESPUESTA>')).toThrow(
      /ESTADO/,
    );
    expect(() => parseSiiRespuesta('<RECEPCIONDTE><STATUS>0</STATUS></RECEPCIONDTE>')).toThrow(DteParseError);
  });
});

describe('parseRecepcionDte', () => {
  it('reads a successful upload', () => {
    const ok =
      '<?xml version="1.0"?><RECEPCIONDTE><RUTSENDER>11111111-1</RUTSENDER><RUTCOMPANY>76086428-5</RUTCOMPANY><FILE>envio.xml</FILE><TIMESTAMP>2025-03-10 11:30:00</TIMESTAMP><STATUS>0</STATUS><TRACKID>0260003916</TRACKID></RECEPCIONDTE>';
    expect(parseRecepcionDte(ok)).toEqual({
      status: 0,
      trackid: '0260003916',
      errors: [],
      timestamp: '2025-03-10 11:30:00',
      file: 'envio.xml',
    });
  });

  it('reads a rejected upload with DETAIL/ERROR', () => {
    const bad =
      '<RECEPCIONDTE><STATUS>7</STATUS><DETAIL><ERROR>LSX-00213: only 0 occurrences</ERROR><ERROR>otro</ERROR></DETAIL></RECEPCIONDTE>';
    expect(parseRecepcionDte(bad)).toEqual({ status: 7, errors: ['LSX-00213: only 0 occurrences', 'otro'] });
  });

  it.each([
    ['an HTML error page', '<html><head><title>500</title></head><body><h1>Internal Server Error</h1></body></html>'],
    ['a bare "Error 500"', 'Error 500'],
    ['a RECEPCIONDTE without STATUS', '<RECEPCIONDTE><TRACKID>1</TRACKID></RECEPCIONDTE>'],
    ['a non-numeric STATUS', '<RECEPCIONDTE><STATUS></STATUS></RECEPCIONDTE>'],
    ['an empty body', ''],
  ])('throws DteParseError for %s (never status 0)', (_name, body) => {
    expect(() => parseRecepcionDte(body)).toThrow(DteParseError);
  });
});
