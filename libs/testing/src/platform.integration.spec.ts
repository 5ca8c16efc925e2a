// Integration test of libs/platform + libs/auth + libs/schemas + libs/rut through a real app on a real
// PostgreSQL (it lives here because libs/platform cannot depend on libs/testing).
import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Throttle } from '@nestjs/throttler';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import request from 'supertest';
import { Caller, Callers } from '@lib/auth';
import { PlatformModule } from '@lib/platform';
import { IsRut } from '@lib/rut';
import { ProblemException } from '@lib/schemas';
import { TEST_KEYS, closeTestApp, createTestApp } from './index';

class LineDto {
  @IsInt() @Min(1)
  amount!: number;
}

class EchoDto {
  @IsRut()
  tenant!: string;

  @IsString() @MaxLength(10)
  name!: string;

  @IsOptional() @ValidateNested({ each: true }) @Type(() => LineDto)
  lines?: LineDto[];
}

@Controller('spec')
class SpecController {
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

  beforeAll(async () => {
    app = await createTestApp(SpecModule, { BODY_LIMIT_BYTES: '2048' }, { appName: 'platform-spec', title: 'Spec' });
    http = app.getHttpServer();
  });
  afterAll(() => closeTestApp(app));

  it('validates DTOs and normalizes RUTs', async () => {
    const res = await request(http).post('/spec/echo').set(key).send({ tenant: '76.354.771-k', name: 'ok', lines: [{ amount: 3 }] }).expect(201);
    expect(res.body).toEqual({ caller: 'admin', dto: { tenant: '76354771-K', name: 'ok', lines: [{ amount: 3 }] } });
  });

  it('answers 400 validation_failed with every field problem (nested, unknown fields)', async () => {
    const res = await request(http)
      .post('/spec/echo')
      .set(key)
      .send({ tenant: '76354771-0', name: 'far too long a name', lines: [{ amount: 0 }], extra: 1 })
      .expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ type: 'urn:problem-type:validation_failed', status: 400, error: 'validation_failed', instance: '/spec/echo' });
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
    const hit = (k: string, tenant: string) =>
      request(http).post('/spec/limited').set('X-Internal-Key', k).send({ tenant });
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
    const tooLarge = await request(http).post('/spec/echo').set(key).send({ tenant: '1-9', name: 'x'.repeat(5000) });
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
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/spec\/conflict",status="409",caller="assistant",app="platform-spec"\} 1/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404",caller="anonymous",app="platform-spec"\} 1/);
  });

  it('documents problems and the key scheme in OpenAPI', async () => {
    const doc = (await request(http).get('/docs-json').expect(200)).body;
    expect(doc.components.schemas.ProblemDto.required).toEqual(expect.arrayContaining(['type', 'title', 'status', 'detail', 'error']));
    expect(doc.paths['/whoami'].get.responses['401'].content['application/problem+json']).toBeDefined();
    expect(doc.paths['/healthz'].get.security).toEqual([]);
    expect(doc.paths['/metrics'].get.security).toBeUndefined();
  });
});
