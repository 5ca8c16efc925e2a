import request from 'supertest';
import { HOSTILE_TEXTS, hostileInputSuite } from '@lib/testing';
import { KEYS, RegistryTestApp, startRegistry } from './support/registry-app';
import { USERS } from './support/client';

const SLUG = 'hostile-probe';
let registry: RegistryTestApp;
let superadmin = '';
const ids = { contract: '' };

// The corpus runs as a superadmin (through the admin caller), so that it reaches past the role checks.
hostileInputSuite('service-registry', {
  keys: KEYS,
  start: async () => {
    registry = await startRegistry({ env: { THROTTLE_ENABLED: 'false' } });
    return registry;
  },
  setup: async () => {
    superadmin = `Bearer ${await registry.issuer.token(USERS.superadmin)}`;
    const http = registry.app.getHttpServer();
    const as = { 'x-internal-key': KEYS.admin, authorization: superadmin };
    await request(http).post('/api/v1/services/').set(as).send({ slug: SLUG, name: 'Hostile probe', tagline: 'Probe' }).expect(201);
    const contract = await request(http).post(`/api/v1/services/${SLUG}/contracts`).set(as).send({ customer: 'probe' }).expect(201);
    ids.contract = contract.body.id;
  },
  headers: () => ({ authorization: superadmin }),
  get pathValues() {
    return { slug: SLUG, id: ids.contract };
  },
  bodies: {
    'POST /api/v1/services': { slug: 'hostile-new', name: 'Hostile new', tagline: 'New', features: ['One'], port: 8211 },
    'PATCH /api/v1/services/{slug}': { name: 'Hostile probe', tagline: 'Probe', features: ['One'], pricing_tier: 'free', port: 8212 },
    'POST /api/v1/services/{slug}/attestations': { item_id: 'idp_preview_group', link: 'https://idp.example.com/groups/x' },
    'POST /api/v1/services/{slug}/reviews': { decision: 'rejected', comment: 'probe' },
    'POST /api/v1/reserved-slots': { slug: 'hostile-slot', port: 8213, canonical_path: '/products/x', brand_tokens: { a: 'b' } },
  },
  secondOrder: [
    {
      label: 'name, tagline and features (PATCH /api/v1/services/{slug}) -> the record, the catalog and the marketplace pages',
      values: HOSTILE_TEXTS,
      store: async (send, text) =>
        void (await send({ method: 'PATCH', url: `/api/v1/services/${SLUG}`, payload: { name: text, tagline: text, features: [text] } })),
      use: async (send) => {
        for (const url of [`/api/v1/services/${SLUG}`, '/api/v1/catalog', '/s', `/s/${SLUG}`, `/s/${SLUG}/gone`])
          await send({ method: 'GET', url });
      },
    },
  ],
});
