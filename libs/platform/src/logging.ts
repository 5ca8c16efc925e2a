import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Params } from 'nestjs-pino';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
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

/** Whether the logs are pretty-printed: in development only, when pino-pretty resolves and no test captures them. */
export function prettyOutput(config: CommonConfig): boolean {
  return config.NODE_ENV === 'development' && !destinationOverride && prettyAvailable();
}

/**
 * The app's root pino logger: JSON lines at LOG_LEVEL with secrets redacted (fields by name, and through
 * {@link logSerializers} headers and query parameters by name pattern, SQL parameters and HTTP client
 * configuration out of errors), written to stdout or to the stream of {@link setLogDestination}; pretty output
 * only in development when pino-pretty resolves.
 */
export function createRootLogger(appName: string, config: CommonConfig): Logger {
  const options: LoggerOptions = {
    name: appName,
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: logSerializers,
  };
  if (prettyOutput(config)) return pino({ ...options, transport: { target: 'pino-pretty', options: { singleLine: true } } });
  // pino's default destination writes each line synchronously, so nothing logged is lost if the process dies
  // (an asynchronous one measured no faster on the cached read, bench/README.md).
  return destinationOverride ? pino(options, destinationOverride) : pino(options);
}

/**
 * nestjs-pino settings: its Logger and PinoLogger write through the app's root logger; the per-request part
 * (request id, the "request completed" line, the request's logger for lines logged while handling it) is
 * {@link registerRequestLogging}, on Fastify's hooks rather than nestjs-pino's Express-style middleware.
 */
export function loggerParams(appName: string, config: CommonConfig): Params {
  return { pinoHttp: { logger: createRootLogger(appName, config) }, useExisting: true, forRoutes: [] };
}
