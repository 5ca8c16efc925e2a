import { DataSource } from 'typeorm';
import { DemotionScheduler } from '../src/demotions/demotion.scheduler';
import { demoteToInternalNow } from '../src/demotions/operator-demotion';
import { SunsetScheduler } from '../src/demotions/sunset.scheduler';
import { Api, USERS } from './support/client';
import { approve, createReadyService, moveTo, promoteTo } from './support/lifecycle';
import type { RegistryTestApp } from './support/registry-app';
import { useRegistryWithHealth } from './support/registry-fixture';
import type { StubServer } from './support/stub-server';

const DAY = 24 * 3_600_000;
const SA = { user: USERS.superadmin };

describe('service-registry: demotion rules, grace period, contracts, sunset (e2e)', () => {
  let ctx: RegistryTestApp;
  let api: Api;
  let health: StubServer;
  const advance = (ms: number) => ctx.clock.advance(ms);

  useRegistryWithHealth(
    (started) => ({ ctx, api, health } = started),
    () => ({ env: { DEMOTION_GRACE_DAYS: '30' } }),
  );

  const get = async (slug: string) => (await api.get(`/api/v1/services/${slug}`, SA)).body;
  const announcements = async (kind: string, slug?: string) =>
    (await api.get(`/api/v1/announcements?kind=${kind}${slug ? `&slug=${slug}` : ''}`, SA)).body.items;

  describe('the 7-day rule', () => {
    beforeAll(async () => {
      await createReadyService(api, 'seven', health);
      await promoteTo(api, 'seven', 'public', advance);
    });

    it('without an earlier notice: 202, a demotion scheduled 7 days out, the notice announced now', async () => {
      const res = await api.patch('/api/v1/services/seven', { marketplace_status: 'beta', reason: 'coverage dropped' }, SA);
      expect(res.status).toBe(202);
      expect(res.body.marketplace_status).toBe('public');
      const scheduled = res.body.demotion.scheduled;
      expect(scheduled).toMatchObject({
        from: 'public',
        to: 'beta',
        state: 'scheduled',
        reason: 'coverage dropped',
        announced_at: ctx.clock.now().toISOString(),
      });
      expect(new Date(scheduled.effective_at).getTime() - new Date(scheduled.announced_at).getTime()).toBe(7 * DAY);
      const [notice] = await announcements('demotion_notice', 'seven');
      expect(notice.text).toContain('moves from public to beta');
      expect(notice.text).toContain('coverage dropped');
    });

    it('asking again within the 7 days answers 202 with the same notice', async () => {
      advance(6 * DAY);
      const res = await api.patch('/api/v1/services/seven', { marketplace_status: 'beta', reason: 'coverage dropped' }, SA);
      expect(res.status).toBe(202);
      expect(await announcements('demotion_notice', 'seven')).toHaveLength(1);
      expect(
        (await api.get('/api/v1/services/seven/demotions', SA)).body.items.filter((d: { state: string }) => d.state === 'scheduled'),
      ).toHaveLength(1);
    });

    it('once the notice is 7 days old the PATCH applies now (200) and the changelog has the reason', async () => {
      advance(DAY);
      const res = await api.patch('/api/v1/services/seven', { marketplace_status: 'beta', reason: 'coverage dropped' }, SA);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ marketplace_status: 'beta', demotion: { applied: true } });
      const history = (await api.get('/api/v1/services/seven/history', SA)).body.items;
      expect(history.at(-1)).toMatchObject({
        from: 'public',
        to: 'beta',
        kind: 'demotion',
        reason: 'coverage dropped',
        actor: 'user:sa-1',
      });
      expect((await api.get('/api/v1/services/seven/demotions', SA)).body.items[0].state).toBe('applied');
    });

    it('the scheduler applies a due notice on time, not before', async () => {
      const res = await api.patch('/api/v1/services/seven', { marketplace_status: 'preview', reason: 'back to invitees' }, SA);
      expect(res.status).toBe(202);
      const scheduler = ctx.app.get(DemotionScheduler);
      expect(await scheduler.runDue(new Date(ctx.clock.now().getTime() + 7 * DAY - 1000))).toEqual({ applied: [], cancelled: [] });
      advance(7 * DAY);
      expect(await scheduler.runDue()).toEqual({ applied: ['seven'], cancelled: [] });
      expect((await get('seven')).marketplace_status).toBe('preview');
      expect((await api.get('/api/v1/services/seven/history', SA)).body.items.at(-1)).toMatchObject({
        kind: 'demotion',
        actor: 'scheduler:demotions',
      });
    });

    it('a superadmin can cancel a scheduled demotion', async () => {
      const res = await api.patch('/api/v1/services/seven', { marketplace_status: 'internal', reason: 'retire' }, SA);
      const id = res.body.demotion.scheduled.id;
      expect((await api.delete(`/api/v1/services/seven/demotions/${id}`, { user: USERS.admin })).status).toBe(403);
      const cancelled = await api.delete(`/api/v1/services/seven/demotions/${id}`, SA);
      expect(cancelled.body.state).toBe('cancelled');
      advance(8 * DAY);
      expect((await ctx.app.get(DemotionScheduler).runDue()).applied).toEqual([]);
      expect((await get('seven')).marketplace_status).toBe('preview');
    });
  });

  describe('410 grace period', () => {
    it('after a demotion from public the page answers 410 with Location to the explanation, then 404/200 again', async () => {
      await createReadyService(api, 'gone-svc', health);
      await promoteTo(api, 'gone-svc', 'public', advance);
      expect((await api.get('/s/gone-svc/', { caller: null })).status).toBe(200);
      await api.patch('/api/v1/services/gone-svc', { marketplace_status: 'beta', reason: 'SLA breach', force: true }, SA);
      const gone = await api.get('/s/gone-svc/', { caller: null });
      expect(gone.status).toBe(410);
      expect(gone.headers.location).toBe('/s/gone-svc/gone');
      expect(gone.text).toContain('href="/s/gone-svc/gone"');
      const explanation = await api.get('/s/gone-svc/gone', { caller: null });
      expect(explanation.status).toBe(200);
      expect(explanation.text).toContain('moved from public to beta');
      expect(explanation.text).toContain('SLA breach');
      advance(31 * DAY);
      expect((await api.get('/s/gone-svc/', { caller: null })).status).toBe(404);
      expect((await api.get('/s/gone-svc/', { caller: null, user: USERS.user })).status).toBe(200);
    });

    it('a demotion from preview leaves no 410', async () => {
      await createReadyService(api, 'grace-b', health);
      await moveTo(api, 'grace-b', 'preview');
      await api.patch('/api/v1/services/grace-b', { marketplace_status: 'internal', reason: 'x-x-x', force: true }, SA);
      expect((await api.get('/s/grace-b/', { caller: null })).status).toBe(404);
      expect((await api.get('/s/grace-b/gone', { caller: null })).status).toBe(404);
    });

    it('a new promotion ends the grace period', async () => {
      await createReadyService(api, 'grace-c', health);
      await promoteTo(api, 'grace-c', 'public', advance);
      await api.patch('/api/v1/services/grace-c', { marketplace_status: 'beta', reason: 'short outage', force: true }, SA);
      expect((await api.get('/s/grace-c/', { caller: null })).status).toBe(410);
      advance(DAY + 1000);
      await approve(api, 'grace-c', 'public');
      await moveTo(api, 'grace-c', 'public');
      expect((await api.get('/s/grace-c/', { caller: null })).status).toBe(200);
    });
  });

  describe('demotion to internal: contracts and held credits', () => {
    it('deactivates the record and its contracts and releases the held credits in the same transaction', async () => {
      await createReadyService(api, 'paid', health);
      await promoteTo(api, 'paid', 'beta', advance);
      const c1 = (await api.post('/api/v1/services/paid/contracts', { customer: 'acme' }, SA)).body;
      const c2 = (await api.post('/api/v1/services/paid/contracts', { customer: 'globex' }, SA)).body;
      await api.post(`/api/v1/contracts/${c1.id}/holds`, { amount: 50_000, reference: 'march' }, SA);
      await api.post(`/api/v1/contracts/${c1.id}/holds`, { amount: 20_000 }, SA);
      await api.post(`/api/v1/contracts/${c2.id}/holds`, { amount: 5_000 }, SA);
      const res = await api.patch('/api/v1/services/paid', { marketplace_status: 'internal', reason: 'product closed', force: true }, SA);
      expect(res.body).toMatchObject({
        is_active: false,
        demotion: { deactivation: { contracts_deactivated: 2, holds_released: 3, amount_released: 75_000 } },
      });
      const contracts = (await api.get('/api/v1/services/paid/contracts', SA)).body.items;
      for (const c of contracts) {
        expect(c.is_active).toBe(false);
        for (const h of c.holds) expect(h).toMatchObject({ state: 'released', released_at: ctx.clock.now().toISOString() });
      }
      const ds = ctx.app.get(DataSource);
      const tx = await ds.query(
        `SELECT kind, sum(amount)::int AS total, count(*)::int AS n FROM credit_transactions GROUP BY kind ORDER BY kind`,
      );
      expect(tx).toEqual([
        { kind: 'hold', total: 75_000, n: 3 },
        { kind: 'release', total: 75_000, n: 3 },
      ]);
      await expect(ds.query(`DELETE FROM credit_transactions`)).rejects.toThrow(/append-only/);
      expect((await api.post('/api/v1/services/paid/contracts', { customer: 'late' }, SA)).body.error).toBe('service_inactive');
      expect((await api.post(`/api/v1/contracts/${c1.id}/holds`, { amount: 1 }, SA)).body.error).toBe('contract_inactive');
    });

    it('the operator command does the same, and cleans up a service already internal', async () => {
      await createReadyService(api, 'ops', health);
      await moveTo(api, 'ops', 'preview');
      const c = (await api.post('/api/v1/services/ops/contracts', { customer: 'acme' }, SA)).body;
      await api.post(`/api/v1/contracts/${c.id}/holds`, { amount: 1_000 }, SA);
      const result = await demoteToInternalNow(ctx.app, 'ops', { reason: 'closing', operator: 'jane' });
      expect(result).toEqual({
        slug: 'ops',
        from: 'preview',
        to: 'internal',
        transitioned: true,
        deactivation: { contracts_deactivated: 1, holds_released: 1, amount_released: 1_000 },
      });
      expect((await api.get('/api/v1/services/ops/history', SA)).body.items.at(-1)).toMatchObject({
        kind: 'operator_demotion',
        actor: 'operator:jane',
      });
      const again = await demoteToInternalNow(ctx.app, 'ops', { reason: 'again', operator: 'jane' });
      expect(again).toMatchObject({ transitioned: false, deactivation: { contracts_deactivated: 0 } });
      await expect(demoteToInternalNow(ctx.app, 'missing', { reason: 'x', operator: 'jane' })).rejects.toThrow('no service');
    });
  });

  describe('deprecation and sunset', () => {
    it('a deprecated public service shows the badge with the sunset date; at sunset it moves to internal, inactive', async () => {
      await createReadyService(api, 'old', health);
      await promoteTo(api, 'old', 'public', advance);
      const tooSoon = new Date(ctx.clock.now().getTime() + 3 * DAY).toISOString();
      const soon = await api.patch('/api/v1/services/old', { status: 'deprecated', sunset_at: tooSoon }, SA);
      expect(soon.status).toBe(422);
      expect(soon.body.error).toBe('notice_too_short');
      expect((await api.patch('/api/v1/services/old', { status: 'deprecated' }, SA)).status).toBe(400);
      const sunset = new Date(ctx.clock.now().getTime() + 10 * DAY);
      const res = await api.patch('/api/v1/services/old', { status: 'deprecated', sunset_at: sunset.toISOString() }, SA);
      expect(res.status).toBe(200);
      const date = sunset.toISOString().slice(0, 10);
      expect(res.body.badges).toEqual([{ kind: 'deprecated', label: `Deprecated - sunset ${date}`, sunset_at: sunset.toISOString() }]);
      const page = await api.get('/s/old/', { caller: null });
      expect(page.text).toContain(`Deprecated - sunset ${date}`);
      expect((await announcements('deprecation', 'old'))[0].text).toContain(date);
      const card = (await api.get('/api/v1/catalog')).body.items.find((c: { slug: string }) => c.slug === 'old');
      expect(card.badges[0].label).toContain(date);

      const sunsets = ctx.app.get(SunsetScheduler);
      expect(await sunsets.runDue()).toEqual([]);
      advance(10 * DAY);
      expect(await sunsets.runDue()).toEqual(['old']);
      expect(await get('old')).toMatchObject({ marketplace_status: 'internal', is_active: false });
      expect((await api.get('/api/v1/services/old/history', SA)).body.items.at(-1)).toMatchObject({
        from: 'public',
        to: 'internal',
        kind: 'sunset',
      });
      expect((await api.get('/s/old/', { caller: null })).status).toBe(410);
    });
  });
});
