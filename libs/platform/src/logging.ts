import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Params } from 'nestjs-pino';
import { PinoLogger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { Observable } from 'rxjs';
import { CommonConfig } from './config';
import { logSerializers } from './redaction';

const CONTROL_ESCAPES: Record<string, string> = { '\r': '\\r', '\n': '\\n', '\t': '\\t', '\\': '\\\\' };

/**
 * Escapes a value for a log line (anything that came from the SII, such as cookies, headers or glosas:
 * docs/platform.md "Logging"): backslash, CR, LF, tab, other C0/C1 control characters and U+2028/U+2029 become
 * visible escapes, so a value can never forge a log line. Non-strings are JSON-encoded; Buffers read
 * as Latin-1. Longer values are cut at `maxLength` characters and marked.
 */
export function escapeForLog(value: unknown, maxLength = 2000): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (Buffer.isBuffer(value)) text = value.toString('latin1');
  else if (value === undefined) text = 'undefined';
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  const cut = text.length > maxLength;
  // eslint-disable-next-line no-control-regex
  const escaped = (cut ? text.slice(0, maxLength) : text).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/g, (ch) => {
    return CONTROL_ESCAPES[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  return cut ? `${escaped}...[truncated ${text.length - maxLength} chars]` : escaped;
}

const SECRET_FIELDS = ['token', 'password', 'key', 'certificate', 'secret', 'private_key', 'rsask'];
/**
 * pino redact paths: the key, authorization and cookie headers and any field named like a secret up to
 * three levels deep. Other headers and query parameters are redacted by name pattern in {@link logSerializers}.
 */
export const REDACT_PATHS = [
  'req.headers["x-internal-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

const HEALTH_PATH = /^\/healthz?(?:[/?]|$)/;

function prettyAvailable(): boolean {
  try {
    createRequire(join(process.cwd(), 'noop.js')).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

let destinationOverride: DestinationStream | undefined;

/**
 * Sends the log lines of apps created from now on to `stream` instead of stdout, so that a test can
 * scan them; `undefined` restores stdout.
 */
export function setLogDestination(stream: DestinationStream | undefined): void {
  destinationOverride = stream;
}

/**
 * nestjs-pino settings: JSON lines at LOG_LEVEL, secrets redacted (fields by name, headers and query
 * parameters by name pattern, SQL parameters and HTTP client configuration out of errors), health
 * probes not logged, request id from `X-Request-Id` when it looks sane, pretty output only in
 * development when pino-pretty resolves.
 */
export function loggerParams(appName: string, config: CommonConfig): Params {
  const pretty = config.NODE_ENV === 'development' && prettyAvailable() && !destinationOverride;
  const options = {
    name: appName,
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: logSerializers,
    // Behind Nest's middleware layer req.url is relative to the mount point; originalUrl is the full path.
    autoLogging: { ignore: (req: IncomingMessage & { originalUrl?: string }) => HEALTH_PATH.test(req.originalUrl ?? req.url ?? '') },
    genReqId: (req: IncomingMessage) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
    },
    customLogLevel: (_req: IncomingMessage, res: { statusCode: number }, err?: Error) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    ...(pretty ? { transport: { target: 'pino-pretty', options: { singleLine: true } } } : {}),
  } satisfies NonNullable<Params['pinoHttp']>;
  // Lets PinoLogger.assign() (CallerLogInterceptor) also enrich the final "request completed" line.
  return { assignResponse: true, pinoHttp: destinationOverride ? [options, destinationOverride] : options };
}

/**
 * Adds the authenticated caller to the request's log context (so every line logged while handling the
 * request, and the final "request completed" line, carry `caller`). Runs after the guards.
 */
@Injectable()
export class CallerLogInterceptor implements NestInterceptor {
  constructor(private readonly logger: PinoLogger) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const caller = context.switchToHttp().getRequest<{ caller?: string }>().caller;
      if (caller) {
        try {
          this.logger.assign({ caller });
        } catch {
          // Outside a request scope (no logging middleware): nothing to enrich.
        }
      }
    }
    return next.handle();
  }
}
