// Integration test of libs/platform + libs/auth + libs/schemas + libs/rut through a real app on a real
// PostgreSQL (it lives here because libs/platform cannot depend on libs/testing).
import { Body, Controller, Get, Module, Param, Patch, Post, Query, Req } from '@nestjs/common';
import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Throttle } from '@nestjs/throttler';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import request from 'supertest';
import { Caller, Callers } from '@lib/auth';
import { PlatformModule, setLogDestination } from '@lib/platform';
import { IsRut } from '@lib/rut';
import { ProblemException } from '@lib/schemas';
import { DataSource } from 'typeorm';
import { TEST_KEYS, closeTestApp, createTestApp } from './index';

class LineDto {
  @IsInt()
  @Min(1)
  amount!: number;
}

class EchoDto {
  @IsRut()
  tenant!: string;

  @IsString()
  @MaxLength(10)
  name!: string;

  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => LineDto)
  lines?: LineDto[];
}

class PatchDto {
  @IsOptional()
  @IsString()
  @MaxLength(10)
  name?: string;
}

@Controller('spec')
class SpecController {
  @Patch('items/:id')
  patch(@Param('id') id: string, @Body() dto: PatchDto, @Query('q') q?: string): object {
    return { id, dto, q };
  }

  @Post('upload')
  async upload(@Req() req: FastifyRequest): Promise<object> {
    const names: string[] = [];
    for await (const part of req.parts({ limits: { files: 1 } })) {
      if (part.type === 'file') await part.toBuffer();
      names.push(part.fieldname);
    }
    return { names };
  }

  @Get('fail-query')
  failQuery(): Promise<unknown> {
    return this.dataSource.query('SELECT $1::uuid', ['76086428-5 Juan Pérez']);
  }

  constructor(private readonly dataSource: DataSource) {}

  @Post('echo')
  echo(@Body() dto: EchoDto, @Caller() caller: string): object {
    return { caller, dto };
  }

  @Get('boom')
  boom(): never {
    throw new Error('password=hunter2 exploded');
  }

  @Get('conflict')
  conflict(): never {
    throw new ProblemException(409, 'conflict', 'Folio 12 already used', { folio: 12 });
  }

  @Get('accounting-only')
  @Callers('accounting')
  accountingOnly(@Caller() caller: string): object {
    return { caller };
  }

  @Post('limited')
  @Throttle({ default: { limit: 2, ttl: 60_000 } })
  limited(): object {
    return { ok: true };
  }
}

@Module({
  imports: [PlatformModule.forRoot({ appName: 'platform-spec', entities: [], migrations: [], defaultDatabaseName: 'unused' })],
  controllers: [SpecController],
})
class SpecModule {}

const key = { 'X-Internal-Key': TEST_KEYS.admin };

describe('platform (integration)', () => {
  let app: NestFastifyApplication;
  let http: ReturnType<NestFastifyApplication['getHttpServer']>;

  const logLines: string[] = [];

  beforeAll(async () => {
    setLogDestination(new Writable({ write: (chunk, _enc, cb) => (logLines.push(...String(chunk).split('\n').filter(Boolean)), cb()) }));
    try {
      app = await createTestApp(SpecModule, { BODY_LIMIT_BYTES: '2048', LOG_LEVEL: 'info' }, { appName: 'platform-spec', title: 'Spec' });
    } finally {
      setLogDestination(undefined);
    }
    http = app.getHttpServer();
  });
  afterAll(() => closeTestApp(app));

  it('validates DTOs and normalizes RUTs', async () => {
    const res = await request(http)
      .post('/spec/echo')
      .set(key)
      .send({ tenant: '76.354.771-k', name: 'ok', lines: [{ amount: 3 }] })
      .expect(201);
    expect(res.body).toEqual({ caller: 'admin', dto: { tenant: '76354771-K', name: 'ok', lines: [{ amount: 3 }] } });
  });

  it('answers 400 validation_failed with every field problem (nested, unknown fields)', async () => {
    const res = await request(http)
      .post('/spec/echo')
      .set(key)
      .send({ tenant: '76354771-0', name: 'far too long a name', lines: [{ amount: 0 }], extra: 1 })
      .expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      type: 'urn:problem-type:validation_failed',
      status: 400,
      error: 'validation_failed',
      instance: '/spec/echo',
    });
    const fields = (res.body.errors as Array<{ field: string }>).map((e) => e.field).sort();
    expect(fields).toEqual(['extra', 'lines.0.amount', 'name', 'tenant']);
  });

  it('renders a ProblemException with its extension members', async () => {
    const res = await request(http).get('/spec/conflict').set(key).expect(409);
    expect(res.body).toEqual({
      type: 'urn:problem-type:conflict',
      title: 'Conflict',
      status: 409,
      detail: 'Folio 12 already used',
      instance: '/spec/conflict',
      error: 'conflict',
      folio: 12,
    });
  });

  it('answers an unexpected error with a generic 500, never the message or the stack', async () => {
    const res = await request(http).get('/spec/boom').set(key).expect(500);
    expect(res.body).toMatchObject({ status: 500, error: 'internal_error', detail: 'An unexpected error occurred.' });
    expect(res.text).not.toContain('hunter2');
    expect(res.text).not.toContain('.ts:');
  });

  it('restricts @Callers routes: 403 forbidden_caller for another valid caller', async () => {
    await request(http).get('/spec/accounting-only').set('X-Internal-Key', TEST_KEYS.accounting).expect(200, { caller: 'accounting' });
    const res = await request(http).get('/spec/accounting-only').set(key).expect(403);
    expect(res.body).toMatchObject({ error: 'forbidden_caller', status: 403 });
  });

  it('rate limits per caller and tenant: 429 rate_limited with Retry-After', async () => {
    const hit = (k: string, tenant: string) => request(http).post('/spec/limited').set('X-Internal-Key', k).send({ tenant });
    expect((await hit(TEST_KEYS.admin, '60803000-K')).status).toBe(201);
    expect((await hit(TEST_KEYS.admin, '60.803.000-k')).status).toBe(201);
    const limited = await hit(TEST_KEYS.admin, '60803000-K');
    expect(limited.status).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(limited.body).toMatchObject({ error: 'rate_limited', status: 429 });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another tenant of the same caller, and the same tenant for another caller, have their own counters.
    expect((await hit(TEST_KEYS.admin, '60910000-1')).status).toBe(201);
    expect((await hit(TEST_KEYS.assistant, '60803000-K')).status).toBe(201);
  });

  it('turns body-parser failures into 4xx problems', async () => {
    const tooLarge = await request(http)
      .post('/spec/echo')
      .set(key)
      .send({ tenant: '1-9', name: 'x'.repeat(5000) });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ error: 'payload_too_large' });
    const media = await request(http).post('/spec/echo').set(key).set('Content-Type', 'application/xml').send('<a/>');
    expect(media.status).toBe(415);
    expect(media.body).toMatchObject({ error: 'unsupported_media_type' });
    const empty = await request(http).post('/spec/echo').set(key).set('Content-Type', 'application/json').send('');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'invalid_json' });
  });

  it('counts requests per route, status and caller in /metrics', async () => {
    await request(http).get('/spec/conflict').set('X-Internal-Key', TEST_KEYS.assistant).expect(409);
    await request(http).get('/nope').expect(404);
    const text = (await request(http).get('/metrics').set(key).expect(200)).text;
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/spec\/conflict",status="409",caller="assistant",app="platform-spec"\} 1/,
    );
    expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404",caller="anonymous",app="platform-spec"\} 1/);
  });

  it('documents problems and the key scheme in OpenAPI', async () => {
    const doc = (await request(http).get('/docs-json').expect(200)).body;
    expect(doc.components.schemas.ProblemDto.required).toEqual(expect.arrayContaining(['type', 'title', 'status', 'detail', 'error']));
    expect(doc.paths['/whoami'].get.responses['401'].content['application/problem+json']).toBeDefined();
    expect(doc.paths['/healthz'].get.security).toEqual([]);
    expect(doc.paths['/metrics'].get.security).toBeUndefined();
  });

  describe('hostile input, refused once for every route', () => {
    const problemOf = (res: { status: number; headers: Record<string, string>; body: { error?: string } }) => {
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      return { status: res.status, error: res.body.error };
    };

    it('refuses JSON nested deeper than 64 levels before validation: 400 json_too_deep', async () => {
      const deep = '{"name":' + '['.repeat(100) + ']'.repeat(100) + '}';
      const res = await request(http).patch('/spec/items/1').set(key).set('Content-Type', 'application/json').send(deep);
      expect(problemOf(res)).toEqual({ status: 400, error: 'json_too_deep' });
      const brackets = '{"name":"' + '['.repeat(100) + '"}';
      expect((await request(http).patch('/spec/items/1').set(key).send(JSON.parse(brackets))).status).toBe(400);
      const fine = '{"name":' + '['.repeat(63) + ']'.repeat(63) + '}';
      const ok = await request(http).patch('/spec/items/1').set(key).set('Content-Type', 'application/json').send(fine);
      expect(problemOf(ok)).toEqual({ status: 400, error: 'validation_failed' });
    });

    it('refuses a NUL character in the path, the query and JSON strings or names: 400 nul_byte', async () => {
      for (const url of ['/spec/items/a%00b', '/spec/items/1?q=a%00', '/spec/items/1?a%00=1']) {
        expect(problemOf(await request(http).patch(url).set(key).send({}))).toEqual({ status: 400, error: 'nul_byte' });
      }
      expect(problemOf(await request(http).patch('/spec/items/1').set(key).send({ name: 'a\u0000' }))).toEqual({
        status: 400,
        error: 'nul_byte',
      });
      expect(problemOf(await request(http).patch('/spec/items/1').set(key).send({ 'a\u0000': 1 }))).toEqual({
        status: 400,
        error: 'nul_byte',
      });
      // An escaped backslash followed by "u0000" is text, not NUL.
      const text = await request(http).patch('/spec/items/1').set(key).send({ name: '\\u0000' });
      expect(text.status).toBe(200);
      expect((await request(http).get('/spec/items/%2500').set(key)).status).toBe(404);
    });

    it('refuses a null, array or scalar body where an object is expected; an absent body counts as {}', async () => {
      for (const body of ['null', '[]', '"x"', '42', 'true']) {
        const res = await request(http).patch('/spec/items/1').set(key).set('Content-Type', 'application/json').send(body);
        expect(problemOf(res)).toEqual({ status: 400, error: 'validation_failed' });
      }
      expect((await request(http).patch('/spec/items/1').set(key)).body).toEqual({ id: '1', dto: {} });
    });

    it("answers Fastify's own routing errors as problem+json, without echoing the URL", async () => {
      const bad = await request(http).get('/spec/items/%E0%A4%A').set(key);
      expect(problemOf(bad)).toEqual({ status: 400, error: 'invalid_url' });
      expect(bad.text).not.toContain('%E0');
      const long = await request(http)
        .patch(`/spec/items/${'a'.repeat(500)}`)
        .set(key);
      expect(problemOf(long)).toEqual({ status: 414, error: 'uri_too_long' });
    });

    it('answers malformed multipart as 400 (no boundary, truncated, two files where one is expected)', async () => {
      const noBoundary = await request(http).post('/spec/upload').set(key).set('Content-Type', 'multipart/form-data').send('--x\r\n');
      expect(problemOf(noBoundary)).toEqual({ status: 400, error: 'invalid_multipart' });
      const truncated = await request(http)
        .post('/spec/upload')
        .set(key)
        .set('Content-Type', 'multipart/form-data; boundary=XYZ')
        .send('--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.xml"\r\n\r\n<a>');
      expect(problemOf(truncated)).toEqual({ status: 400, error: 'invalid_multipart' });
      const two = await request(http)
        .post('/spec/upload')
        .set(key)
        .attach('file', Buffer.from('<a/>'), 'a.xml')
        .attach('other', Buffer.from('<b/>'), 'b.xml');
      expect(problemOf(two)).toEqual({ status: 400, error: 'too_many_files' });
      const json = await request(http).post('/spec/upload').set(key).send({ a: 1 });
      expect(problemOf(json)).toEqual({ status: 415, error: 'unsupported_media_type' });
    });

    it("answers Node's HTTP parser errors (431 oversized headers, 400 malformed request) as problem+json", async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.getHttpServer().address() as { port: number }).port;
      const raw = (text: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => socket.end(text));
          let out = '';
          socket.on('data', (d) => (out += String(d)));
          socket.on('close', () => resolve(out));
          socket.on('error', reject);
        });
      const big = await raw(`GET /whoami HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(big).toMatch(/^HTTP\/1\.1 431 /);
      expect(big).toContain('Content-Type: application/problem+json');
      expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 431, error: 'headers_too_large' });
      const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
      expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(garbage.slice(garbage.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 400, error: 'malformed_request' });
    });
  });

  describe('logs', () => {
    it('redact credential-like headers and query parameters, and log failed queries without their values', async () => {
      await request(http).get('/whoami?key=QUERYSECRET1&tenant=1-9').set(key).set('X_Internal_Key', 'HEADERSECRET2').expect(200);
      await request(http).get('/whoami').set('Authorization', 'Bearer BEARERSECRET3').set('X-Api-Token', 'TOKENSECRET4');
      await request(http).get('/spec/fail-query').set(key).expect(500);
      const all = logLines.join('\n');
      for (const secret of ['QUERYSECRET1', 'HEADERSECRET2', 'BEARERSECRET3', 'TOKENSECRET4', TEST_KEYS.admin])
        expect(all).not.toContain(secret);
      expect(all).not.toContain('Juan');
      expect(all).not.toContain('76086428');
      const failed = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === 'query failed');
      expect(failed).toMatchObject({ sqlstate: '22P02', query: 'SELECT $1::uuid' });
      // Logged while handling the request: its logger carries the request and the caller.
      expect(failed).toMatchObject({ caller: 'admin', req: { method: 'GET', url: '/spec/fail-query', id: expect.any(String) } });
      const whoami = logLines.map((l) => JSON.parse(l)).find((l) => l.req?.url?.startsWith('/whoami?key='));
      expect(whoami.req.url).toBe('/whoami?key=[redacted]&tenant=1-9');
      expect(whoami).toMatchObject({ msg: 'request completed', caller: 'admin', res: { statusCode: 200 } });
      expect(whoami.req.id).toEqual(expect.any(String));
    });

    it('log one line per request with the request id given in X-Request-Id, and none for health probes', async () => {
      await request(http).get('/health').set('X-Request-Id', 'probe-1');
      await request(http).get('/whoami').set(key).set('X-Request-Id', 'trace-42').expect(200);
      await request(http).get('/whoami').set(key).set('X-Request-Id', 'bad id with spaces').expect(200);
      const lines = logLines.map((l) => JSON.parse(l));
      expect(lines.filter((l) => l.req?.id === 'probe-1')).toEqual([]);
      expect(lines.filter((l) => l.req?.id === 'trace-42')).toEqual([
        expect.objectContaining({ msg: 'request completed', level: 30, caller: 'admin', responseTime: expect.any(Number) }),
      ]);
      expect(lines.some((l) => String(l.req?.id).startsWith('bad'))).toBe(false);
    });
  });
});
