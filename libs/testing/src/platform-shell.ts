import { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { AppOptions } from '@lib/platform';
import { TEST_KEYS, closeTestApp, createTestApp } from './app';
import { routesAnsweringWithoutKey } from './routes';

const KEY = TEST_KEYS.admin;

/** The e2e checks every app owes docs/platform.md, on a real PostgreSQL; call it at the top of `test/app.e2e-spec.ts`. */
export function platformShellSuite(appModule: Type<unknown>, appOptions: AppOptions, publicRoutes: string[]): void {
  describe(`${appOptions.appName} platform shell (e2e, real PostgreSQL)`, () => {
    let app: NestFastifyApplication;
    let http: ReturnType<NestFastifyApplication['getHttpServer']>;

    beforeAll(async () => {
      app = await createTestApp(appModule, {}, appOptions);
      http = app.getHttpServer();
    });

    afterAll(async () => {
      await closeTestApp(app);
    });

    it.each(['/health', '/healthz'])('%s answers 200 status ok without a key', async (path) => {
      const res = await request(http).get(path).expect(200);
      expect(res.body).toMatchObject({ status: 'ok', service: appOptions.appName, info: { database: { status: 'up' } } });
    });

    it('ran the explicit migrations at boot', async () => {
      const rows: Array<{ name: string }> = await app.get(DataSource).query('SELECT name FROM migrations ORDER BY id');
      expect(rows.map((r) => r.name)[0]).toMatch(/^Initial\d+$/);
    });

    it('/metrics needs a key and then serves Prometheus text with the HTTP metrics', async () => {
      const denied = await request(http).get('/metrics').expect(401);
      expect(denied.body.error).toBe('unauthorized');
      await request(http).get('/whoami').set('X-Internal-Key', KEY).expect(200);
      const res = await request(http).get('/metrics').set('X-Internal-Key', KEY).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toContain('process_cpu_user_seconds_total');
      expect(res.text).toMatch(/http_requests_total\{method="GET",route="\/whoami",status="200",caller="admin"/);
      expect(res.text).toContain('http_request_duration_seconds_bucket');
    });

    it('a protected route answers 401 problem+json without a key and with a wrong key', async () => {
      for (const headers of [{}, { 'X-Internal-Key': 'not-a-key' }]) {
        const res = await request(http).get('/whoami').set(headers).expect(401);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.body).toEqual({
          type: 'urn:problem-type:unauthorized',
          title: 'Unauthorized',
          status: 401,
          detail: 'Missing or invalid X-Internal-Key header.',
          instance: '/whoami',
          error: 'unauthorized',
        });
      }
    });

    it('a protected route answers with the caller name for a valid key', async () => {
      const res = await request(http).get('/whoami').set('X-Internal-Key', TEST_KEYS.accounting).expect(200);
      expect(res.body).toEqual({ caller: 'accounting', service: appOptions.appName });
    });

    it('an unknown route is a 404 problem', async () => {
      const res = await request(http).get('/no/such/route').set('X-Internal-Key', KEY).expect(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ status: 404, error: 'not_found', instance: '/no/such/route' });
    });

    it('/docs-json (no key needed) documents the X-Internal-Key scheme, applied globally', async () => {
      const res = await request(http).get('/docs-json').expect(200);
      expect(res.body.components.securitySchemes['internal-key']).toEqual(
        expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Internal-Key' }),
      );
      expect(res.body.security).toEqual([{ 'internal-key': [] }]);
      expect(res.body.paths['/health'].get.security).toEqual([]);
      await request(http).get('/docs').expect(200);
    });

    it('a malformed JSON body is a 400 problem, not a 500', async () => {
      const res = await request(http)
        .post('/whoami')
        .set('X-Internal-Key', KEY)
        .set('Content-Type', 'application/json')
        .send('{"tenant": ')
        .expect(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ status: 400, error: 'invalid_json' });
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.js:\d+/);
    });

    it('every route but the public ones answers 401 unauthorized without a key', async () => {
      expect(await routesAnsweringWithoutKey(app)).toEqual([...publicRoutes].sort());
    });
  });
}
