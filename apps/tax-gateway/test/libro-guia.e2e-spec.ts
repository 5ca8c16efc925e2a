import request from 'supertest';
import { santiagoDate } from '@lib/dte';
import { emitir, facturaBody, Gateway, getBytes, KEY, prepareEmisor, registerEmisor, startGateway } from './support/harness';
import { xmllint, xmlsecVerify } from './support/independent-checks';

const TENANT = '76086428-5';
const PERIODO = santiagoDate().slice(0, 7);
const LINEA = { nombre: 'Cemento 25 kg', cantidad: 10, precio_unitario: 1_500 };
const guia = (indTraslado: number) =>
  facturaBody(TENANT, { tipo_dte: 52, ind_traslado: indTraslado, transporte: { comuna_destino: 'Pudahuel' }, detalle: [LINEA] });

let gw: Gateway;
const folios: Record<'venta' | 'interna' | 'anulada', number> = { venta: 0, interna: 0, anulada: 0 };
let factura = 0;
let facturaDeCompra = 0;
let facturaDeCompraId = '';

const generar = (body: object) => request(gw.http).post('/tax/libros/generar').set('X-Internal-Key', KEY).send(body);

beforeAll(async () => {
  gw = await startGateway();
  await prepareEmisor(gw, TENANT, 10, [33, 46, 52, 61]);
  folios.venta = (await emitir(gw, guia(1)).expect(201)).body.folio;
  folios.interna = (await emitir(gw, guia(5)).expect(201)).body.folio;
  folios.anulada = (await emitir(gw, guia(1)).expect(201)).body.folio;
  const referencias = [{ tipo_doc: '52', folio: String(folios.venta), fecha: santiagoDate() }];
  factura = (await emitir(gw, facturaBody(TENANT, { detalle: [LINEA], referencias })).expect(201)).body.folio;
  const trigo = { nombre: 'Trigo', cantidad: 100, precio_unitario: 1_200, codigo_impuesto_adicional: 15 };
  const compra = (await emitir(gw, facturaBody(TENANT, { tipo_dte: 46, detalle: [trigo] })).expect(201)).body;
  facturaDeCompra = compra.folio;
  facturaDeCompraId = compra.emision_id;
}, 120_000);

afterAll(async () => {
  await gw?.close();
});

describe('LibroGuia (the special book of guías de despacho)', () => {
  it('holds the guías of the period, the voided one apart and the sale with its factura; XSD-valid, signed, sent until LOK', async () => {
    const res = await generar({
      tenant: TENANT,
      tipo: 'guia',
      periodo: PERIODO,
      folio_notificacion: 4758676,
      guias_anuladas: [folios.anulada],
    }).expect(201);
    // By hand: each guía is 10 x 1,500 = 15,000 neto, 2,850 IVA, 17,850; the internal move carries the same prices.
    expect(res.body).toMatchObject({ tipo: 'guia', tipo_libro: 'ESPECIAL', documentos: 3, estado: 'signed' });
    expect(res.body.totales).toEqual([{ tipo_dte: 52, documentos: 2, exento: 0, neto: 30_000, iva: 5_700, total: 35_700 }]);

    const book = await request(gw.http).get(`/tax/libros/${res.body.libro_id}`).set('X-Internal-Key', KEY).expect(200);
    const xml = Buffer.from(book.body.xml_base64, 'base64');
    expect((await xmllint(xml, 'LibroGuia_v10.xsd')).code).toBe(0);
    const cert = await request(gw.signer.url).get('/sign/certificate').set('X-Internal-Key', gw.signer.key);
    expect((await xmlsecVerify(xml, cert.body.certificate_pem, "/*[local-name()='LibroGuia']/*[local-name()='Signature']")).code).toBe(0);
    const text = xml.toString('latin1');
    expect(text).toContain(
      '<ResumenPeriodo><TotGuiaAnulada>1</TotGuiaAnulada><TotGuiaVenta>1</TotGuiaVenta><TotMntGuiaVta>17850</TotMntGuiaVta>' +
        '<TotTraslado><TpoTraslado>5</TpoTraslado><CantGuia>1</CantGuia><MntGuia>17850</MntGuia></TotTraslado></ResumenPeriodo>',
    );
    expect(text).toContain(`<TpoDocRef>33</TpoDocRef><FolioDocRef>${factura}</FolioDocRef>`);
    expect(text).toContain(`<Folio>${folios.anulada}</Folio><Anulado>2</Anulado>`);

    await request(gw.http).post(`/tax/libros/enviar/${res.body.libro_id}`).set('X-Internal-Key', KEY).expect(200);
    gw.clock.offsetMs += 60_000;
    expect((await gw.reconcile()).failed).toBe(0);
    const final = await request(gw.http).get(`/tax/libros/${res.body.libro_id}`).set('X-Internal-Key', KEY).expect(200);
    expect(final.body).toMatchObject({ estado: 'LOK', resultado: 'aceptado' });
  });

  it.each([
    ['without its notification folio', {}, 'folio_notificacion'],
    ['as a MENSUAL book', { folio_notificacion: 1, tipo_libro: 'MENSUAL' }, 'tipo_libro'],
    ['with a purchases field', { folio_notificacion: 1, iva_compras: [] }, 'iva_compras'],
  ])('refuses a LibroGuia %s (400), and a sales book with guias_anuladas', async (_caso, extra, campo) => {
    const res = await generar({ tenant: TENANT, tipo: 'guia', periodo: PERIODO, ...extra }).expect(400);
    expect(JSON.stringify(res.body.errors ?? res.body)).toContain(campo);
    await generar({ tenant: TENANT, tipo: 'venta', periodo: PERIODO, guias_anuladas: [1] }).expect(400);
  });

  it('refuses to void a guía a factura references (422 guia_invoiced)', async () => {
    const res = await generar({ tenant: TENANT, tipo: 'guia', periodo: PERIODO, folio_notificacion: 1, guias_anuladas: [folios.venta] });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'guia_invoiced', folios: [folios.venta] });
  });

  it('refuses to void a guía the book does not hold (422 guia_not_found) and stores nothing', async () => {
    const res = await generar({ tenant: TENANT, tipo: 'guia', periodo: PERIODO, folio_notificacion: 1, guias_anuladas: [factura + 100] });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'guia_not_found', folios: [factura + 100] });
    const libros = await request(gw.http).get('/tax/libros').query({ tenant: TENANT, tipo: 'guia' }).set('X-Internal-Key', KEY);
    expect(libros.body.total).toBe(1);
  });
});

describe("the tenant's own factura de compra (46) in its purchases book", () => {
  it('is a purchase with its IVA and the retention as OtrosImp 15, MntTotal what the seller is paid, its note marked; LOK', async () => {
    const devolucion = { nombre: 'Devolución trigo', cantidad: 10, precio_unitario: 1_200 };
    const referencias = [{ tipo_doc: '46', folio: String(facturaDeCompra), fecha: santiagoDate(), codigo: 3, razon: 'Devolución' }];
    const nota = await emitir(gw, facturaBody(TENANT, { tipo_dte: 61, detalle: [devolucion], referencias })).expect(201);
    const res = await generar({ tenant: TENANT, tipo: 'compra', periodo: PERIODO }).expect(201);
    // By hand: 100 x 1,200 = 120,000 neto, IVA 22,800 retained whole by the buyer (code 15): the seller is paid 120,000.
    // The note: 10 x 1,200 = 12,000 neto, 2,280 IVA, 14,280.
    expect(res.body.totales).toEqual([
      { tipo_dte: 46, documentos: 1, exento: 0, neto: 120_000, iva: 22_800, total: 120_000 },
      { tipo_dte: 61, documentos: 1, exento: 0, neto: 12_000, iva: 2_280, total: 14_280 },
    ]);
    const ventas = await generar({ tenant: TENANT, tipo: 'venta', periodo: PERIODO }).expect(201);
    expect(ventas.body.totales.map((t: { tipo_dte: number }) => t.tipo_dte)).toEqual([33]);
    const book = await request(gw.http).get(`/tax/libros/${res.body.libro_id}`).set('X-Internal-Key', KEY).expect(200);
    const xml = Buffer.from(book.body.xml_base64, 'base64');
    expect((await xmllint(xml, 'LibroCV_v10.xsd')).code).toBe(0);
    expect(xml.toString('latin1')).toContain(`<TpoDoc>46</TpoDoc><NroDoc>${facturaDeCompra}</NroDoc><TasaImp>19</TasaImp>`);
    expect(xml.toString('latin1')).toContain(
      `<TpoDoc>61</TpoDoc><Emisor>1</Emisor><IndFactCompra>1</IndFactCompra><NroDoc>${nota.body.folio}</NroDoc>`,
    );
    expect(xml.toString('latin1')).toContain(
      '<MntNeto>120000</MntNeto><MntIVA>22800</MntIVA><OtrosImp><CodImp>15</CodImp><TasaImp>19</TasaImp><MntImp>22800</MntImp></OtrosImp><MntTotal>120000</MntTotal>',
    );
    await request(gw.http).post(`/tax/libros/enviar/${res.body.libro_id}`).set('X-Internal-Key', KEY).expect(200);
    gw.clock.offsetMs += 60_000;
    expect((await gw.reconcile()).failed).toBe(0);
    const final = await request(gw.http).get(`/tax/libros/${res.body.libro_id}`).set('X-Internal-Key', KEY).expect(200);
    expect(final.body).toMatchObject({ estado: 'LOK', resultado: 'aceptado' });
  });
});

describe('a factura de compra (46) the tenant received is its sale', () => {
  it("is in the seller's sales book with the IVA its buyer retained (IVARetTotal), not in its purchases; LOK", async () => {
    const VENDEDOR = '77777777-7';
    await registerEmisor(gw, VENDEDOR).expect(200);
    const envio = await getBytes(gw, `/tax/dte/${facturaDeCompraId}/intercambio`);
    const xml_base64 = Buffer.from(envio.body as Buffer).toString('base64');
    await request(gw.http).post('/tax/recepcion/dte').set('X-Internal-Key', KEY).send({ tenant: VENDEDOR, xml_base64 }).expect(201);

    const ventas = await generar({ tenant: VENDEDOR, tipo: 'venta', periodo: PERIODO }).expect(201);
    // By hand: 120,000 neto, 22,800 IVA retained whole by the buyer (code 15, 19 %): the seller is paid 120,000.
    expect(ventas.body.totales).toEqual([{ tipo_dte: 46, documentos: 1, exento: 0, neto: 120_000, iva: 22_800, total: 120_000 }]);
    const book = await request(gw.http).get(`/tax/libros/${ventas.body.libro_id}`).set('X-Internal-Key', KEY).expect(200);
    const xml = Buffer.from(book.body.xml_base64, 'base64');
    expect((await xmllint(xml, 'LibroCV_v10.xsd')).code).toBe(0);
    expect(xml.toString('latin1')).toContain(`<RUTDoc>${TENANT}</RUTDoc>` + '<RznSoc>');
    expect(xml.toString('latin1')).toContain('<MntIVA>22800</MntIVA><IVARetTotal>22800</IVARetTotal><MntTotal>120000</MntTotal>');
    expect(xml.toString('latin1')).toContain('<TotOpIVARetTotal>1</TotOpIVARetTotal><TotIVARetTotal>22800</TotIVARetTotal>');
    expect((await generar({ tenant: VENDEDOR, tipo: 'compra', periodo: PERIODO }).expect(201)).body.totales).toEqual([]);
    await request(gw.http).post(`/tax/libros/enviar/${ventas.body.libro_id}`).set('X-Internal-Key', KEY).expect(200);
    gw.clock.offsetMs += 60_000;
    expect((await gw.reconcile()).failed).toBe(0);
    const final = await request(gw.http).get(`/tax/libros/${ventas.body.libro_id}`).set('X-Internal-Key', KEY).expect(200);
    expect(final.body).toMatchObject({ estado: 'LOK', resultado: 'aceptado' });
  });
});
