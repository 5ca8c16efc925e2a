import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
// nestjs-pino's request-scoped logger store (not re-exported by its index): PinoLogger reads the request's logger there.
import { storage } from 'nestjs-pino/storage';
import { redactUrl } from './redaction';

const HEALTH_PATH = /^\/healthz?(?:[/?]|$)/;
const GIVEN_ID = /^[\w.:-]{1,128}$/;

/** The request id: the caller's `X-Request-Id` when it looks sane (so a trace crosses the apps), a UUID otherwise. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
}

/** Whether a path is a health probe, which is not logged (docs/platform.md "Logging"). */
export function isHealthProbe(url: string): boolean {
  return HEALTH_PATH.test(url);
}

/** What the hooks read of a Fastify request (Nest's nested Fastify copy has its own types). */
interface CallerRequest {
  id: string;
  method: string;
  url: string;
  ip: string;
  caller?: string;
}

const requestFields = (request: CallerRequest) => ({ id: request.id, method: request.method, url: redactUrl(request.url) });

/**
 * The logger of one request as nestjs-pino's PinoLogger finds it (its `Store` shape: `logger`, `responseLogger`),
 * made on first use only: most requests log nothing but their "request completed" line. Its lines carry `req`
 * (id, method, redacted url) and the authenticated `caller`, read when the first line is logged (after the guards).
 */
class RequestLogContext {
  readonly responseLogger = undefined;
  private child?: Logger;

  constructor(
    private readonly root: Logger,
    private readonly request: CallerRequest,
  ) {}

  get logger(): Logger {
    if (!this.child) {
      const caller = this.request.caller;
      this.child = this.root.child(caller ? { req: requestFields(this.request), caller } : { req: requestFields(this.request) });
    }
    return this.child;
  }

  /** PinoLogger.assign() replaces the logger with a child carrying more fields. */
  set logger(value: Logger) {
    this.child = value;
  }
}

/** Level of the "request completed" line: error for 5xx, warn for 4xx, info otherwise. */
function levelOf(status: number): 'error' | 'warn' | 'info' {
  return status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
}

/**
 * Request logging on Fastify's hooks (docs/platform.md "Logging"): each request runs with its own lazily made
 * logger for the lines logged while handling it (nestjs-pino's PinoLogger, so Nest's `Logger` too, finds it), and
 * once answered logs one "request completed" line: `req` {id, method, url with credential-like query values
 * redacted, remoteAddress}, `res` {statusCode}, `responseTime` (ms), `caller`. Headers are not logged. Health
 * probes are not logged. The request id comes from {@link requestId} (Fastify's `genReqId`).
 */
export function registerRequestLogging(app: NestFastifyApplication, root: Logger): void {
  // Nest's own (nested) fastify copy: use its types, not the root package's.
  const fastify = app.getHttpAdapter().getInstance();
  // The "request completed" line is made of known fields only (the url already redacted): the root's wildcard
  // redaction and serializers would cost more than the rest of the line.
  const access = root.child({}, { redact: { paths: [] }, serializers: { req: (v: unknown) => v, res: (v: unknown) => v } });
  fastify.addHook('onRequest', (request, _reply, done) => {
    storage.run(new RequestLogContext(root, request) as never, done);
  });
  fastify.addHook('onResponse', (request: CallerRequest, reply, done) => {
    if (!isHealthProbe(request.url)) {
      const status = reply.statusCode;
      access[levelOf(status)](
        {
          req: { ...requestFields(request), remoteAddress: request.ip },
          res: { statusCode: status },
          responseTime: Math.round(reply.elapsedTime),
          ...(request.caller ? { caller: request.caller } : {}),
        },
        'request completed',
      );
    }
    done();
  });
}
