import request from 'supertest';
import { DataSource } from 'typeorm';
import { BANK_KEY, BANK_LINK, BANK_TENANT, Gateway, KEY, rut, startGateway } from './support/harness';

// Bank links registered through the API and stored encrypted (docs/tax-gateway.md "Bank links"), against the aggregator's stand-in.
describe('bank links (e2e)', () => {
  let gw: Gateway;
  const TENANT = rut(76_555_001);
  const TOKEN = 'link_76555001_token_s3cr3tValue';
  const links = () => request(gw.http).get('/banco/links').set('X-Internal-Key', KEY);
  const put = (tenant: string, body: object) => request(gw.http).put(`/banco/links/${tenant}`).set('X-Internal-Key', KEY).send(body);
  const refresh = (tenant: string) => request(gw.http).post('/banco/refresh').set('X-Internal-Key', KEY).send({ tenant });
  const stored = async (tenant: string) =>
    (await gw.app.get(DataSource).query('SELECT link_cifrado, link_sufijo FROM banco_link WHERE tenant = $1', [tenant]))[0];

  beforeAll(async () => {
    gw = await startGateway({ env: { BANK_API_KEY: BANK_KEY, THROTTLE_ENABLED: 'false' } });
  }, 60_000);

  afterAll(async () => {
    await gw?.close();
  });

  it('lists the link BANK_LINK_TOKENS seeded at boot, never with its token', async () => {
    const res = await links().expect(200);
    expect(res.body.items).toEqual([
      expect.objectContaining({ tenant: BANK_TENANT, link_sufijo: BANK_LINK.slice(-4), updated_by: 'BANK_LINK_TOKENS' }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain(BANK_LINK);
  });

  it('registers a link encrypted at rest (AES-256-GCM), uses it for a refresh, replaces and removes it', async () => {
    expect((await refresh(TENANT).expect(422)).body.error).toBe('banco_not_linked');
    const created = await put(TENANT, { link_token: TOKEN }).expect(201);
    expect(created.body).toEqual({
      tenant: TENANT,
      link_sufijo: 'alue',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      updated_by: 'admin',
    });
    const row = await stored(TENANT);
    expect(row.link_cifrado).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row.link_cifrado).not.toContain(TOKEN);
    expect(Buffer.from(row.link_cifrado.split('.')[3], 'base64url').toString('latin1')).not.toContain('s3cr3t');

    const refreshed = await refresh(TENANT).expect(200);
    expect(refreshed.body).toMatchObject({ tenant: TENANT, cuentas: expect.any(Number) });
    expect(refreshed.body.cuentas).toBeGreaterThan(0);

    const replaced = await put(TENANT, { link_token: 'link_76555001_token_other' }).expect(200);
    expect(replaced.body).toMatchObject({ link_sufijo: 'ther', created_at: created.body.created_at });
    expect((await stored(TENANT)).link_cifrado).not.toBe(row.link_cifrado);

    await request(gw.http).delete(`/banco/links/${TENANT}`).set('X-Internal-Key', KEY).expect(204);
    expect((await refresh(TENANT).expect(422)).body.error).toBe('banco_not_linked');
    expect((await request(gw.http).delete(`/banco/links/${TENANT}`).set('X-Internal-Key', KEY).expect(404)).body.error).toBe(
      'banco_not_linked',
    );
  }, 60_000);

  it('a stored link moved to another tenant does not decrypt (the tenant is the cipher’s associated data): 422 until registered again', async () => {
    await put(TENANT, { link_token: TOKEN }).expect(201);
    const other = rut(76_555_002);
    await gw.app
      .get(DataSource)
      .query(
        `INSERT INTO banco_link (tenant, link_cifrado, link_sufijo, updated_by) SELECT $2, link_cifrado, link_sufijo, 'test' FROM banco_link WHERE tenant = $1`,
        [TENANT, other],
      );
    const res = await refresh(other).expect(422);
    expect(res.body).toMatchObject({ error: 'banco_link_unreadable', tenant: other });
    expect(JSON.stringify(res.body)).not.toContain(TOKEN);
    await put(other, { link_token: TOKEN }).expect(200);
    expect((await refresh(other).expect(200)).body.tenant).toBe(other);
  });

  it('refuses a bad token or tenant with 400 and stores nothing', async () => {
    const before = (await links().expect(200)).body.items.length;
    for (const body of [{}, { link_token: 'short' }, { link_token: 'has spaces in it' }, { link_token: 'x'.repeat(201) }]) {
      expect((await put(rut(76_555_003), body).expect(400)).body.error).toBe('validation_failed');
    }
    expect((await put('76555003-0', { link_token: TOKEN }).expect(400)).body.error).toBe('validation_failed');
    expect((await links().expect(200)).body.items.length).toBe(before);
  });
});
