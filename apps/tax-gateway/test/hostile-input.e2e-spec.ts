import { hostileInputSuite } from '@lib/testing';
import { EMISOR_CERTIFICACION, Gateway, emitir, facturaBody, registerEmisor, simCaf, startGateway, uploadCaf } from './support/harness';

const TENANT = '76086428-5';

let gw: Gateway;
let caf: Buffer;
const emitted = { emision_id: '', trackid: '' };

// Rate limits off: the corpus sends the emission route far more than 20 requests a minute.
hostileInputSuite('tax-gateway', {
  start: async () => {
    gw = await startGateway({ env: { THROTTLE_ENABLED: 'false' } });
    return gw;
  },
  setup: async () => {
    await registerEmisor(gw, TENANT).expect(200);
    await uploadCaf(gw, TENANT, await simCaf(gw, TENANT, 33, 1, 5000)).expect(201);
    const res = await emitir(gw, facturaBody(TENANT)).expect(201);
    Object.assign(emitted, { emision_id: res.body.emision_id, trackid: res.body.trackid });
    caf = await simCaf(gw, TENANT, 34, 1, 50);
  },
  get pathValues() {
    return { emision_id: emitted.emision_id, rut: TENANT, tenant: TENANT };
  },
  get queryValues() {
    return { tenant: TENANT, trackid: emitted.trackid };
  },
  bodies: {
    'POST /tax/dte/emitir': facturaBody(TENANT, { fecha_emision: new Date().toISOString().slice(0, 10) }),
    'POST /tax/auth/token': { tenant: TENANT },
    'POST /tax/caf/upload': { tenant: TENANT },
    'PUT /tax/emisores/{tenant}': EMISOR_CERTIFICACION,
  },
  get files() {
    return { 'POST /tax/caf/upload': caf };
  },
});
