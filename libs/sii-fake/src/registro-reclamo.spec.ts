import { REGISTRO_RECLAMO_NS, parseSoapLiteralReturn, plainText, soapLiteralRequest } from '@lib/dte';
import { SiiFakeAuthority } from './authority';
import type { UploadedDocument } from './types';

const clock = { now: new Date('2026-03-10T15:00:00Z') };
const authority = new SiiFakeAuthority({ now: () => clock.now });
const token = authority.issueToken('11111111-1').token;
const EMISOR = '76086428-5';
const RECEPTOR = '77777777-7';

function receive(folio: number, tipo = 33, at = clock.now): void {
  const doc: UploadedDocument = {
    emisor: EMISOR,
    tipo,
    folio,
    receptor: RECEPTOR,
    razonSocialEmisor: 'Emisor SpA',
    razonSocialReceptor: 'Receptor SpA',
    fechaEmision: '2026-03-09',
    montos: { exento: 0, neto: 100, iva: 19, total: 119 },
    referencias: [],
    result: 'DOK',
  };
  authority.recordUpload({
    trackId: String(1000 + folio),
    rutSender: '11111111-1',
    rutCompany: EMISOR,
    fileName: 'x.xml',
    sha256: String(folio),
    receivedAt: at,
    documents: [doc],
    finalState: 'EPR',
  });
}

async function call(operation: string, params: [string, string | number][], cookie = `TOKEN=${token}`) {
  const res = await authority.handle({
    method: 'POST',
    url: 'https://ws2.sii.cl/WSREGISTRORECLAMODTECERT/registroreclamodteservice',
    headers: { cookie, 'content-type': 'text/xml' },
    body: soapLiteralRequest(operation, REGISTRO_RECLAMO_NS, params),
  });
  return { status: res.status, ret: res.status === 200 ? parseSoapLiteralReturn(res.body) : undefined };
}

/** The `return` of a call that must answer 200. */
async function returned(operation: string, params: [string, string | number][]) {
  const { status, ret } = await call(operation, params);
  if (!ret) throw new Error(`${operation} answered HTTP ${status}`);
  return ret;
}

function doc(folio: number, tipo = 33): [string, string | number][] {
  return [
    ['rutEmisor', 76086428],
    ['dvEmisor', '5'],
    ['tipoDoc', tipo],
    ['folio', folio],
  ];
}

async function accion(folio: number, a: string) {
  const ret = await returned('ingresarAceptacionReclamoDoc', [...doc(folio), ['accionDoc', a]]);
  return [Number(plainText(ret, 'codResp')), plainText(ret, 'descResp')];
}

describe('RegistroReclamoDTE (manual v1.2)', () => {
  it('needs a live token', async () => {
    expect((await call('listarEventosHistDoc', doc(1), 'TOKEN=nope')).status).toBe(401);
  });

  it('answers codes 1, 2, 3, 4 and 18 for bad parameters or a document the SII never received', async () => {
    receive(1);
    expect(await accion(1, 'XXX')).toEqual([4, 'Acción inválida']);
    const bad = async (params: [string, string | number][]) =>
      Number(plainText(await returned('ingresarAceptacionReclamoDoc', [...params, ['accionDoc', 'ACD']]), 'codResp'));
    expect(
      await bad([
        ['rutEmisor', 76086428],
        ['dvEmisor', '1'],
        ['tipoDoc', 33],
        ['folio', 1],
      ]),
    ).toBe(1);
    expect(
      await bad([
        ['rutEmisor', 76086428],
        ['dvEmisor', '5'],
        ['tipoDoc', 33],
        ['folio', 'x'],
      ]),
    ).toBe(2);
    expect(await bad(doc(1, 61))).toBe(3);
    expect(await accion(999, 'ACD')).toEqual([18, 'Documento no ha sido recibido']);
  });

  it('follows the decision table: acceptance then receipt, no claim after them, one event each', async () => {
    receive(2);
    expect(await accion(2, 'ACD')).toEqual([0, 'Acción Completada OK']);
    expect(await accion(2, 'ACD')).toEqual([7, 'Evento registrado previamente']);
    expect(await accion(2, 'ERM')).toEqual([0, 'Acción Completada OK']);
    expect(await accion(2, 'RCD')).toEqual([11, 'No se puede reclamar DTE previamente aceptado']);
    receive(3);
    expect(await accion(3, 'ERM')).toEqual([0, 'Acción Completada OK']);
    expect((await accion(3, 'RFT'))[0]).toBe(13);
  });

  it('after a claim: other claims are recorded, acceptance and receipt are refused naming the claim', async () => {
    receive(4);
    expect(await accion(4, 'RCD')).toEqual([0, 'Acción Completada OK']);
    expect(await accion(4, 'RFP')).toEqual([0, 'Acción Completada OK']);
    expect(await accion(4, 'RFP')).toEqual([7, 'Evento registrado previamente']);
    expect(await accion(4, 'ACD')).toEqual([12, 'No se puede dar por aceptado DTE previamente rechazado por RFP']);
    expect(await accion(4, 'ERM')).toEqual([6, 'No se puede acusar recibo de mercadería de DTE previamente reclamado por RFP']);
  });

  it('refuses every event after 8 calendar days from the SII reception (code 8)', async () => {
    receive(5, 33, new Date(clock.now.getTime() - 8 * 86_400_000 - 1000));
    expect((await accion(5, 'RCD'))[0]).toBe(8);
  });

  it('lists the events (15) with who and when, or 16 without any', async () => {
    receive(6);
    const empty = await returned('listarEventosHistDoc', doc(6));
    expect(plainText(empty, 'codResp')).toBe('16');
    await accion(6, 'ACD');
    const ret = await returned('listarEventosHistDoc', doc(6));
    expect(plainText(ret, 'codResp')).toBe('15');
    const evento = ret.children.find((c) => c.name === 'listaEventosDoc');
    expect(Object.fromEntries((evento?.children ?? []).map((c) => [c.name, c.text]))).toEqual({
      codEvento: 'ACD',
      descEvento: 'Acepta Contenido del Documento',
      rutResponsable: '11111111',
      dvResponsable: '1',
      fechaEvento: '10-03-2026 12:00:00',
    });
  });

  it('tells the SII reception date in Santiago time, empty for an unknown document', async () => {
    receive(7);
    expect((await returned('consultarFechaRecepcionSii', doc(7))).text).toBe('10-03-2026 12:00:00');
    expect((await returned('consultarFechaRecepcionSii', doc(777))).text).toBe('');
  });
});
