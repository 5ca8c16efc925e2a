import multipart from '@fastify/multipart';
import { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger, PARAMS_PROVIDER_TOKEN, type Params } from 'nestjs-pino';
import type { Logger as PinoRoot } from 'pino';
import { ProblemException } from '@lib/schemas';
import { CommonConfig, ConfigError, loadConfig } from './config';
import { bootLogger, exitOnUncaughtErrors } from './crash-handlers';
import { clientErrorHandler, frameworkErrorHandler } from './http-errors';
import {
  jsonDepthExceeds,
  jsonForbiddenCharacter,
  jsonTooDeepProblem,
  loneSurrogateProblem,
  nulByteProblem,
  urlHasNul,
} from './input-limits';
import { MULTIPART_BODY } from './multipart-body';
import { registerRequestLogging, requestId } from './request-logging';
import { DocsOptions, setupSwagger } from './swagger';

/** How an app presents itself (name, default port, docs). */
export interface AppOptions extends DocsOptions {
  /** Short app name, as in `PlatformModule.forRoot({ appName })`. */
  appName: string;
  /** Port used when `PORT` is unset (8270, 8260, 8280: docs/platform.md). */
  defaultPort: number;
  /** The app's settings class, validated before anything starts (defaults to CommonConfig). */
  config?: Type<CommonConfig>;
}

/**
 * The Fastify adapter with the platform's body limit; Fastify's own logger is off (pino via Nest). Errors
 * Fastify and Node's HTTP parser answer themselves (bad percent-encoding, over-long path segments,
 * oversized headers, malformed requests) are problem+json like every other error.
 */
export function createFastifyAdapter(config: CommonConfig): FastifyAdapter {
  // ignoreTrailingSlash: the spec writes paths both ways (`POST /api/v1/services/`, `/tax/caf/status`);
  // a client must not get a 404 for a slash.
  return new FastifyAdapter({
    bodyLimit: config.BODY_LIMIT_BYTES,
    logger: false,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    genReqId: requestId,
    // No app uses Nest middleware: the cross-cutting parts are Fastify hooks (request logging, metrics, input limits).
    skipMiddie: true,
  });
}

/**
 * JSON bodies: nesting deeper than MAX_JSON_DEPTH is refused before parsing (400 `json_too_deep`), then
 * Fastify's own secure parser runs (prototype-poisoning protection; a failure is 400 `invalid_json`),
 * and a NUL character (400 `nul_byte`) or an unpaired surrogate (400 `invalid_unicode`) in any string or
 * name is refused.
 */
function registerJsonParser(app: NestFastifyApplication): void {
  // Nest's own (nested) fastify copy: use its types, not the root package's.
  const fastify = app.getHttpAdapter().getInstance();
  const parse = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepthExceeds(text)) return done(jsonTooDeepProblem(), undefined);
    parse(request, text, (err: Error | null, value?: unknown) => {
      if (err) return done(new ProblemException(400, 'invalid_json', 'The request body is not valid JSON.'), undefined);
      const forbidden = text.includes('\\u') ? jsonForbiddenCharacter(value) : undefined;
      if (forbidden) done(forbidden === 'nul' ? nulByteProblem('body') : loneSurrogateProblem(), undefined);
      else done(null, value);
    });
  });
}

/** See {@link MULTIPART_BODY}. */
function markMultipartBodies(app: NestFastifyApplication): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('preValidation', (request, _reply, done) => {
      if (
        request.body === undefined &&
        String(request.headers['content-type'] ?? '')
          .toLowerCase()
          .startsWith('multipart/')
      ) {
        (request as { body: unknown }).body = MULTIPART_BODY;
      }
      done();
    });
}

/** A NUL byte in the path or the query string is refused before routing reaches any handler (400 `nul_byte`). */
function refuseNulInUrl(app: NestFastifyApplication): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, _reply, done) => done(urlHasNul(request.url) ? nulByteProblem('URL') : undefined));
}

/**
 * Shared by `main.ts` and the tests: pino as the Nest logger and the request logging, shutdown hooks (close
 * HTTP, DB, embedded PostgreSQL on SIGTERM/SIGINT), `@fastify/multipart` with the configured limits, Swagger at
 * `/docs`.
 * Call before `init()`/`listen()`.
 */
export async function configureApp(app: NestFastifyApplication, options: AppOptions, config: CommonConfig): Promise<void> {
  app.useLogger(app.get(Logger));
  app.flushLogs();
  app.enableShutdownHooks();
  registerRequestLogging(app, rootLogger(app));
  registerJsonParser(app);
  refuseNulInUrl(app);
  markMultipartBodies(app);
  await app.register(multipart as never, {
    limits: { fileSize: config.MULTIPART_FILE_SIZE_BYTES, files: config.MULTIPART_MAX_FILES, fields: 100, parts: 1000 },
  });
  setupSwagger(app, options);
}

/** The app's root pino logger (the one nestjs-pino writes through). */
function rootLogger(app: NestFastifyApplication): PinoRoot {
  return (app.get<string, Params>(PARAMS_PROVIDER_TOKEN).pinoHttp as { logger: PinoRoot }).logger;
}

/** Creates and configures (not yet listening) the Nest application of `AppModule`. */
export async function createApp(appModule: Type<unknown>, options: AppOptions, config: CommonConfig): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(appModule, createFastifyAdapter(config), {
    bufferLogs: true,
    abortOnError: false,
    // JSON parsing is registered by configureApp (see registerJsonParser); other types are not parsed.
    bodyParser: false,
  });
  await configureApp(app, options, config);
  return app;
}

/**
 * `main.ts` of every app: validates the settings (a bad one stops the process with a message naming
 * it), creates the app and listens on HOST:PORT (PORT defaulting to `defaultPort`). From its first line
 * on, an uncaught exception or unhandled rejection ends the process with a fatal log line and exit code 1
 * ({@link exitOnUncaughtErrors}), for a supervisor to restart it.
 */
export async function bootstrapApp(appModule: Type<unknown>, options: AppOptions): Promise<NestFastifyApplication> {
  exitOnUncaughtErrors(bootLogger(options.appName));
  try {
    const config = loadConfig(options.config ?? CommonConfig);
    const app = await createApp(appModule, options, config);
    exitOnUncaughtErrors(rootLogger(app));
    const port = config.PORT ?? options.defaultPort;
    await app.listen({ host: config.HOST, port });
    const address = app.getHttpServer().address();
    const actualPort = typeof address === 'object' && address ? address.port : port;
    app.get(Logger).log(`${options.appName} listening on http://${config.HOST}:${actualPort} (docs: /docs)`, 'Bootstrap');
    return app;
  } catch (e) {
    const message = e instanceof ConfigError ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e);
    process.stderr.write(`${options.appName} failed to start: ${message}\n`);
    process.exit(1);
  }
}
