import { AnnouncementDeliverer } from '../src/announcements/announcement-deliverer';
import { StalePreviewsService } from '../src/audits/stale-previews.service';
import { SchedulerHost } from '../src/scheduling/scheduler-host';
import { Api, USERS } from './support/client';
import { approve, ciReport, createReadyService, moveTo, promoteTo } from './support/lifecycle';
import type { RegistryTestApp } from './support/registry-app';
import { useRegistryWithHealth } from './support/registry-fixture';
import { StubServer } from './support/stub-server';

const DAY = 24 * 3_600_000;
const SA = { user: USERS.superadmin };

describe('service-registry: cutoff and audit, stale previews, announcements (e2e)', () => {
  let ctx: RegistryTestApp;
  let api: Api;
  let health: StubServer;
  let webhook: StubServer;
  const advance = (ms: number) => ctx.clock.advance(ms);

  beforeAll(async () => {
    webhook = await StubServer.start();
  });
  useRegistryWithHealth(
    (started) => ({ ctx, api, health } = started),
    () => ({ now: '2026-04-01T10:00:00Z', env: { ANNOUNCE_WEBHOOK_URL: `${webhook.url}/hooks/announce` } }),
  );
  afterAll(async () => {
    await webhook?.close();
  });

  const failCoverage = (slug: string) =>
    api.post(`/api/v1/services/${slug}/evidence`, ciReport('public', { test_coverage_60: 'failed' }), { caller: 'ci' });

  describe('cutoff 2026-05-01', () => {
    it('before the cutoff the beta -> public items are recorded but not mandatory; the service is grandfathered', async () => {
      await createReadyService(api, 'veteran', health);
      await promoteTo(api, 'veteran', 'beta', advance);
      await failCoverage('veteran');
      advance(DAY + 1000);
      await approve(api, 'veteran', 'public');
      const res = await moveTo(api, 'veteran', 'public');
      expect(res.body).toMatchObject({ marketplace_status: 'public', grandfathered: true });
      const stored = (await api.get('/api/v1/services/veteran/checklist', SA)).body.items;
      expect(stored.find((i: { id: string }) => i.id === 'test_coverage_60').status).toBe('failed');
    });

    it('after the cutoff the full beta -> public checklist is mandatory (422 checklist_unmet)', async () => {
      ctx.clock.set('2026-05-10T10:00:00Z');
      await createReadyService(api, 'newcomer', health);
      await promoteTo(api, 'newcomer', 'beta', advance);
      await failCoverage('newcomer');
      advance(DAY + 1000);
      await approve(api, 'newcomer', 'public');
      const res = await api.patch('/api/v1/services/newcomer', { marketplace_status: 'public' }, SA);
      expect(res.status).toBe(422);
      expect(res.body.failures).toEqual([expect.objectContaining({ id: 'test_coverage_60', gate: 'beta_to_public' })]);
    });

    it('POST /api/v1/audits/public lists failures; with apply it demotes failing non-grandfathered services to beta with a badge', async () => {
      await createReadyService(api, 'slipping', health);
      await promoteTo(api, 'slipping', 'public', advance);
      await createReadyService(api, 'healthy', health);
      await promoteTo(api, 'healthy', 'public', advance);
      await failCoverage('slipping');

      expect((await api.post('/api/v1/audits/public', {}, { user: USERS.admin })).status).toBe(403);
      const dry = await api.post('/api/v1/audits/public', {}, SA);
      expect(dry.status).toBe(200);
      const bySlug = Object.fromEntries(dry.body.services.map((e: { slug: string }) => [e.slug, e]));
      expect(bySlug.veteran).toMatchObject({ grandfathered: true, passed: false, action: 'grandfathered' });
      expect(bySlug.slipping).toMatchObject({
        grandfathered: false,
        passed: false,
        action: 'would_demote',
        failures: [expect.objectContaining({ id: 'test_coverage_60' })],
      });
      expect(bySlug.healthy).toMatchObject({ passed: true, action: 'none', failures: [] });
      expect((await api.get('/api/v1/services/slipping', SA)).body.marketplace_status).toBe('public');

      const applied = await api.post('/api/v1/audits/public', { apply: true }, SA);
      expect(applied.body.services.find((e: { slug: string }) => e.slug === 'slipping').action).toBe('demoted');
      const slipping = (await api.get('/api/v1/services/slipping', SA)).body;
      expect(slipping).toMatchObject({ marketplace_status: 'beta', audit_badge: 'audit_failed' });
      expect(slipping.badges.map((b: { kind: string }) => b.kind)).toEqual(['beta', 'audit']);
      expect((await api.get('/api/v1/services/slipping/history', SA)).body.items.at(-1)).toMatchObject({
        kind: 'audit_demotion',
        from: 'public',
        to: 'beta',
      });
      expect((await api.get('/api/v1/services/veteran', SA)).body.marketplace_status).toBe('public');
      expect((await api.get('/api/v1/services/healthy', SA)).body.marketplace_status).toBe('public');
      expect((await api.get('/api/v1/announcements?kind=audit', SA)).body.items[0].text).toContain('slipping');
    });
  });

  describe('stale previews (90 days, no automatic demotion)', () => {
    it('the report and the quarterly announcement list previews older than 90 days, once per quarter', async () => {
      ctx.clock.set('2026-07-01T09:00:00Z');
      await createReadyService(api, 'lingering', health);
      await moveTo(api, 'lingering', 'preview');
      const stale = ctx.app.get(StalePreviewsService);
      advance(89 * DAY);
      expect((await api.get('/api/v1/reports/stale-previews', SA)).body.items).toEqual([]);
      expect(await stale.runDue()).toBe(false);
      advance(2 * DAY);
      const report = (await api.get('/api/v1/reports/stale-previews', { user: USERS.staff })).body.items;
      expect(report).toEqual([
        expect.objectContaining({ slug: 'lingering', days_in_preview: 91, in_preview_since: '2026-07-01T09:00:00.000Z' }),
      ]);
      expect((await api.get('/api/v1/reports/stale-previews', { user: USERS.user })).status).toBe(403);
      expect(await stale.runDue()).toBe(true);
      expect(await stale.runDue()).toBe(false);
      const [entry] = (await api.get('/api/v1/announcements?kind=stale_previews', SA)).body.items;
      expect(entry.text).toMatch(/^Quarterly review 2026-Q3: 1 service\(s\)/);
      expect(entry.text).toContain('lingering');
      expect((await api.get('/api/v1/services/lingering', SA)).body.marketplace_status).toBe('preview');
    });
  });

  describe('announcement outbox delivery', () => {
    it('posts Slack-compatible {text} to the webhook and retries with backoff until delivered', async () => {
      const deliverer = ctx.app.get(AnnouncementDeliverer);
      webhook.on('/hooks/announce', { status: 500, text: 'boom' });
      const first = await deliverer.runDue();
      expect(first.delivered).toBe(0);
      expect(first.failed).toBeGreaterThan(0);
      const pending = (await api.get('/api/v1/announcements', SA)).body.items;
      expect(pending.every((a: { state: string }) => a.state === 'pending')).toBe(true);
      expect(pending[0]).toMatchObject({ attempts: 1, last_error: 'webhook answered HTTP 500' });
      const posted = webhook.requests.length;
      expect(await deliverer.runDue()).toEqual({ delivered: 0, failed: 0 });
      expect(webhook.requests.length).toBe(posted);

      webhook.on('/hooks/announce', { status: 200, text: 'ok' });
      advance(31_000);
      const second = await deliverer.runDue();
      expect(second.failed).toBe(0);
      expect(second.delivered).toBe(first.failed);
      const all = (await api.get('/api/v1/announcements?limit=500', SA)).body.items;
      expect(all.every((a: { state: string }) => a.state === 'delivered')).toBe(true);
      const body = JSON.parse(webhook.requests.at(-1)?.body ?? '{}');
      expect(Object.keys(body)).toEqual(['text']);
      expect(typeof body.text).toBe('string');
    });

    it('the scheduler host runs every job in one tick', async () => {
      await createReadyService(api, 'tick', health);
      await moveTo(api, 'tick', 'preview');
      await api.patch('/api/v1/services/tick', { marketplace_status: 'internal', reason: 'tick test' }, SA);
      advance(7 * DAY + 1000);
      const before = webhook.requests.length;
      await ctx.app.get(SchedulerHost).tick();
      expect((await api.get('/api/v1/services/tick', SA)).body.marketplace_status).toBe('internal');
      expect(webhook.requests.length).toBeGreaterThan(before);
    });
  });
});
