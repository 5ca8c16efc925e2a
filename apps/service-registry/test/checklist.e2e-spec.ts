import { CHECKLIST_ITEMS, repositoryItemsUpTo } from '@lib/schemas';
import { Api, USERS } from './support/client';
import { ciReport, completeFields, createReadyService } from './support/lifecycle';
import type { RegistryTestApp } from './support/registry-app';
import { useRegistryWithHealth } from './support/registry-fixture';
import type { StubServer } from './support/stub-server';

const SA = { user: USERS.superadmin };
const SLUG = 'full';

interface Item {
  id: string;
  status: string;
  detail: string;
  gate: string;
}

describe('service-registry: every checklist item, passing and failing (e2e)', () => {
  let ctx: RegistryTestApp;
  let api: Api;
  let health: StubServer;
  useRegistryWithHealth(async (started) => {
    ({ ctx, api, health } = started);
    await createReadyService(api, SLUG, health);
  });

  async function evaluate(slug = SLUG): Promise<Item[]> {
    const res = await api.post(`/api/v1/services/${slug}/checklist/evaluate`, { target: 'public' }, SA);
    expect(res.status).toBe(200);
    return res.body.items;
  }

  const failing = (items: Item[]) => items.filter((i) => i.status === 'failed').map((i) => i.id);
  const item = (items: Item[], id: string) => items.find((i) => i.id === id) as Item;
  const patch = async (body: Record<string, unknown>) => {
    const res = await api.patch(`/api/v1/services/${SLUG}`, body, SA);
    expect(res.status).toBe(200);
  };
  const report = async (overrides: Record<string, 'passed' | 'failed' | 'not_applicable'>) => {
    expect((await api.post(`/api/v1/services/${SLUG}/evidence`, ciReport('public', overrides), { caller: 'ci' })).status).toBe(201);
  };

  it('a complete service passes all 18 items, each with a reason, stored per item', async () => {
    const items = await evaluate();
    expect(items.map((i) => i.id)).toEqual(CHECKLIST_ITEMS.map((i) => i.id));
    expect(failing(items)).toEqual([]);
    const stored = (await api.get(`/api/v1/services/${SLUG}/checklist`, SA)).body.items;
    expect(stored).toHaveLength(18);
    for (const r of stored)
      expect(r).toMatchObject({ status: 'passed', checked_by: 'user:sa-1', checked_at: ctx.clock.now().toISOString() });
    expect(item(stored, 'healthz_ok').detail).toContain('answered 200 with status ok');
  });

  describe.each(repositoryItemsUpTo('public').map((i) => [i.id]))('repository item %s (CI report)', (id) => {
    it('fails when the checklist CLI reports it failed, passes when it reports it passed', async () => {
      await report({ [id]: 'failed' });
      const items = await evaluate();
      expect(failing(items)).toEqual([id]);
      expect(item(items, id).detail).toContain('checklist CLI report');
      await report({});
      expect(failing(await evaluate())).toEqual([]);
    });
  });

  it('repository items without any CI report fail with the way to fix it', async () => {
    await api.post('/api/v1/services/', { slug: 'no-report', name: 'No report', ...completeFields(health) }, SA);
    const items = await evaluate('no-report');
    for (const id of repositoryItemsUpTo('public').map((i) => i.id)) {
      expect(item(items, id)).toMatchObject({ status: 'failed', detail: expect.stringContaining('tools/checklist') });
    }
  });

  it('public_docs reported not applicable counts as met', async () => {
    await report({ public_docs: 'not_applicable' });
    const items = await evaluate();
    expect(item(items, 'public_docs').status).toBe('not_applicable');
    expect(failing(items)).toEqual([]);
    await report({});
  });

  it('maintainer_declared also needs the owner in the record metadata', async () => {
    await patch({ metadata: { maintainer: null } });
    const items = await evaluate();
    expect(failing(items)).toEqual(['maintainer_declared']);
    expect(item(items, 'maintainer_declared').detail).toContain('metadata.maintainer');
    await patch({ metadata: { maintainer: 'team-billing' } });
    expect(failing(await evaluate())).toEqual([]);
  });

  it.each([
    ['HTTP 500', { status: 500, body: { status: 'ok' } }, 'answered HTTP 500'],
    ['status degraded', { status: 200, body: { status: 'degraded' } }, 'status "degraded"'],
    ['not JSON', { status: 200, text: 'OK' }, 'not a JSON object'],
    ['too slow', { status: 200, body: { status: 'ok' }, delayMs: 1500 }, 'timed out'],
  ])('healthz_ok fails on %s and passes on 200 {status: ok}', async (_label, response, reason) => {
    health.on('/healthz', response);
    const items = await evaluate();
    health.on('/healthz', { status: 200, body: { status: 'ok' } });
    expect(failing(items)).toEqual(['healthz_ok']);
    expect(item(items, 'healthz_ok').detail).toContain(reason);
    expect(failing(await evaluate())).toEqual([]);
  });

  it('healthz_ok fails without a health_url and probes <base>/healthz for a base URL', async () => {
    await patch({ health_url: null });
    expect(item(await evaluate(), 'healthz_ok').detail).toContain('health_url is not set');
    await patch({ health_url: health.url });
    expect(item(await evaluate(), 'healthz_ok')).toMatchObject({
      status: 'passed',
      detail: expect.stringContaining(`${health.url}/healthz`),
    });
  });

  it('registry_entry_preview fails for an inactive registry entry', async () => {
    await patch({ is_active: false });
    const items = await evaluate();
    expect(failing(items)).toEqual(['registry_entry_preview']);
    expect(item(items, 'registry_entry_preview').detail).toContain('is_active false');
    await patch({ is_active: true });
    expect(failing(await evaluate())).toEqual([]);
  });

  it('idp_preview_group needs an admin attestation with a link; a failed attestation fails it', async () => {
    const link = 'https://idp.example.test/groups/full-preview';
    await api.post(
      `/api/v1/services/${SLUG}/attestations`,
      { item_id: 'idp_preview_group', status: 'failed', link, detail: 'group missing' },
      { user: USERS.admin },
    );
    const items = await evaluate();
    expect(failing(items)).toEqual(['idp_preview_group']);
    expect(item(items, 'idp_preview_group').detail).toContain('group missing');
    await api.post(`/api/v1/services/${SLUG}/attestations`, { item_id: 'idp_preview_group', link }, { user: USERS.admin });
    expect(item(await evaluate(), 'idp_preview_group')).toMatchObject({ status: 'passed', detail: expect.stringContaining(link) });
    const bare = await evaluate('no-report');
    expect(item(bare, 'idp_preview_group').detail).toContain('must attest');
  });

  it('marketplace_detail_page needs a tagline and features rendered on /s/<slug>/', async () => {
    await patch({ features: [] });
    let items = await evaluate();
    expect(failing(items)).toEqual(['marketplace_detail_page']);
    expect(item(items, 'marketplace_detail_page').detail).toContain('features');
    await patch({ features: ['Issue DTE 33'], tagline: null });
    items = await evaluate();
    expect(item(items, 'marketplace_detail_page').detail).toContain('tagline');
    await patch({ tagline: 'Invoices <fast> & "easy"' });
    expect(item(await evaluate(), 'marketplace_detail_page').status).toBe('passed');
  });

  it('pricing_tier_set (and so the definitive tier) fails without a tier', async () => {
    await patch({ pricing_tier: null });
    const items = await evaluate();
    expect(failing(items)).toEqual(['pricing_tier_set', 'definitive_pricing_tier']);
    expect(item(items, 'pricing_tier_set').detail).toBe('pricing_tier is not set');
    await patch({ pricing_tier: 'flat' });
    expect(failing(await evaluate())).toEqual([]);
  });

  it('pricing_summary needs metadata.pricing_summary', async () => {
    await patch({ metadata: { pricing_summary: null } });
    expect(failing(await evaluate())).toEqual(['pricing_summary']);
    await patch({ metadata: { pricing_summary: 'Flat 50 000 CLP per month' } });
    expect(failing(await evaluate())).toEqual([]);
  });

  it('definitive_pricing_tier: custom is not definitive for self-service access', async () => {
    await patch({ pricing_tier: 'custom', self_service: true });
    const items = await evaluate();
    expect(failing(items)).toEqual(['definitive_pricing_tier']);
    expect(item(items, 'definitive_pricing_tier').detail).toContain('not definitive');
    await patch({ self_service: false });
    expect(failing(await evaluate())).toEqual([]);
  });

  describe('evidence intake', () => {
    it('CI reports come from the ci caller without a user; other callers or roles are refused', async () => {
      expect((await api.post(`/api/v1/services/${SLUG}/evidence`, ciReport('beta'), { caller: 'marketplace' })).body.error).toBe(
        'forbidden_caller',
      );
      // Through the admin caller an anonymous request cannot even see the internal service.
      expect((await api.post(`/api/v1/services/${SLUG}/evidence`, ciReport('beta'))).status).toBe(404);
      expect((await api.post(`/api/v1/services/${SLUG}/evidence`, ciReport('beta'), { user: USERS.staff })).status).toBe(403);
      expect((await api.post(`/api/v1/services/${SLUG}/evidence`, ciReport('beta'), { user: USERS.admin })).status).toBe(201);
      expect((await api.post('/api/v1/services/nope/evidence', ciReport('beta'), { caller: 'ci' })).status).toBe(404);
    });

    it('rejects unknown or non-repository items (422 unknown_item) and malformed reports (400)', async () => {
      const bad = ciReport('preview');
      bad.results.push({ id: 'healthz_ok', status: 'passed', detail: 'x' });
      const res = await api.post(`/api/v1/services/${SLUG}/evidence`, bad, { caller: 'ci' });
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('unknown_item');
      expect(res.body.detail).toContain('healthz_ok');
      const malformed = await api.post(
        `/api/v1/services/${SLUG}/evidence`,
        { ...ciReport('preview'), source: 'someone' },
        { caller: 'ci' },
      );
      expect(malformed.status).toBe(400);
    });

    it('attestations need an admin, a link and an attestation item', async () => {
      const path = `/api/v1/services/${SLUG}/attestations`;
      expect((await api.post(path, { item_id: 'idp_preview_group', link: 'https://x.test' }, { user: USERS.user })).status).toBe(404);
      expect((await api.post(path, { item_id: 'idp_preview_group' }, SA)).status).toBe(400);
      const wrong = await api.post(path, { item_id: 'context_file', link: 'https://x.test' }, SA);
      expect(wrong.status).toBe(422);
      expect(wrong.body.error).toBe('not_attestable');
    });
  });
});
