import { CALLER_TEST_INTERNAL_KEYS, callerMatrixSuite } from '@lib/testing';
import { startRegistry } from './support/registry-app';

const READ = ['admin', 'marketplace'] as const;

// The registry's least-privilege matrix (docs/platform.md "Callers"): admin everywhere, marketplace
// reads, ci posts evidence; the marketplace pages are public.
callerMatrixSuite('service-registry', () => startRegistry({ env: { INTERNAL_KEYS: CALLER_TEST_INTERNAL_KEYS } }), {
  'GET /metrics': 'any',
  'GET /whoami': 'any',
  'POST /api/v1/services': ['admin'],
  'GET /api/v1/services': READ,
  'GET /api/v1/services/{slug}': READ,
  'PATCH /api/v1/services/{slug}': ['admin'],
  'GET /api/v1/services/{slug}/history': READ,
  'POST /api/v1/services/{slug}/evidence': ['admin', 'ci'],
  'GET /api/v1/services/{slug}/evidence': READ,
  'POST /api/v1/services/{slug}/attestations': ['admin'],
  'GET /api/v1/services/{slug}/checklist': READ,
  'POST /api/v1/services/{slug}/checklist/evaluate': ['admin'],
  'POST /api/v1/services/{slug}/reviews': ['admin'],
  'GET /api/v1/services/{slug}/reviews': READ,
  'GET /api/v1/services/{slug}/demotions': READ,
  'DELETE /api/v1/services/{slug}/demotions/{id}': ['admin'],
  'POST /api/v1/services/{slug}/contracts': ['admin'],
  'GET /api/v1/services/{slug}/contracts': READ,
  'POST /api/v1/contracts/{id}/holds': ['admin'],
  'POST /api/v1/audits/public': ['admin'],
  'GET /api/v1/reports/stale-previews': READ,
  'GET /api/v1/announcements': READ,
  'POST /api/v1/reserved-slots': ['admin'],
  'GET /api/v1/reserved-slots': READ,
  'GET /api/v1/reserved-slots/{slug}': READ,
  'DELETE /api/v1/reserved-slots/{slug}': ['admin'],
  'GET /api/v1/catalog': READ,
  'GET /api/v1/style/components': READ,
  'GET /api/v1/style/components/{id}': READ,
});
