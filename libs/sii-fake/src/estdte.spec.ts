import { parseSiiRespuesta, parseSoapReturn, soapRequest } from '@lib/dte';
import { SiiFakeAuthority } from './authority';
import type { UploadedDocument } from './types';

const clock = { now: new Date('2026-03-10T15:00:00Z') };
const authority = new SiiFakeAuthority({ now: () => clock.now, estUpDelaysMs: 100 });
const token = authority.issueToken('11111111-1').token;

function upload(trackId: string, doc: Partial<UploadedDocument>, receivedAt = new Date(clock.now.getTime() - 1000)) {
  authority.recordUpload({
    trackId,
    rutSender: '11111111-1',
    rutCompany: '76086428-5',
    fileName: 'x.xml',
    sha256: trackId,
    receivedAt,
    finalState: 'EPR',
    documents: [
      {
        emisor: '76086428-5',
        tipo: 33,
        folio: 1,
        receptor: '77777777-7',
        razonSocialEmisor: 'E',
        razonSocialReceptor: 'R',
        fechaEmision: '2026-03-09',
        montos: { exento: 0, neto: 1000, iva: 190, total: 1190 },
        referencias: [],
        result: 'DOK',
        ...doc,
      },
    ],
  });
}

async function estDte(tipo: number, folio: number, over: Record<string, string> = {}) {
  const params: Record<string, string> = {
    RutConsultante: '11111111',
    DvConsultante: '1',
    RutCompania: '76086428',
    DvCompania: '5',
    RutReceptor: '77777777',
    DvReceptor: '7',
    TipoDte: String(tipo),
    FolioDte: String(folio),
    FechaEmisionDte: '09032026',
    MontoDte: '1190',
    Token: token,
    ...over,
  };
  const res = await authority.handle({
    method: 'POST',
    url: 'https://maullin.sii.cl/DTEWS/QueryEstDte.jws',
    headers: { 'content-type': 'text/xml' },
    body: soapRequest('getEstDte', 'https://maullin.sii.cl/DTEWS/QueryEstDte.jws', Object.entries(params)),
  });
  const { header } = parseSiiRespuesta(parseSoapReturn(res.body));
  return [header.ESTADO, header.ERR_CODE];
}

describe('getEstDte (QueryEstDte.jws, docs/research/sii-protocol.md §2.6)', () => {
  beforeAll(() => {
    authority.cafs.push({ rut: '76086428-5', tipo: 33, desde: 1, hasta: 50, issuedAt: clock.now, file: Buffer.alloc(0) });
    upload('1', { folio: 1 });
    upload('2', { folio: 2, result: 'RCH' });
    upload('3', { folio: 3 });
    upload('4', { tipo: 61, folio: 1, referencias: [{ tipo: 33, folio: 3, codigo: 3 }] });
    upload('5', { folio: 5 }, clock.now); // just received: still in process
  });

  it('answers DOK for a processed document whose receptor, date and amount match', async () => {
    expect(await estDte(33, 1)).toEqual(['DOK', '0']);
  });

  it('answers DNK when the data differ, FAU when the SII has not processed or rejected the document', async () => {
    expect(await estDte(33, 1, { MontoDte: '1191' })).toEqual(['DNK', '1']);
    expect(await estDte(33, 1, { FechaEmisionDte: '10032026' })).toEqual(['DNK', '1']);
    expect(await estDte(33, 2)).toEqual(['FAU', '3']);
    expect(await estDte(33, 5)).toEqual(['FAU', '3']);
    expect(await estDte(33, 99)).toEqual(['FNA', '4']); // no CAF of this authority covers it
  });

  it('answers FAU for an authorized folio the SII never received', async () => {
    expect(await estDte(33, 30)).toEqual(['FAU', '3']);
  });

  it('reports a credit note that corrects its amounts (MMC)', async () => {
    expect(await estDte(33, 3)).toEqual(['MMC', '13']);
  });

  it('answers 003 for an unknown token', async () => {
    expect(await estDte(33, 1, { Token: 'nope' })).toEqual(['003', '003']);
  });
});
