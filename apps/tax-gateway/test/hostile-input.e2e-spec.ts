import { CALLER_TEST_KEYS, TEST_INTERNAL_KEYS, TEST_KEYS, hostileInputSuite } from '@lib/testing';
import request from 'supertest';
import { santiagoDate } from '@lib/dte';
import {
  EMISOR_CERTIFICACION,
  emitir,
  facturaBody,
  Gateway,
  getBytes,
  KEY,
  prepareEmisor,
  simCaf,
  startGateway,
  uploadCaf,
} from './support/harness';
import { gatewaySecondOrder } from './support/second-order';

const TENANT = '76086428-5';
// The receiver of the emitted factura (facturaBody), which receives it back through /tax/recepcion/dte.
const RECEPTOR = '77777777-7';
const PERIODO = santiagoDate().slice(0, 7);

// The inbox path admits only the mailer: the suite calls it with the mailer's key.
const HOSTILE_KEYS = { ...TEST_KEYS, mailer: CALLER_TEST_KEYS.mailer };
const HOSTILE_INTERNAL_KEYS = `${TEST_INTERNAL_KEYS},mailer:${CALLER_TEST_KEYS.mailer}`;

let gw: Gateway;
let caf: Buffer;
const emitted = { emision_id: '', trackid: '', recepcion_id: '', libro_id: '' };
let intercambio: Buffer = Buffer.alloc(0);

// Rate limits off: the corpus sends the emission route far more than 20 requests a minute.
hostileInputSuite('tax-gateway', {
  keys: HOSTILE_KEYS,
  start: async () => {
    // The portal routes drive the real Chromium against the stand-in's pages (served over HTTP).
    // Boletas wait an hour for their envío: no background write lands while a refused case counts rows.
    gw = await startGateway({
      env: { THROTTLE_ENABLED: 'false', INTERNAL_KEYS: HOSTILE_INTERNAL_KEYS, BOLETA_ENVIO_ESPERA_MS: '3600000' },
    });
    return gw;
  },
  setup: async () => {
    await prepareEmisor(gw, TENANT, 5000);
    await uploadCaf(gw, TENANT, await simCaf(gw, TENANT, 39, 1, 5000)).expect(201);
    const res = await emitir(gw, facturaBody(TENANT)).expect(201);
    Object.assign(emitted, { emision_id: res.body.emision_id, trackid: res.body.trackid });
    caf = await simCaf(gw, TENANT, 34, 1, 50);
    intercambio = (await getBytes(gw, `/tax/dte/${res.body.emision_id}/intercambio`).expect(200)).body as Buffer;
    const recibido = await request(gw.http)
      .post('/tax/recepcion/dte')
      .set('X-Internal-Key', KEY)
      .send({ tenant: RECEPTOR, xml_base64: intercambio.toString('base64') })
      .expect(201);
    emitted.recepcion_id = recibido.body.documentos[0].recepcion_id;
    const libro = await request(gw.http)
      .post('/tax/libros/generar')
      .set('X-Internal-Key', KEY)
      .send({ tenant: TENANT, tipo: 'venta', periodo: PERIODO })
      .expect(201);
    emitted.libro_id = libro.body.libro_id;
  },
  get pathValues() {
    return {
      emision_id: emitted.emision_id,
      recepcion_id: emitted.recepcion_id,
      libro_id: emitted.libro_id,
      rut: TENANT,
      tenant: TENANT,
      representado_rut: TENANT,
      // The stand-in's seeded mailbox of TENANT (libs/sii-fake portal-buzon.ts).
      notif_id: '76086428-N0001',
      id: '6b1c4f0e-8d52-4d7a-9b9e-2a0c1f3e4d5b',
      doc_id: '76086428-D0001',
    };
  },
  get queryValues() {
    return { tenant: TENANT, trackid: emitted.trackid, periodo: PERIODO };
  },
  get bodies() {
    return {
      'POST /tax/dte/emitir': facturaBody(TENANT, { fecha_emision: santiagoDate() }),
      'POST /tax/boleta/emitir': { tenant: TENANT, tipo_dte: 39, detalle: [{ nombre: 'Café', cantidad: 1, precio_unitario: 2_500 }] },
      'POST /tax/boleta/enviar': { tenant: TENANT },
      // The receiver, which issues no boletas: the job a valid body queues issues and sends nothing, so no row appears in the
      // background while other cases count them (the tenant's boletas of the emitir cases wait for their envío meanwhile).
      'POST /tax/boleta/lote': {
        tenant: RECEPTOR,
        boletas: [{ tipo_dte: 41, detalle: [{ nombre: 'Entrada', cantidad: 1, precio_unitario: 3_000 }] }],
      },
      'POST /tax/auth/token': { tenant: TENANT },
      'POST /tax/caf/upload': { tenant: TENANT },
      'POST /tax/caf/resync': { tenant: TENANT, tipo_dte: 33 },
      'POST /tax/scrape/carpeta': { tenant: TENANT },
      'POST /tax/scrape/carpeta/json': { tenant: TENANT },
      'POST /tax/notificaciones/inbox': { tenant: TENANT, message_id: '<hostil@sii.cl>' },
      'POST /tax/auth/import-session': {
        representado_rut: TENANT,
        cookies: [{ name: 'TOKEN', value: 'SESION', domain: new URL(gw.portalUrl as string).hostname, path: '/' }],
      },
      'POST /tax/certificacion/run': { tenant: TENANT, set: 'BASICO', set_base64: Buffer.from('no es un set').toString('base64') },
      'PUT /tax/emisores/{tenant}': EMISOR_CERTIFICACION,
      'POST /tax/recepcion/dte': { tenant: RECEPTOR, xml_base64: intercambio.toString('base64') },
      'POST /tax/recepcion/{recepcion_id}/resultado': { estado: 'rechazado', glosa: 'Precio no corresponde' },
      'POST /tax/recepcion/{recepcion_id}/recibo': { recinto: 'Bodega central' },
      'POST /tax/recepcion/{recepcion_id}/aceptar': { accion: 'ACD' },
      'POST /tax/recepcion/{recepcion_id}/reclamar': { accion: 'RCD', motivo: 'Precio no corresponde' },
      'POST /tax/libros/generar': { tenant: TENANT, tipo: 'venta', periodo: PERIODO },
      'POST /banco/refresh': { tenant: TENANT, desde: santiagoDate(new Date(Date.now() - 7 * 86_400_000)) },
      'PUT /banco/links/{tenant}': { link_token: 'link_hostile_probe_token' },
    };
  },
  get files() {
    return { 'POST /tax/caf/upload': caf, 'POST /tax/recepcion/dte': intercambio };
  },
  secondOrder: gatewaySecondOrder(TENANT, RECEPTOR),
});
