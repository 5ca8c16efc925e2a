import { Api, USERS } from './support/client';
import { approve, createReadyService, moveTo, promoteTo } from './support/lifecycle';
import type { RegistryTestApp } from './support/registry-app';
import { useRegistryWithHealth } from './support/registry-fixture';
import type { StubServer } from './support/stub-server';

const HOUR = 3_600_000;
const SA = { user: USERS.superadmin };

describe('service-registry: transition table, promotions and roles (e2e)', () => {
  let ctx: RegistryTestApp;
  let api: Api;
  let health: StubServer;
  useRegistryWithHealth((started) => ({ ctx, api, health } = started));

  const stageOf = async (slug: string) => (await api.get(`/api/v1/services/${slug}`, SA)).body.marketplace_status;

  describe('row "internal -> preview by an admin, checklist met, automatic"', () => {
    it('an admin promotes with no review; the history records it', async () => {
      await createReadyService(api, 'row-one', health);
      const res = await api.patch('/api/v1/services/row-one', { marketplace_status: 'preview' }, { user: USERS.admin });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ marketplace_status: 'preview', metadata: { visibility: 'preview' } });
      const history = (await api.get('/api/v1/services/row-one/history', SA)).body.items;
      expect(history.at(-1)).toMatchObject({ from: 'internal', to: 'preview', kind: 'promotion', actor: 'user:admin-1' });
    });

    it('staff, plain users and anonymous requests get 403 insufficient_role', async () => {
      await createReadyService(api, 'row-one-b', health);
      for (const as of [{ user: USERS.staff }, { user: USERS.user }, {}]) {
        const res = await api.patch('/api/v1/services/row-one-b', { marketplace_status: 'preview' }, as);
        expect(res.status).toBe(as.user === USERS.staff ? 403 : 404);
      }
      expect((await api.patch('/api/v1/services/row-one-b', { marketplace_status: 'preview' }, { user: USERS.staff })).body.error).toBe(
        'insufficient_role',
      );
      expect(await stageOf('row-one-b')).toBe('internal');
    });

    it('an unmet checklist is 422 checklist_unmet listing each failing item and why', async () => {
      await api.post('/api/v1/services/', { slug: 'row-one-c', name: 'Bare' }, SA);
      const res = await api.patch('/api/v1/services/row-one-c', { marketplace_status: 'preview' }, SA);
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('checklist_unmet');
      expect(res.body.failures.map((f: { id: string }) => f.id)).toEqual([
        'monogram_svg',
        'context_file',
        'healthz_ok',
        'idp_preview_group',
      ]);
      for (const f of res.body.failures) expect(f.detail.length).toBeGreaterThan(10);
    });
  });

  describe('row "preview -> beta: review by a superadmin, cumulative checklist"', () => {
    beforeAll(async () => {
      await createReadyService(api, 'row-two', health);
      await moveTo(api, 'row-two', 'preview');
    });

    it('without a review: 409 review_required', async () => {
      const res = await api.patch('/api/v1/services/row-two', { marketplace_status: 'beta' }, SA);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('review_required');
    });

    it('only a superadmin reviews and promotes to beta', async () => {
      expect((await api.post('/api/v1/services/row-two/reviews', { decision: 'approved' }, { user: USERS.admin })).status).toBe(403);
      await approve(api, 'row-two', 'beta');
      const byAdmin = await api.patch('/api/v1/services/row-two', { marketplace_status: 'beta' }, { user: USERS.admin });
      expect(byAdmin.status).toBe(403);
      expect(byAdmin.body.error).toBe('insufficient_role');
    });

    it('a later rejection wins: 409 review_rejected', async () => {
      await api.post('/api/v1/services/row-two/reviews', { decision: 'rejected', comment: 'pricing unclear' }, SA);
      const res = await api.patch('/api/v1/services/row-two', { marketplace_status: 'beta' }, SA);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: 'review_rejected' });
      expect(res.body.detail).toContain('pricing unclear');
    });

    it('a review only applies to the next stage (409 review_not_applicable)', async () => {
      const res = await api.post('/api/v1/services/row-two/reviews', { decision: 'approved', target: 'public' }, SA);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('review_not_applicable');
    });

    it('the checklist is cumulative: an internal -> preview item failing blocks beta', async () => {
      await approve(api, 'row-two', 'beta');
      health.on('/healthz', { status: 503, body: { status: 'down' } });
      const res = await api.patch('/api/v1/services/row-two', { marketplace_status: 'beta' }, SA);
      health.on('/healthz', { status: 200, body: { status: 'ok' } });
      expect(res.status).toBe(422);
      expect(res.body.failures).toEqual([expect.objectContaining({ id: 'healthz_ok', gate: 'internal_to_preview' })]);
    });

    it('approved and met: 200 beta', async () => {
      const res = await api.patch('/api/v1/services/row-two', { marketplace_status: 'beta', reason: 'ready for beta users' }, SA);
      expect(res.status).toBe(200);
      expect(res.body.marketplace_status).toBe('beta');
      expect(res.body.badges).toEqual([{ kind: 'beta', label: 'Beta' }]);
    });
  });

  describe('row "beta -> public: review plus 24 hours cooldown, cumulative checklist"', () => {
    beforeAll(async () => {
      await createReadyService(api, 'row-three', health);
      await promoteTo(api, 'row-three', 'beta', (ms) => ctx.clock.advance(ms));
      await approve(api, 'row-three', 'public');
    });

    it('before 24 h: 409 cooldown_active with when', async () => {
      ctx.clock.advance(23 * HOUR);
      const res = await api.patch('/api/v1/services/row-three', { marketplace_status: 'public' }, SA);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('cooldown_active');
      const entered = (await api.get('/api/v1/services/row-three', SA)).body.stage_entered_at;
      expect(res.body.available_at).toBe(new Date(new Date(entered).getTime() + 24 * HOUR).toISOString());
      expect(Number(res.headers['retry-after'])).toBe(3600);
    });

    it('after 24 h with the review and the full checklist: 200 public, not grandfathered', async () => {
      ctx.clock.advance(HOUR);
      const res = await api.patch('/api/v1/services/row-three', { marketplace_status: 'public' }, SA);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ marketplace_status: 'public', grandfathered: false, badges: [] });
      expect(res.body.public_since).toBe(ctx.clock.now().toISOString());
    });

    it('the review must be given during the current beta stay', async () => {
      await createReadyService(api, 'row-three-b', health);
      await promoteTo(api, 'row-three-b', 'beta', (ms) => ctx.clock.advance(ms));
      ctx.clock.advance(25 * HOUR);
      const res = await api.patch('/api/v1/services/row-three-b', { marketplace_status: 'public' }, SA);
      expect(res.body.error).toBe('review_required');
    });
  });

  describe('row "a forward jump of more than one stage: 409, unchanged"', () => {
    it.each([
      ['internal', 'beta'],
      ['internal', 'public'],
      ['preview', 'public'],
    ])('%s -> %s is 409 stage_skipped', async (from, to) => {
      const slug = `skip-${from}-${to}`;
      await createReadyService(api, slug, health);
      if (from === 'preview') await moveTo(api, slug, 'preview');
      const res = await api.patch(`/api/v1/services/${slug}`, { marketplace_status: to }, SA);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('stage_skipped');
      expect(await stageOf(slug)).toBe(from);
    });
  });

  describe('row "an earlier stage: allowed, demotion rules apply"', () => {
    it('needs a superadmin and a reason', async () => {
      await createReadyService(api, 'row-five', health);
      await moveTo(api, 'row-five', 'preview');
      const byAdmin = await api.patch(
        '/api/v1/services/row-five',
        { marketplace_status: 'internal', reason: 'not ready' },
        { user: USERS.admin },
      );
      expect(byAdmin.status).toBe(403);
      const noReason = await api.patch('/api/v1/services/row-five', { marketplace_status: 'internal' }, SA);
      expect(noReason.status).toBe(400);
      expect(noReason.body.errors).toEqual([expect.objectContaining({ field: 'reason' })]);
    });

    it('public straight to internal, forced by a superadmin, applies now and is recorded as forced', async () => {
      await createReadyService(api, 'row-five-b', health);
      await promoteTo(api, 'row-five-b', 'public', (ms) => ctx.clock.advance(ms));
      const res = await api.patch(
        '/api/v1/services/row-five-b',
        { marketplace_status: 'internal', reason: 'security incident', force: true },
        SA,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ marketplace_status: 'internal', is_active: false, demotion: { applied: true } });
      const history = (await api.get('/api/v1/services/row-five-b/history', SA)).body.items;
      expect(history.at(-1)).toMatchObject({ from: 'public', to: 'internal', kind: 'forced_demotion', reason: 'security incident' });
    });

    it('force is only for demotions', async () => {
      const res = await api.patch('/api/v1/services/row-five', { marketplace_status: 'beta', force: true }, SA);
      expect(res.status).toBe(400);
    });
  });

  it('PATCH of an invisible service is 404, not 403', async () => {
    await api.post('/api/v1/services/', { slug: 'hidden-one', name: 'Hidden' }, SA);
    const res = await api.patch('/api/v1/services/hidden-one', { tagline: 'x' }, { user: USERS.user });
    expect(res.status).toBe(404);
  });
});
