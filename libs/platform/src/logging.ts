import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Params } from 'nestjs-pino';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { CommonConfig } from './config';
import { logSerializers } from './redaction';

const CONTROL_ESCAPES: Record<string, string> = { '\r': '\\r', '\n': '\\n', '\t': '\\t', '\\': '\\\\' };

/** Escapes control characters so a value from the SII can never forge a log line (docs/platform.md "Logging"); cut at `maxLength`. */
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
/** pino redact paths: key, authorization and cookie headers, secret-named fields 3 levels deep (other names: logSerializers). */
export const REDACT_PATHS = [
  'req.headers["x-internal-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

function prettyAvailable(): boolean {
  try {
    createRequire(join(process.cwd(), 'noop.js')).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

let destinationOverride: DestinationStream | undefined;

/** Log lines of apps created from now on go to `stream` (for a test to scan), or stdout again when `undefined`. */
export function setLogDestination(stream: DestinationStream | undefined): void {
  destinationOverride = stream;
}

export function prettyOutput(config: CommonConfig): boolean {
  return config.NODE_ENV === 'development' && !destinationOverride && prettyAvailable();
}

export function createRootLogger(appName: string, config: CommonConfig): Logger {
  const options: LoggerOptions = {
    name: appName,
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: logSerializers,
  };
  if (prettyOutput(config)) return pino({ ...options, transport: { target: 'pino-pretty', options: { singleLine: true } } });
  // pino's default destination: sonic-boom writing asynchronously, flushed by pino on exit (a crash handler's exit(1) included);
  // a synchronous one measured 2 µs more per answer on the cached read (bench/README.md, issue 23).
  return destinationOverride ? pino(options, destinationOverride) : pino(options);
}

/** nestjs-pino writing through the app's root logger; its per-request part is registerRequestLogging (Fastify hooks, no middleware). */
export function loggerParams(appName: string, config: CommonConfig): Params {
  return { pinoHttp: { logger: createRootLogger(appName, config) }, useExisting: true, forRoutes: [] };
}
