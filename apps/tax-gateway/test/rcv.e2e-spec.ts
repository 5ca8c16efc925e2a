import request from 'supertest';
import { santiagoDate } from '@lib/dte';
import { emitir, facturaBody, Gateway, getBytes, KEY, prepareEmisor, startGateway } from './support/harness';

const SUPPLIER = '76086428-5';
const TENANT = '77777777-7';
const DAY = 86_400_000;

let gw: Gateway;
/** Bodies of the RegistroReclamoDTE calls the gateway made, in order. */
const reclamoCalls: string[] = [];

/** Emits a factura from SUPPLIER to TENANT (uploaded to the SII stand-in); returns its folio, trackid and the EnvioDTE for TENANT. */
async function emitida(overrides: Record<string, unknown> = {}) {
  const res = await emitir(gw, facturaBody(SUPPLIER, overrides)).expect(201);
  const env = await getBytes(gw, `/tax/dte/${res.body.emision_id}/intercambio`);
  expect(env.status).toBe(200);
  return { folio: res.body.folio as number, trackid: res.body.trackid as string, xml: env.body as Buffer };
}

/** Emits and receives it as TENANT: the recepcion_id. */
async function recibida(overrides: Record<string, unknown> = {}) {
  const { folio, trackid, xml } = await emitida(overrides);
  const res = await request(gw.http)
    .post('/tax/recepcion/dte')
    .set('X-Internal-Key', KEY)
    .send({ tenant: TENANT, xml_base64: xml.toString('base64') })
    .expect(201);
  expect(res.body.documentos[0].estado).toBe('recibido');
  return { id: res.body.documentos[0].recepcion_id as string, folio, trackid };
}

const post = (path: string, body: object, key = KEY) => request(gw.http).post(path).set('X-Internal-Key', key).send(body);
const eventos = (id: string) => request(gw.http).get(`/tax/recepcion/${id}/eventos`).set('X-Internal-Key', KEY);

beforeAll(async () => {
  gw = await startGateway();
  gw.msw.events.on('request:start', ({ request: req }) => {
    if (req.url.includes('registroreclamodteservice'))
      void req
        .clone()
        .text()
        .then((t) => reclamoCalls.push(t));
  });
  await prepareEmisor(gw, SUPPLIER, 200);
}, 120_000);

afterAll(async () => {
  await gw?.close();
});

describe('acceptance and claims in the RCV (RegistroReclamoDTE)', () => {
  it('accepts the content, refuses a claim after it with the SII code, then gives the receipt of goods; the SII lists both', async () => {
    const { id, folio } = await recibida();
    const acd = await post(`/tax/recepcion/${id}/aceptar`, {}).expect(201);
    expect(acd.body).toMatchObject({
      recepcion_id: id,
      accion: 'ACD',
      motivo: null,
      sii_respuesta: 'Acción Completada OK',
      caller: 'admin',
      advertencias: [],
    });
    expect(gw.authority.rcvEventos.get(`${SUPPLIER}|33|${folio}`)?.map((e) => e.accion)).toEqual(['ACD']);

    const again = await post(`/tax/recepcion/${id}/aceptar`, { accion: 'ACD' }).expect(409);
    expect(again.body).toMatchObject({ error: 'evento_already_registered', sii_cod_resp: 7 });
    const claim = await post(`/tax/recepcion/${id}/reclamar`, { accion: 'RCD', motivo: 'Precio distinto' }).expect(409);
    expect(claim.headers['content-type']).toContain('application/problem+json');
    expect(claim.body).toMatchObject({
      error: 'evento_refused',
      sii_cod_resp: 11,
      sii_desc_resp: 'No se puede reclamar DTE previamente aceptado',
    });
    await post(`/tax/recepcion/${id}/aceptar`, { accion: 'ERM' }).expect(201);

    const list = await eventos(id).expect(200);
    expect(list.body.eventos.map((e: { codigo: string }) => e.codigo)).toEqual(['ACD', 'ERM']);
    expect(list.body.registrados.map((e: { accion: string }) => e.accion)).toEqual(['ACD', 'ERM']);
    expect(list.body.plazo_vigente).toBe(true);
    const received = Date.parse(list.body.fecha_recepcion_sii);
    expect(Math.abs(received - Date.now())).toBeLessThan(5 * 60_000);
    expect(Date.parse(list.body.plazo_hasta) - received).toBe(8 * DAY);
  });

  it('records a claim with its reason, and the register moves the DTE to RECLAMADO', async () => {
    const { id, folio } = await recibida();
    const res = await post(`/tax/recepcion/${id}/reclamar`, { accion: 'RFT', motivo: 'No llegó la mercadería' }).expect(201);
    expect(res.body).toMatchObject({ accion: 'RFT', motivo: 'No llegó la mercadería' });
    const acd = await post(`/tax/recepcion/${id}/aceptar`, {}).expect(409);
    expect(acd.body.sii_desc_resp).toBe('No se puede dar por aceptado DTE previamente rechazado por RFT');

    const libro = await request(gw.http)
      .get('/tax/rcv/libro')
      .query({ tenant: TENANT, periodo: santiagoDate().slice(0, 7), tipo: 'compra' })
      .set('X-Internal-Key', KEY)
      .expect(200);
    const doc = libro.body.documentos.find((d: { folio: number }) => d.folio === folio);
    expect(doc).toMatchObject({ estado: 'coincide', estado_rcv: 'RECLAMADO', rut_contraparte: SUPPLIER });
  });

  it('after 8 days asks the SII anyway and surfaces its answer (codResp 8) as 409 plazo_expired; nothing is stored', async () => {
    gw.clock.offsetMs = -9 * DAY;
    let emitted;
    try {
      emitted = await emitida();
    } finally {
      gw.clock.offsetMs = 0;
    }
    const res = await request(gw.http)
      .post('/tax/recepcion/dte')
      .set('X-Internal-Key', KEY)
      .send({ tenant: TENANT, xml_base64: emitted.xml.toString('base64') })
      .expect(201);
    const id = res.body.documentos[0].recepcion_id;
    const count = (op: string) => reclamoCalls.filter((c) => c.includes(op)).length;
    const before = count('ingresarAceptacionReclamoDoc');
    const late = await post(`/tax/recepcion/${id}/reclamar`, { accion: 'RCD', motivo: 'tarde' }).expect(409);
    expect(late.body).toMatchObject({ error: 'plazo_expired', sii_cod_resp: 8 });
    expect(Date.parse(late.body.plazo_hasta)).toBeLessThan(Date.now());
    // The SII judged the window: it was asked.
    expect(count('ingresarAceptacionReclamoDoc')).toBe(before + 1);
    expect(gw.authority.rcvEventos.get(`${SUPPLIER}|33|${emitted.folio}`)).toBeUndefined();
    expect((await eventos(id).expect(200)).body).toMatchObject({ plazo_vigente: false, eventos: [], registrados: [] });
  });

  it('when the SII registers an event the gateway counts as late, the event stands and the answer only warns', async () => {
    gw.clock.offsetMs = -9 * DAY;
    try {
      // Received by the SII 9 days ago by the gateway's clock; the SII's own clock (still 9 days back) sees the same day.
      const { id, folio } = await recibida();
      const res = await post(`/tax/recepcion/${id}/aceptar`, {}).expect(201);
      expect(res.body).toMatchObject({ accion: 'ACD', advertencias: [expect.stringMatching(/^plazo_expired: /)] });
      expect(gw.authority.rcvEventos.get(`${SUPPLIER}|33|${folio}`)?.map((e) => e.accion)).toEqual(['ACD']);
    } finally {
      gw.clock.offsetMs = 0;
    }
  });

  it('a DTE the SII never received answers 409 not_received_by_sii and stores nothing', async () => {
    const { id, trackid } = await recibida();
    gw.authority.uploads.delete(trackid);
    const res = await post(`/tax/recepcion/${id}/aceptar`, {}).expect(409);
    expect(res.body.error).toBe('not_received_by_sii');
    expect((await eventos(id).expect(200)).body).toMatchObject({ fecha_recepcion_sii: null, plazo_vigente: false, registrados: [] });
  });
});

describe('GET /tax/rcv/libro (the register reconciled)', () => {
  it('marks sales coincide, difiere (with the amounts), solo_gateway and purchases solo_sii', async () => {
    const periodo = santiagoDate().slice(0, 7);
    const ok = await emitida();
    const changed = await emitida();
    const lost = await emitida();
    gw.authority.uploads.delete(lost.trackid);
    const registered = gw.authority.uploads.get(changed.trackid)?.documents[0];
    if (!registered) throw new Error('the SII stand-in lost the upload');
    registered.montos = { ...registered.montos, iva: registered.montos.iva + 1, total: registered.montos.total + 1 };

    const ventas = await request(gw.http)
      .get('/tax/rcv/libro')
      .query({ tenant: SUPPLIER, periodo, tipo: 'venta' })
      .set('X-Internal-Key', KEY)
      .expect(200);
    const byFolio = (folio: number) => ventas.body.documentos.find((d: { folio: number }) => d.folio === folio);
    expect(byFolio(ok.folio)).toMatchObject({ estado: 'coincide', estado_rcv: 'REGISTRO', rut_contraparte: TENANT, diferencias: [] });
    expect(byFolio(changed.folio)).toMatchObject({
      estado: 'difiere',
      diferencias: [
        { campo: 'iva', sii: 22799, gateway: 22798 },
        { campo: 'total', sii: 142789, gateway: 142788 },
      ],
    });
    expect(byFolio(lost.folio)).toMatchObject({ estado: 'solo_gateway', sii: null, estado_rcv: null });
    const counts = ventas.body.resumen;
    expect(counts.coincide + counts.difiere + counts.solo_gateway + counts.solo_sii).toBe(ventas.body.documentos.length);

    // TENANT never passed `ok` through the gateway's reception: the SII has it in TENANT's purchases, the gateway does not.
    const compras = await request(gw.http)
      .get('/tax/rcv/libro')
      .query({ tenant: TENANT, periodo, tipo: 'compra' })
      .set('X-Internal-Key', KEY)
      .expect(200);
    expect(compras.body.documentos.find((d: { folio: number }) => d.folio === ok.folio)).toMatchObject({
      estado: 'solo_sii',
      estado_rcv: 'PENDIENTE',
      gateway: null,
      sii: { neto: 119990, iva: 22798, total: 142788 },
    });
  });

  it('refuses a bad period or tipo with 400 before reaching the SII', async () => {
    for (const query of [
      { tenant: TENANT, periodo: '2026-13', tipo: 'compra' },
      { tenant: TENANT, periodo: '2026-11', tipo: 'boleta' },
      { tenant: '1-2', periodo: '2026-11', tipo: 'venta' },
    ]) {
      const res = await request(gw.http).get('/tax/rcv/libro').query(query).set('X-Internal-Key', KEY);
      expect(res.status).toBe(400);
    }
  });
});
