import { DataSource } from 'typeorm';
import { Api, USERS } from './support/client';
import { startRegistry, type RegistryTestApp } from './support/registry-app';

describe('service-registry: services walking skeleton (e2e)', () => {
  let ctx: RegistryTestApp;
  let api: Api;
  const superadmin = { user: USERS.superadmin };

  beforeAll(async () => {
    ctx = await startRegistry();
    api = new Api(ctx);
  });

  afterAll(async () => ctx?.close());

  it('POST /api/v1/services/ creates a service in internal (201, record with marketplace_status)', async () => {
    const res = await api.post('/api/v1/services/', { slug: 'billing', name: 'Billing', tagline: 'Invoices made easy' }, superadmin);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      slug: 'billing',
      name: 'Billing',
      tagline: 'Invoices made easy',
      marketplace_status: 'internal',
      metadata: { visibility: 'internal' },
      is_active: true,
      version: 1,
      pricing_tier: null,
    });
    const history = await api.get('/api/v1/services/billing/history', superadmin);
    expect(history.body.items).toEqual([
      expect.objectContaining({ from: null, to: 'internal', kind: 'created', actor: 'user:sa-1', caller: 'admin' }),
    ]);
  });

  it('GET /api/v1/services/ hides internal services without ?status=, lists them with ?status=internal', async () => {
    const all = await api.get('/api/v1/services/', superadmin);
    expect(all.status).toBe(200);
    expect(all.body.items.map((s: { slug: string }) => s.slug)).not.toContain('billing');
    const internal = await api.get('/api/v1/services/?status=internal', superadmin);
    expect(internal.body).toMatchObject({ total: 1, items: [expect.objectContaining({ slug: 'billing' })] });
  });

  it('PATCH with a forward jump of more than one stage is 409 stage_skipped and changes nothing', async () => {
    for (const target of ['beta', 'public']) {
      const res = await api.patch('/api/v1/services/billing', { marketplace_status: target }, superadmin);
      expect(res.status).toBe(409);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ error: 'stage_skipped', from: 'internal', to: target, allowed_next: 'preview' });
    }
    const after = await api.get('/api/v1/services/billing', superadmin);
    expect(after.body.marketplace_status).toBe('internal');
  });

  it('accepts the paths with and without the trailing slash', async () => {
    expect((await api.get('/api/v1/services', superadmin)).status).toBe(200);
    expect((await api.get('/api/v1/services/billing/', superadmin)).status).toBe(200);
  });

  it('needs a caller key (401) and a mutating caller (403 forbidden_caller)', async () => {
    expect((await api.get('/api/v1/services/', { caller: null })).body.error).toBe('unauthorized');
    const res = await api.post('/api/v1/services/', { slug: 'x1', name: 'X' }, { caller: 'marketplace', user: USERS.superadmin });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('forbidden_caller');
  });

  it('refuses creation to anonymous and plain users (403 insufficient_role), allows admins', async () => {
    const anonymous = await api.post('/api/v1/services/', { slug: 'anon', name: 'Anon' });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toMatchObject({ error: 'insufficient_role', required_roles: ['admin', 'superadmin'] });
    expect(anonymous.body.detail).toContain('anonymous');
    expect((await api.post('/api/v1/services/', { slug: 'plain', name: 'P' }, { user: USERS.user })).status).toBe(403);
    expect((await api.post('/api/v1/services/', { slug: 'by-admin', name: 'By admin' }, { user: USERS.admin })).status).toBe(201);
  });

  it('answers 401 invalid_token to a bad bearer token', async () => {
    for (const user of [
      { ...USERS.superadmin, foreignKey: true },
      { ...USERS.superadmin, audience: 'other' },
      { ...USERS.superadmin, expiresIn: '-5m' },
    ]) {
      const res = await api.get('/api/v1/services/', { user });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('invalid_token');
      expect(res.headers['www-authenticate']).toContain('invalid_token');
    }
    expect((await api.get('/api/v1/services/', { authorization: 'Basic abc' })).status).toBe(401);
  });

  it('validates the body: slug format, unknown fields, a starting stage other than internal', async () => {
    for (const body of [
      { slug: 'Bad_Slug', name: 'x' },
      { slug: 'double--hyphen', name: 'x' },
      { slug: 'ok-slug', name: 'x', unknown: 1 },
      { slug: 'ok-slug', name: 'x', marketplace_status: 'public' },
      { slug: 'ok-slug', name: 'x', pricing_tier: 'gold' },
    ]) {
      const res = await api.post('/api/v1/services/', body, superadmin);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('validation_failed');
    }
  });

  it('409 slug_taken for a duplicate slug', async () => {
    const res = await api.post('/api/v1/services/', { slug: 'billing', name: 'Again' }, superadmin);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('slug_taken');
  });

  it('PATCH edits fields, keeps metadata.visibility aligned and honours the optimistic lock', async () => {
    const ok = await api.patch(
      '/api/v1/services/billing',
      {
        features: ['Issue DTE', 'Track payments'],
        metadata: { pricing_summary: 'From 10 000 CLP', visibility: 'public' },
        version: 1,
      },
      superadmin,
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      version: 2,
      features: ['Issue DTE', 'Track payments'],
      metadata: { pricing_summary: 'From 10 000 CLP', visibility: 'internal' },
    });
    const stale = await api
      .patch('/api/v1/services/billing', { tagline: 'Old view' }, superadmin)
      .then(() => api.patch('/api/v1/services/billing', { tagline: 'x', version: 1 }, superadmin));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: 'version_conflict', current_version: 3 });
    const nulled = await api.patch('/api/v1/services/billing', { name: null }, superadmin);
    expect(nulled.status).toBe(400);
  });

  it('keeps metadata.visibility equal to marketplace_status even for raw SQL writes (trigger)', async () => {
    const ds = ctx.app.get(DataSource);
    await ds.query(`UPDATE services SET metadata = '{"visibility":"public","x":1}'::jsonb WHERE slug = 'billing'`);
    const [row] = await ds.query(`SELECT metadata FROM services WHERE slug = 'billing'`);
    expect(row.metadata).toEqual({ visibility: 'internal', x: 1 });
  });

  it('documents the caller key with an optional end-user bearer token in OpenAPI', async () => {
    const doc = (await api.get('/docs-json', { caller: null })).body;
    expect(doc.paths['/api/v1/services'].post.security).toEqual([{ 'internal-key': [] }, { 'internal-key': [], bearer: [] }]);
    expect(doc.paths['/api/v1/services/{slug}'].patch.summary).toBeTruthy();
  });

  it('rejects an out-of-range stage in the database itself (CHECK constraint)', async () => {
    const ds = ctx.app.get(DataSource);
    await expect(ds.query(`UPDATE services SET marketplace_status = 'gold' WHERE slug = 'billing'`)).rejects.toThrow(
      /ck_services_marketplace_status/,
    );
    await expect(ds.query(`UPDATE services SET pricing_tier = 'gold' WHERE slug = 'billing'`)).rejects.toThrow(/ck_services_pricing_tier/);
  });
});
