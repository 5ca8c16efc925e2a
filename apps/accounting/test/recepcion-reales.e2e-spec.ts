import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { closeTestApp, dteReales, type DocumentoReal } from '@lib/testing';
import { bootAccounting, client, createEmpresa } from './support/api';
import { GatewayStub, startGatewayStub, TAXPAYERS } from './support/gateway-stub';

// The real documents of libs/testing/fixtures/dte-reales that the gateway receives (`recepcion_esperada`, asserted by
// the gateway's recepcion-reales e2e against xmllint and xmlsec1), booked by their receptor with the amounts they state:
// windows-1252, no namespace, comments, DocPersonalizado, envelopes, a factura de compra.
describe('accounting books real documents with the totals they state (e2e, real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let gw: GatewayStub;
  const empresas = new Map<string, string>();
  const recibidos = dteReales().filter((a) => a.recepcion_esperada.estado === 'recibido');
  const pesos = (v: unknown) => Number(v ?? 0);

  async function empresaIdFor(rut: string): Promise<string> {
    TAXPAYERS[rut] ??= `Receptor ${rut}`;
    if (!empresas.has(rut)) empresas.set(rut, await createEmpresa(app, rut));
    return empresas.get(rut) as string;
  }

  beforeAll(async () => {
    gw = startGatewayStub();
    app = await bootAccounting();
  });

  afterAll(async () => {
    await closeTestApp(app);
    gw.server.close();
  });

  it('covers invoices, a credit note, a factura de compra and at least ten files', () => {
    expect(recibidos.length).toBeGreaterThanOrEqual(10);
    expect(new Set(recibidos.flatMap((a) => a.documentos.map((d) => d.tipo_dte)))).toEqual(new Set([33, 46, 56, 61]));
  });

  it.each(recibidos.map((a) => [a.file, a] as const))('%s', async (_file, a) => {
    const empresaId = await empresaIdFor(a.documentos[0].rut_receptor);
    const res = await client(app).post('/contable/recibir-dte', { empresa_id: empresaId, xml_base64: a.bytes.toString('base64') });
    expect([res.status, res.body.ignorados]).toEqual([expect.any(Number), []]);
    for (const d of a.documentos) await expectBooked(res.body.facturas, d);
  });

  async function expectBooked(facturas: Record<string, unknown>[], d: DocumentoReal): Promise<void> {
    const f = facturas.find((x) => x.tipo_dte === d.tipo_dte && x.folio === d.folio && x.rut_emisor === d.rut_emisor);
    const t = d.totales;
    expect(f).toMatchObject({ neto: pesos(t.MntNeto), exento: pesos(t.MntExe), iva: pesos(t.IVA), total: pesos(t.MntTotal) });
    if (pesos(t.MntTotal) === 0) {
      expect(f?.asiento_id).toBeNull(); // a note that corrects text moves no money
      return;
    }
    const asiento = await client(app).get(`/contable/asientos/${f?.asiento_id}`).expect(200);
    expect(asiento.body).toMatchObject({ total_debe: pesos(t.MntTotal), total_haber: pesos(t.MntTotal), fecha: d.fecha_emision });
  }
});
