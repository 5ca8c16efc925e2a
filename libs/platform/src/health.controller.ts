import { Controller, Get, Inject, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheckResult, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { Public } from '@lib/auth';
import { PLATFORM_OPTIONS, PlatformOptions } from './tokens';

/** Health body: terminus' result plus the app name. */
export type HealthBody = HealthCheckResult & { service: string };

/**
 * `GET /health` and `GET /healthz` (DESIGN §3 "Health", spec 1 "Authentication" 4): public, 200
 * `{"status":"ok"}` when the database answers a ping within 2 s, 503 `{"status":"error"}` when not.
 * Answered as plain JSON (not problem+json) because probes read `status`.
 */
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
  @ApiOkResponse({ description: '{"status":"ok", ...}' })
  @ApiServiceUnavailableResponse({ description: '{"status":"error", ...}' })
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
