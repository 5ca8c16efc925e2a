import { DataSource } from 'typeorm';
import { Api, USERS } from './support/client';
import { startRegistry, type RegistryTestApp } from './support/registry-app';

const SA = { user: USERS.superadmin };
const SLOT = {
  slug: 'future-product',
  port: 8290,
  canonical_path: '/products/future-product',
  brand_tokens: { 'color.primary': '#0b5fff' },
};

describe('service-registry: reserved slots and the style catalog endpoint (e2e)', () => {
  let ctx: RegistryTestApp;
  let api: Api;

  beforeAll(async () => {
    ctx = await startRegistry();
    api = new Api(ctx);
  });

  afterAll(async () => ctx?.close());

  describe('reserved slots', () => {
    it('reserves port 8290 with a canonical path and brand tokens, and lists it', async () => {
      const res = await api.post('/api/v1/reserved-slots', SLOT, SA);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ ...SLOT, reserved_by: 'user:sa-1' });
      expect((await api.get('/api/v1/reserved-slots', { caller: 'marketplace' })).body.items).toEqual([expect.objectContaining(SLOT)]);
      expect((await api.get('/api/v1/reserved-slots/future-product')).body.port).toBe(8290);
    });

    it.each([8199, 8300, 80])('rejects port %i outside 8200-8299 (400)', async (port) => {
      const res = await api.post('/api/v1/reserved-slots', { ...SLOT, slug: `p-${port}`, port }, SA);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ field: 'port', message: expect.stringContaining('8200-8299') });
    });

    it('409 for a port already held by a slot or a service, and for a taken slug', async () => {
      expect((await api.post('/api/v1/reserved-slots', { ...SLOT, slug: 'other-product' }, SA)).body.error).toBe('port_taken');
      expect((await api.post('/api/v1/reserved-slots', { ...SLOT, port: 8291 }, SA)).body.error).toBe('slot_exists');
      await api.post('/api/v1/services/', { slug: 'ported', name: 'Ported', port: 8291 }, SA);
      const byService = await api.post('/api/v1/reserved-slots', { ...SLOT, slug: 'other-product', port: 8291 }, SA);
      expect(byService.status).toBe(409);
      expect(byService.body).toMatchObject({ error: 'port_taken', detail: expect.stringContaining('ported') });
      expect((await api.post('/api/v1/reserved-slots', { ...SLOT, slug: 'ported', port: 8292 }, SA)).body.error).toBe('slug_taken');
    });

    it('a reserved slug has no service row and cannot be created as a service until the slot is released', async () => {
      const res = await api.post('/api/v1/services/', { slug: 'future-product', name: 'Too early' }, SA);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('slug_reserved');
      const [{ n }] = await ctx.app.get(DataSource).query(`SELECT count(*)::int AS n FROM services WHERE slug = 'future-product'`);
      expect(n).toBe(0);
      expect((await api.get('/api/v1/services/future-product', SA)).status).toBe(404);
    });

    it('a service cannot take a reserved port, on create or on edit', async () => {
      expect((await api.post('/api/v1/services/', { slug: 'thief', name: 'Thief', port: 8290 }, SA)).body.error).toBe('port_taken');
      expect((await api.patch('/api/v1/services/ported', { port: 8290 }, SA)).body.error).toBe('port_taken');
      expect((await api.patch('/api/v1/services/ported', { port: 8293 }, SA)).status).toBe(200);
    });

    it('only admins and superadmins reserve and release; release frees the slug and the port', async () => {
      expect((await api.post('/api/v1/reserved-slots', { ...SLOT, slug: 'x-product', port: 8295 }, { user: USERS.user })).status).toBe(403);
      expect((await api.delete('/api/v1/reserved-slots/future-product', { user: USERS.staff })).status).toBe(403);
      expect((await api.delete('/api/v1/reserved-slots/future-product', { user: USERS.admin })).status).toBe(204);
      expect((await api.delete('/api/v1/reserved-slots/future-product', { user: USERS.admin })).status).toBe(404);
      const created = await api.post('/api/v1/services/', { slug: 'future-product', name: 'Now built', port: 8290 }, SA);
      expect(created.status).toBe(201);
    });
  });

  describe('GET /api/v1/style/components', () => {
    it('serves the validated catalog file (default: the example of libs/schemas)', async () => {
      const res = await api.get('/api/v1/style/components', { caller: 'marketplace' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ schema: 'platform.style.components.v1', total: 3 });
      expect(res.body.items.map((c: { id: string }) => c.id)).toEqual(['button', 'alert', 'service-card']);
    });

    it('filters by category and status', async () => {
      expect((await api.get('/api/v1/style/components?category=acciones')).body.items.map((c: { id: string }) => c.id)).toEqual(['button']);
      expect((await api.get('/api/v1/style/components?status=candidato')).body.items.map((c: { id: string }) => c.id)).toEqual([
        'service-card',
      ]);
      expect((await api.get('/api/v1/style/components?status=estable&category=contenedores')).body).toMatchObject({ total: 0, items: [] });
      expect((await api.get('/api/v1/style/components?status=stable')).status).toBe(400);
    });

    it('serves one component, 404 for an unknown id, 401 without a caller key', async () => {
      expect((await api.get('/api/v1/style/components/alert')).body.category).toBe('retroalimentacion');
      expect((await api.get('/api/v1/style/components/nope')).status).toBe(404);
      expect((await api.get('/api/v1/style/components', { caller: null })).status).toBe(401);
    });
  });
});
