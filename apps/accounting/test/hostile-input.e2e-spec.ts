import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TEST_KEYS, closeTestApp, hostileInputSuite } from '@lib/testing';
import { createEmpresa } from './support/api';
import { dteXml, envioXml } from './support/dte-fixtures';
import { installEmitirStub } from './support/emitir-stub';
import { GatewayStub, startGatewayStub } from './support/gateway-stub';
import { POLLER_KEY, bootWithPoller, delivery } from './support/poller-api';

const TENANT = '76086428-5';
const received = envioXml([
  dteXml({ tipo: 33, folio: 7, fecha: '2025-05-02', emisor: '79555444-0', receptor: TENANT, neto: 1000, iva: 190, total: 1190 }),
]);
const csv = 'comprobante,fecha,cuenta,glosa,debe,haber\nC-1,2025-05-02,1.1,aporte,1000,\nC-1,2025-05-02,3.1,,,1000\n';

let gw: GatewayStub;
let app: NestFastifyApplication;
const ids = { empresa: '' };

// The audit trail records refusals too (docs/accounting.md): its rows may grow on a 4xx.
hostileInputSuite('accounting', {
  refusalTables: ['auditoria'],
  keys: { ...TEST_KEYS, poller: POLLER_KEY },
  start: async () => {
    gw = startGatewayStub();
    installEmitirStub(gw.server);
    app = await bootWithPoller({ THROTTLE_ENABLED: 'false' });
    return {
      app,
      close: async () => {
        await closeTestApp(app);
        gw.server.close();
      },
    };
  },
  setup: async () => {
    ids.empresa = await createEmpresa(app, TENANT);
  },
  get pathValues() {
    return { empresa_id: ids.empresa, id: ids.empresa, periodo: '2025-04' };
  },
  get queryValues() {
    return { empresa_id: ids.empresa, periodo: '2025-05' };
  },
  get bodies() {
    const empresa_id = ids.empresa;
    return {
      'POST /contable/asientos': {
        empresa_id,
        fecha: '2025-05-02',
        glosa: 'Aporte de capital',
        lineas: [
          { cuenta: '1.1', debe: 1000, haber: 0 },
          { cuenta: '3.1', debe: 0, haber: 1000 },
        ],
      },
      'POST /contable/recibir-dte': { empresa_id, xml_base64: Buffer.from(received).toString('base64') },
      'POST /contable/poller/recibir-dte': delivery('<hostile@probe>', [received], empresa_id),
      'POST /contable/emit-dte': {
        empresa_id,
        tipo_dte: 33,
        fecha_emision: '2025-05-10',
        receptor: {
          rut: '76543210-3',
          razon_social: 'Comercial Los Aromos Limitada',
          giro: 'Comercio',
          direccion: 'Av. 1',
          comuna: 'Santiago',
        },
        detalle: [{ nombre: 'Servicio', cantidad: 1, precio_unitario: 1000 }],
      },
      'POST /contable/importacion': { empresa_id },
    };
  },
  files: { 'POST /contable/importacion': Buffer.from(csv) },
});
