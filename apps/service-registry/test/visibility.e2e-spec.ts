import { DataSource } from 'typeorm';
import { Api, USERS, type As } from './support/client';
import { startRegistry, type RegistryTestApp } from './support/registry-app';

const SA = { user: USERS.superadmin };
const STAGES = ['internal', 'preview', 'beta', 'public'] as const;
type Stage = (typeof STAGES)[number];

/** Visibility by stage (docs/service-registry.md "Roles matrix"), one row per viewer (admins also see internal: documented decision). */
const VIEWERS: [string, As, Record<Stage, boolean>][] = [
  ['anonymous', {}, { internal: false, preview: false, beta: false, public: true }],
  ['authenticated user', { user: { sub: 'u', roles: [] } }, { internal: false, preview: false, beta: true, public: true }],
  [
    'member of <slug>-preview',
    { user: { sub: 'm', roles: [], groups: ['PLACEHOLDER'] } },
    { internal: false, preview: true, beta: true, public: true },
  ],
  [
    'member of another preview group',
    { user: { sub: 'o', roles: [], groups: ['other-preview'] } },
    { internal: false, preview: false, beta: true, public: true },
  ],
  ['staff', { user: USERS.staff }, { internal: true, preview: true, beta: true, public: true }],
  ['superadmin', SA, { internal: true, preview: true, beta: true, public: true }],
  ['admin', { user: USERS.admin }, { internal: true, preview: true, beta: true, public: true }],
];

const slugOf = (stage: Stage) => `vis-${stage}`;

describe('service-registry: visibility by stage and role (e2e)', () => {
  let ctx: RegistryTestApp;
  let api: Api;

  beforeAll(async () => {
    ctx = await startRegistry();
    api = new Api(ctx);
    for (const stage of STAGES) {
      const res = await api.post(
        '/api/v1/services/',
        { slug: slugOf(stage), name: `Vis ${stage}`, tagline: `The ${stage} one`, features: ['f'] },
        SA,
      );
      expect(res.status).toBe(201);
    }
    // Stages set directly: this suite is about who sees what, not about the gates.
    const ds = ctx.app.get(DataSource);
    for (const stage of STAGES) await ds.query(`UPDATE services SET marketplace_status = $1 WHERE slug = $2`, [stage, slugOf(stage)]);
  });

  afterAll(async () => ctx?.close());

  const withGroup = (as: As, stage: Stage): As =>
    as.user?.groups?.[0] === 'PLACEHOLDER' ? { ...as, user: { ...as.user, groups: [`${slugOf(stage)}-preview`] } } : as;

  describe.each(VIEWERS)('%s', (_name, as, sees) => {
    it.each(STAGES)('%s service: detail, list and page follow the table', async (stage) => {
      const viewer = withGroup(as, stage);
      const visible = sees[stage];
      const detail = await api.get(`/api/v1/services/${slugOf(stage)}`, viewer);
      expect(detail.status).toBe(visible ? 200 : 404);
      if (!visible) expect(detail.body.error).toBe('not_found');
      const listed = await api.get(`/api/v1/services/?status=${stage}`, viewer);
      expect(listed.body.items.map((s: { slug: string }) => s.slug)).toEqual(visible ? [slugOf(stage)] : []);
      const page = await api.get(`/s/${slugOf(stage)}/`, { ...viewer, caller: null });
      expect(page.status).toBe(visible ? 200 : 404);
      if (visible) expect(page.text).toContain(`The ${stage} one`);
    });

    it('the list without ?status= never shows internal services', async () => {
      const res = await api.get('/api/v1/services/', withGroup(as, 'preview'));
      const slugs = res.body.items.map((s: { slug: string }) => s.slug);
      expect(slugs).not.toContain(slugOf('internal'));
      const expected = STAGES.filter((s) => s !== 'internal' && sees[s]).map(slugOf);
      expect(slugs.sort()).toEqual(expected.sort());
      expect(res.body.total).toBe(expected.length);
    });
  });

  it('the catalog lists public for everyone and beta (with its badge) for authenticated users, never preview or internal', async () => {
    const anonymous = (await api.get('/api/v1/catalog')).body.items;
    expect(anonymous.map((c: { slug: string }) => c.slug)).toEqual([slugOf('public')]);
    const user = (await api.get('/api/v1/catalog', { user: USERS.user })).body.items;
    expect(user.map((c: { slug: string }) => c.slug).sort()).toEqual([slugOf('beta'), slugOf('public')]);
    expect(user.find((c: { slug: string }) => c.slug === slugOf('beta')).badges).toEqual([{ kind: 'beta', label: 'Beta' }]);
    const sa = (await api.get('/api/v1/catalog', SA)).body.items.map((c: { slug: string }) => c.slug);
    expect(sa).not.toContain(slugOf('preview'));
    const page = await api.get('/s/', { caller: null, user: USERS.user });
    expect(page.text).toContain('data-slug="vis-beta"');
    expect(page.text).not.toContain('vis-preview');
  });

  it('robots: beta pages carry noindex, nofollow (meta and X-Robots-Tag), preview too, public none', async () => {
    const beta = await api.get(`/s/${slugOf('beta')}/`, { caller: null, user: USERS.user });
    expect(beta.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(beta.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(beta.text).toContain('data-badge="beta"');
    const preview = await api.get(`/s/${slugOf('preview')}/`, { caller: null, user: USERS.staff });
    expect(preview.headers['x-robots-tag']).toBe('noindex, nofollow');
    const pub = await api.get(`/s/${slugOf('public')}/`, { caller: null });
    expect(pub.headers['x-robots-tag']).toBeUndefined();
    expect(pub.text).not.toContain('name="robots"');
    expect(pub.headers['content-type']).toMatch(/^text\/html/);
  });

  it('the marketplace caller may read, ci may not (least privilege); the pages need no caller key; a bad token on a page is 401', async () => {
    expect((await api.get(`/api/v1/services/${slugOf('public')}`, { caller: 'marketplace' })).status).toBe(200);
    const ci = await api.get(`/api/v1/services/${slugOf('public')}`, { caller: 'ci' });
    expect(ci.status).toBe(403);
    expect(ci.body.error).toBe('forbidden_caller');
    expect((await api.get(`/s/${slugOf('public')}/`, { caller: null, authorization: 'Bearer nope' })).status).toBe(401);
    expect((await api.get('/s/no-such-service/', { caller: null })).status).toBe(404);
  });
});
