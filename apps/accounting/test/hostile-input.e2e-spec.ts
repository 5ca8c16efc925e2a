import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { HOSTILE_TEXTS, TEST_KEYS, closeTestApp, hostileInputSuite, type SendChecked } from '@lib/testing';
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
let cuentas = 900;

/** Every report of May 2025, as JSON and as CSV: where stored glosas and account names are printed. */
async function reports(send: SendChecked): Promise<void> {
  const q = `empresa_id=${ids.empresa}&periodo=2025-05`;
  for (const path of ['balance', 'estado-resultados', 'libro-diario', 'libro-mayor', 'libro-ingresos-egresos']) {
    for (const accept of ['application/json', 'text/csv'])
      await send({ method: 'GET', url: `/contable/${path}?${q}`, headers: { accept } });
  }
}

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
    return { empresa_id: ids.empresa, id: ids.empresa, periodo: '2025-04', seccion: 'balance', mes: '2025-04' };
  },
  get queryValues() {
    return { empresa_id: ids.empresa, periodo: '2025-05', desde: '2025-05-01', hasta: '2025-05-31' };
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
        forma_pago: 1,
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
      'POST /contable/rcv/conciliar': { empresa_id, periodo: '2025-05' },
      'POST /contable/honorarios/importar': { empresa_id, periodo: '2025-05' },
      'PUT /contable/empresas/{id}/tasa-ppm': { tasa_ppm: '0.25' },
      'PUT /contable/utm/{mes}': { valor: 68_000 },
      'POST /contable/banco/conciliar': {
        empresa_id,
        movimiento_id: 'mov_probe',
        fecha: '2025-05-02',
        documento: 'emitido',
        documento_id: '6b1c4f0e-8d52-4d7a-9b9e-2a0c1f3e4d5b',
      },
      'POST /contable/rcv/diferencias/{id}/confirmar': {},
      'POST /contable/rcv/diferencias/{id}/descartar': { motivo: 'Documento anulado por el proveedor' },
    };
  },
  files: { 'POST /contable/importacion': Buffer.from(csv) },
  secondOrder: [
    {
      label: 'glosa (POST /contable/asientos) -> the books, JSON and CSV',
      values: HOSTILE_TEXTS,
      store: async (send, glosa) => {
        const lineas = [
          { cuenta: '1.1', debe: 1000, haber: 0, glosa },
          { cuenta: '3.1', debe: 0, haber: 1000 },
        ];
        await send({ method: 'POST', url: '/contable/asientos', payload: { empresa_id: ids.empresa, fecha: '2025-05-02', glosa, lineas } });
      },
      use: reports,
    },
    {
      label: 'account name (POST /contable/plan-cuentas) -> the books, JSON and CSV',
      values: HOSTILE_TEXTS,
      store: async (send, nombre) => {
        const codigo = `1.1.${(cuentas += 1)}`;
        const cuenta = await send({ method: 'POST', url: '/contable/plan-cuentas', payload: { empresa_id: ids.empresa, codigo, nombre } });
        if (cuenta.status !== 201) return;
        const lineas = [
          { cuenta: codigo, debe: 500, haber: 0 },
          { cuenta: '3.1', debe: 0, haber: 500 },
        ];
        await send({
          method: 'POST',
          url: '/contable/asientos',
          payload: { empresa_id: ids.empresa, fecha: '2025-05-03', glosa: 'Movimiento', lineas },
        });
      },
      use: reports,
    },
    {
      label: "a supplier's name in the RCV (GET /tax/rcv/libro) -> a purchase booked from it -> the books, JSON and CSV",
      values: HOSTILE_TEXTS,
      store: async (send, razon_social) => {
        const folio = (cuentas += 1);
        const sii = { exento: 0, neto: 1000, iva: 190, total: 1190 };
        const documento = {
          tipo_dte: 33,
          folio,
          rut_contraparte: '79555444-0',
          razon_social: String(razon_social),
          fecha_emision: '2025-05-04',
        };
        gw.rcv.set(`${TENANT}|2025-05|compra`, [
          { ...documento, estado: 'solo_sii', estado_rcv: 'REGISTRO', sii, gateway: null, diferencias: [] },
        ]);
        const run = await send({
          method: 'POST',
          url: '/contable/rcv/conciliar',
          payload: { empresa_id: ids.empresa, periodo: '2025-05' },
        });
        const diferencia = (run.json().diferencias as { id: string; folio: number }[]).find((d) => d.folio === folio);
        if (diferencia) await send({ method: 'POST', url: `/contable/rcv/diferencias/${diferencia.id}/confirmar`, payload: {} });
      },
      use: reports,
    },
    {
      label: "an issuer's name in the boletas de honorarios (GET /tax/honorarios/recibidas) -> its entry -> the books, JSON and CSV",
      values: HOSTILE_TEXTS,
      store: async (send, nombre) => {
        const folio = (cuentas += 1);
        const boleta = { folio, rut_emisor: '12345678-5', nombre_emisor: String(nombre), fecha: '2025-05-06', honorario_bruto: 1000 };
        gw.honorarios.set(`${TENANT}|2025-05`, [
          { ...boleta, retencion_receptor: 145, liquido: 855, anulada: false, sociedad_profesional: false, codigo_barras: `X${folio}` },
        ]);
        await send({ method: 'POST', url: '/contable/honorarios/importar', payload: { empresa_id: ids.empresa, periodo: '2025-05' } });
      },
      use: reports,
    },
  ],
});
