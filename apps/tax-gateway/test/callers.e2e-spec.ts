import { CALLER_TEST_INTERNAL_KEYS, callerMatrixSuite } from '@lib/testing';
import { startGateway } from './support/harness';

// The gateway's least-privilege matrix (docs/platform.md "Callers").
callerMatrixSuite('tax-gateway', () => startGateway({ env: { INTERNAL_KEYS: CALLER_TEST_INTERNAL_KEYS } }), {
  'GET /metrics': 'any',
  'GET /whoami': 'any',
  'POST /tax/auth/token': ['admin'],
  'DELETE /tax/auth/token': ['admin'],
  'GET /tax/contribuyente/datos': ['admin', 'assistant', 'accounting'],
  'GET /tax/contribuyente/datos-rut/{rut}': ['admin', 'assistant', 'accounting'],
  'GET /tax/contribuyente/estado': ['admin', 'assistant'],
  'GET /tax/contribuyente/giros': ['admin', 'assistant'],
  'GET /tax/contribuyente/representantes': ['admin', 'assistant'],
  'POST /tax/contribuyente/cache/clear': ['admin'],
  'POST /tax/caf/upload': ['admin'],
  'GET /tax/caf/status': ['admin'],
  'GET /tax/emisores/{tenant}': ['admin'],
  'PUT /tax/emisores/{tenant}': ['admin'],
  'POST /tax/dte/emitir': ['admin', 'accounting'],
  'GET /tax/dte/estado': ['admin', 'assistant', 'accounting'],
  'GET /tax/dte/get/{emision_id}': ['admin', 'assistant', 'accounting'],
  'GET /tax/dte/pending': ['admin', 'accounting'],
  'POST /tax/dte/{emision_id}/reenviar': ['admin'],
  'GET /tax/dte/{emision_id}/pdf': ['admin', 'accounting'],
  'GET /tax/dte/{emision_id}/intercambio': ['admin', 'accounting', 'mailer'],
  'POST /tax/recepcion/dte': ['admin', 'accounting', 'mailer'],
  'GET /tax/recepcion': ['admin', 'assistant', 'accounting', 'mailer'],
  'GET /tax/recepcion/{recepcion_id}': ['admin', 'assistant', 'accounting', 'mailer'],
  'POST /tax/recepcion/{recepcion_id}/resultado': ['admin', 'accounting'],
  'POST /tax/recepcion/{recepcion_id}/recibo': ['admin', 'accounting'],
});
