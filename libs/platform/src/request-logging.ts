import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
// Not re-exported by nestjs-pino's index: the store where PinoLogger finds the request's logger.
import { storage } from 'nestjs-pino/storage';
import { redactUrl } from './redaction';

const HEALTH_PATH = /^\/healthz?(?:[/?]|$)/;
const GIVEN_ID = /^[\w.:-]{1,128}$/;

/** The request id: the caller's `X-Request-Id` when it looks sane (so a trace crosses the apps), a UUID otherwise. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
}

export function isHealthProbe(url: string): boolean {
  return HEALTH_PATH.test(url);
}

/** What the hooks read of a request (Nest's nested Fastify copy has its own types). */
interface CallerRequest {
  id: string;
  method: string;
  url: string;
  ip: string;
  caller?: string;
}

const requestFields = (request: CallerRequest) => ({ id: request.id, method: request.method, url: redactUrl(request.url) });

/** A request's logger (nestjs-pino's `Store` shape), made on first use: after the guards set `caller`, never for most requests. */
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

function levelOf(status: number): 'error' | 'warn' | 'info' {
  return status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
}

/** A logger per request and one "request completed" line without headers, none for health probes (docs/platform.md "Logging"). */
export function registerRequestLogging(app: NestFastifyApplication, root: Logger): void {
  const fastify = app.getHttpAdapter().getInstance();
  // Known fields only (url already redacted): the root's wildcard redaction and serializers would cost more than the line.
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
