import { SiiFakeAuthority } from './authority';
import { portalCertificateLogin } from './certificate-login';
import type { UploadedDocument } from './types';

const clock = { now: new Date('2026-03-20T15:00:00Z') };
const authority = new SiiFakeAuthority({ now: () => clock.now });
let session = '';
beforeAll(async () => {
  session = (await portalCertificateLogin(authority)).cookie;
});
const DAY = 86_400_000;

function receive(folio: number, receptor: string, fechaEmision: string, receivedAt: Date, result: UploadedDocument['result'] = 'DOK') {
  authority.recordUpload({
    trackId: String(5000 + folio),
    rutSender: '11111111-1',
    rutCompany: '76086428-5',
    fileName: 'x.xml',
    sha256: `f${folio}`,
    receivedAt,
    finalState: 'EPR',
    documents: [
      {
        emisor: '76086428-5',
        tipo: 33,
        folio,
        receptor,
        razonSocialEmisor: 'Emisor SpA',
        razonSocialReceptor: 'Receptor SpA',
        fechaEmision,
        montos: { exento: 0, neto: 1000, iva: 190, total: 1190 },
        referencias: [],
        result,
      },
    ],
  });
}

async function facade(operation: string, data: Record<string, unknown>, cookie = session) {
  const res = await authority.handle({
    method: 'POST',
    url: `https://www4c.sii.cl/consdcvinternetui/services/data/facadeService/${operation}`,
    headers: { cookie, 'content-type': 'application/json' },
    body: Buffer.from(
      JSON.stringify({ metaData: { namespace: `cl.sii.sdi.lob.diii.consdcv.data.api.interfaces.FacadeService/${operation}` }, data }),
    ),
  });
  return { status: res.status, body: res.status === 200 ? JSON.parse(res.body.toString('utf8')) : undefined };
}

const compra = (estadoContab: string, extra: Record<string, unknown> = {}) => ({
  rutEmisor: '77777777',
  dvEmisor: '7',
  ptributario: '202603',
  operacion: 'COMPRA',
  estadoContab,
  ...extra,
});

describe('RCV facade services (docs/research/sii-protocol.md §8)', () => {
  beforeAll(() => {
    receive(1, '77777777-7', '2026-03-02', new Date(clock.now.getTime() - 10 * DAY));
    receive(2, '77777777-7', '2026-03-18', new Date(clock.now.getTime() - DAY));
    receive(3, '77777777-7', '2026-03-18', new Date(clock.now.getTime() - DAY), 'RCH');
    receive(4, '77777777-7', '2026-02-27', new Date(clock.now.getTime() - DAY));
    authority.rcvEventos.set('76086428-5|33|2', []);
  });

  it('asks for a portal session, and a web-service token is none', async () => {
    expect((await facade('getResumen', compra('REGISTRO'), 'TOKEN=x')).status).toBe(401);
    const token = authority.issueToken('11111111-1').token;
    expect((await facade('getResumen', compra('REGISTRO'), `TOKEN=${token}`)).status).toBe(401);
  });

  it('splits purchases by estado: REGISTRO after 8 days, PENDIENTE before; rejected documents and other months are absent', async () => {
    const registro = await facade('getDetalleCompra', compra('REGISTRO', { codTipoDoc: 33 }));
    expect(registro.body.respEstado.codRespuesta).toBe(0);
    expect(registro.body.data.map((d: { detNroDoc: number }) => d.detNroDoc)).toEqual([1]);
    expect(registro.body.data[0]).toMatchObject({
      detRutDoc: 76086428,
      detDvDoc: '5',
      detFchDoc: '02/03/2026',
      detMntNeto: 1000,
      detMntIVA: 190,
      detMntTotal: 1190,
    });
    const pendiente = await facade('getResumen', compra('PENDIENTE'));
    expect(pendiente.body.data).toEqual([
      { rsmnTipoDocInteger: 33, rsmnTotDoc: 1, rsmnMntExe: 0, rsmnMntNeto: 1000, rsmnMntIVA: 190, rsmnMntTotal: 1190 },
    ]);
  });

  it('moves a claimed purchase to RECLAMADO', async () => {
    authority.rcvEventos.set('76086428-5|33|2', [{ accion: 'RCD', rutResponsable: '11111111-1', fecha: clock.now }]);
    const reclamado = await facade('getDetalleCompra', compra('RECLAMADO', { codTipoDoc: 33 }));
    expect(reclamado.body.data).toHaveLength(1);
    expect(reclamado.body.data[0]).toMatchObject({ detNroDoc: 2, detEventoReceptor: 'RCD' });
  });

  it("serves the issuer's sales with the receiver as counterpart", async () => {
    const ventas = await facade('getDetalleVenta', {
      rutEmisor: '76086428',
      dvEmisor: '5',
      ptributario: '202603',
      operacion: 'VENTA',
      codTipoDoc: 33,
    });
    expect(ventas.body.data.map((d: { detNroDoc: number; detRutDoc: number }) => [d.detNroDoc, d.detRutDoc])).toEqual([
      [1, 77777777],
      [2, 77777777],
    ]);
  });

  it('answers respEstado codRespuesta != 0 for bad parameters', async () => {
    const bad = await facade('getDetalleCompra', compra('REGISTRO', { ptributario: '2026-03', codTipoDoc: 33 }));
    expect(bad.body.respEstado.codRespuesta).not.toBe(0);
    expect(bad.body.data).toBeNull();
  });
});
