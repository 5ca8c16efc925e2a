import { Controller, Get, Inject, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheckResult, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { Public } from '@lib/auth';
import { PLATFORM_OPTIONS, PlatformOptions } from './tokens';

export type HealthBody = HealthCheckResult & { service: string };

const HEALTH_SCHEMA = {
  type: 'object',
  required: ['status', 'service'],
  properties: {
    status: { type: 'string', enum: ['ok', 'error'] },
    service: { type: 'string', example: 'tax-gateway' },
    info: { type: 'object', example: { database: { status: 'up' } } },
    error: { type: 'object' },
    details: { type: 'object' },
  },
};

/** Database health (docs/platform.md "What an app gets"), as plain JSON, not problem+json, because probes read `status`. */
@ApiTags('platform')
@Controller()
@Public()
@SkipThrottle()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    @Inject(PLATFORM_OPTIONS) private readonly options: PlatformOptions,
  ) {}

  @Get(['health', 'healthz'])
  @ApiOperation({ summary: 'Liveness and database health (no key needed)' })
  @ApiOkResponse({ description: 'The database answered', schema: HEALTH_SCHEMA })
  @ApiServiceUnavailableResponse({ description: 'The database did not answer within 2 s', schema: HEALTH_SCHEMA })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthBody> {
    try {
      const result = await this.health.check([() => this.db.pingCheck('database', { timeout: 2000 })]);
      return { ...result, service: this.options.appName };
    } catch (e) {
      if (!(e instanceof ServiceUnavailableException)) throw e;
      void reply.status(503);
      return { ...(e.getResponse() as HealthCheckResult), service: this.options.appName };
    }
  }
}
