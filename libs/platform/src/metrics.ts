import { Controller, Get, Inject, Injectable, OnModuleInit, Res } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ANY_CALLER, Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { PLATFORM_OPTIONS, PlatformOptions } from './tokens';

/** A Prometheus registry per app instance (apps in one process never share counters); domain metrics register on `registry`. */
@Injectable()
export class MetricsService implements OnModuleInit {
  readonly registry = new Registry();
  readonly requests: Counter<'method' | 'route' | 'status' | 'caller'>;
  readonly duration: Histogram<'method' | 'route' | 'status' | 'caller'>;

  constructor(
    @Inject(PLATFORM_OPTIONS) options: PlatformOptions,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    this.registry.setDefaultLabels({ app: options.appName });
    collectDefaultMetrics({ register: this.registry });
    const labelNames = ['method', 'route', 'status', 'caller'] as const;
    this.requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers: [this.registry] });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [this.registry],
    });
  }

  onModuleInit(): void {
    // A standalone application context (e.g. an operator command) has no HTTP server to measure.
    if (!this.adapterHost.httpAdapter) return;
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const labels = {
        method: request.method,
        route: request.routeOptions?.url ?? 'unmatched',
        status: String(reply.statusCode),
        caller: (request as FastifyRequest & { caller?: string }).caller ?? 'anonymous',
      };
      this.requests.inc(labels);
      this.duration.observe(labels, reply.elapsedTime / 1000);
      done();
    });
  }
}

/** `GET /metrics` for Prometheus. */
@ApiTags('platform')
@Controller()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get('metrics')
  @Callers(ANY_CALLER)
  @SkipThrottle()
  @ApiOperation({ summary: 'Prometheus metrics (text exposition format); requires an internal key' })
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'Prometheus text exposition format 0.0.4', content: { 'text/plain': { schema: { type: 'string' } } } })
  @ApiProblemResponses(401)
  async scrape(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    void reply.header('content-type', this.metrics.registry.contentType);
    return this.metrics.registry.metrics();
  }
}
