import { DteParseError } from '../errors';
import { parseSoapCall, soapFault } from './envelope';
import { REGISTRO_RECLAMO_NS, parseSoapLiteralReturn, soapLiteralRequest, soapLiteralResponse } from './literal';

describe('document/literal SOAP (RegistroReclamoDTE)', () => {
  it('builds a request with unqualified parameters in the service namespace, as the manual v1.2 annex shows', () => {
    const xml = soapLiteralRequest('ingresarAceptacionReclamoDoc', REGISTRO_RECLAMO_NS, [
      ['rutEmisor', 76086428],
      ['dvEmisor', '5'],
      ['tipoDoc', 33],
      ['folio', 10],
      ['accionDoc', 'ACD'],
    ]).toString('utf8');
    expect(xml).toContain(`<ws:ingresarAceptacionReclamoDoc xmlns:ws="${REGISTRO_RECLAMO_NS}"><rutEmisor>76086428</rutEmisor>`);
    expect(xml).toContain('<accionDoc>ACD</accionDoc></ws:ingresarAceptacionReclamoDoc>');
    expect(parseSoapCall(xml).params.map((p) => p.name)).toEqual(['rutEmisor', 'dvEmisor', 'tipoDoc', 'folio', 'accionDoc']);
  });

  it('reads back a structured return with repeated elements, whatever the prefix', () => {
    const xml = soapLiteralResponse('listarEventosHistDoc', REGISTRO_RECLAMO_NS, [
      ['codResp', 15],
      ['descResp', 'Listado de eventos del documento'],
      ['listaEventosDoc', [['codEvento', 'ACD']]],
      ['listaEventosDoc', [['codEvento', 'ERM']]],
    ]);
    expect(xml).toContain('<ns2:listarEventosHistDocResponse');
    const ret = parseSoapLiteralReturn(xml);
    expect(ret.children.filter((c) => c.name === 'listaEventosDoc').map((c) => c.children[0].text)).toEqual(['ACD', 'ERM']);
    expect(ret.children[0]).toMatchObject({ name: 'codResp', text: '15' });
  });

  it('reads a plain text return (consultarFechaRecepcionSii) and escapes non-ASCII as references', () => {
    const xml = soapLiteralResponse('consultarFechaRecepcionSii', REGISTRO_RECLAMO_NS, '05-08-2017 11:03:51');
    expect(parseSoapLiteralReturn(xml).text).toBe('05-08-2017 11:03:51');
    const accented = soapLiteralResponse('x', REGISTRO_RECLAMO_NS, [['descResp', 'Acción Completada OK']]);
    expect([...Buffer.from(accented, 'utf8')].every((b) => b < 0x80)).toBe(true);
    expect(parseSoapLiteralReturn(accented).children[0].text).toBe('Acción Completada OK');
  });

  it('turns a fault or an answer without return into a DteParseError', () => {
    expect(() => parseSoapLiteralReturn(soapFault('S:Server', 'boom'))).toThrow(/SOAP fault: boom/);
    expect(() => parseSoapLiteralReturn('<a/>')).toThrow(DteParseError);
  });
});
