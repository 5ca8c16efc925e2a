import { ServiceUnavailableException } from '@nestjs/common';
import type { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { PlatformOptions } from './tokens';

const options = { appName: 'demo' } as PlatformOptions;
type FakeReply = { code: number; status: jest.Mock };
const reply = (): FakeReply => {
  const r: FakeReply = { code: 200, status: jest.fn() };
  r.status.mockImplementation((c: number) => ((r.code = c), r));
  return r;
};

describe('HealthController', () => {
  it('answers ok while the database answers', async () => {
    const health = { check: jest.fn().mockResolvedValue({ status: 'ok', info: { database: { status: 'up' } }, error: {}, details: {} }) };
    const controller = new HealthController(health as unknown as HealthCheckService, {} as TypeOrmHealthIndicator, options);
    const r = reply();
    await expect(controller.check(r as never)).resolves.toMatchObject({ status: 'ok', service: 'demo' });
    expect(r.status).not.toHaveBeenCalled();
  });

  it('answers 503 with status error when the database does not', async () => {
    const body = { status: 'error', info: {}, error: { database: { status: 'down' } }, details: { database: { status: 'down' } } };
    const health = { check: jest.fn().mockRejectedValue(new ServiceUnavailableException(body)) };
    const controller = new HealthController(health as unknown as HealthCheckService, {} as TypeOrmHealthIndicator, options);
    const r = reply();
    await expect(controller.check(r as never)).resolves.toMatchObject({
      status: 'error',
      service: 'demo',
      error: { database: { status: 'down' } },
    });
    expect(r.code).toBe(503);
  });
});
