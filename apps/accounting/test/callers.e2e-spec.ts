import { CALLER_TEST_INTERNAL_KEYS, callerMatrixSuite, closeTestApp } from '@lib/testing';
import { startGatewayStub } from './support/gateway-stub';
import { bootWithPoller } from './support/poller-api';

const ADMIN = ['admin'] as const;

// Accounting's least-privilege matrix (docs/platform.md "Callers"): the admin console on every
// /contable route, the mailbox poller only on its own; the reporting pages are public (an end user's token decides).
callerMatrixSuite(
  'accounting',
  async () => {
    const gw = startGatewayStub();
    const app = await bootWithPoller({ INTERNAL_KEYS: CALLER_TEST_INTERNAL_KEYS });
    return {
      app,
      close: async () => {
        await closeTestApp(app);
        gw.server.close();
      },
    };
  },
  {
    'GET /metrics': 'any',
    'GET /whoami': 'any',
    'GET /contable/auditoria': ADMIN,
    'POST /contable/empresas': ADMIN,
    'GET /contable/empresas': ADMIN,
    'GET /contable/empresas/{id}': ADMIN,
    'PUT /contable/empresas/{id}/tasa-ppm': ADMIN,
    'PUT /contable/utm/{mes}': ADMIN,
    'GET /contable/utm': ADMIN,
    'GET /contable/plan-cuentas': ADMIN,
    'POST /contable/plan-cuentas': ADMIN,
    'POST /contable/asientos': ADMIN,
    'POST /contable/asientos/{id}/reversa': ADMIN,
    'GET /contable/asientos/{id}': ADMIN,
    'POST /contable/periodos/{periodo}/cerrar': ADMIN,
    'GET /contable/periodos': ADMIN,
    'POST /contable/recibir-dte': ADMIN,
    'GET /contable/balance': ADMIN,
    'GET /contable/estado-resultados': ADMIN,
    'GET /contable/libro-diario': ADMIN,
    'GET /contable/libro-mayor': ADMIN,
    'GET /contable/libro-ingresos-egresos': ADMIN,
    'GET /contable/f29-borrador': ADMIN,
    'GET /contable/f29-comparacion': ADMIN,
    'POST /contable/poller/recibir-dte': ['poller'],
    'POST /contable/emit-dte': ADMIN,
    'POST /contable/importacion': ADMIN,
    'POST /contable/rcv/conciliar': ADMIN,
    'POST /contable/honorarios/importar': ADMIN,
    'GET /contable/banco/sugerencias': ADMIN,
    'POST /contable/banco/conciliar': ADMIN,
    'GET /contable/rcv/conciliacion': ADMIN,
    'POST /contable/rcv/diferencias/{id}/confirmar': ADMIN,
    'POST /contable/rcv/diferencias/{id}/descartar': ADMIN,
  },
);
