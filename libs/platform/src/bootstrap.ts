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

/** An app's docs, name, port when `PORT` is unset (`PLATFORM_APPS` in @lib/contracts) and settings class (default CommonConfig). */
export interface AppOptions extends DocsOptions {
  appName: string;
  defaultPort: number;
  config?: Type<CommonConfig>;
}

/** Fastify with the body limit, its own logger off (pino via Nest), and problem+json for the errors Fastify and Node answer. */
export function createFastifyAdapter(config: CommonConfig): FastifyAdapter {
  // The spec writes paths both ways (`POST /api/v1/services/`, `/tax/caf/status`): no 404 for a slash.
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

/** Depth is checked before parsing (see MAX_JSON_DEPTH), then Fastify's secure parser (prototype poisoning), then NUL and surrogates. */
function registerJsonParser(app: NestFastifyApplication): void {
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

function refuseNulInUrl(app: NestFastifyApplication): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, _reply, done) => done(urlHasNul(request.url) ? nulByteProblem('URL') : undefined));
}

/** For `main.ts` and tests, before `init()`/`listen()`: logging, shutdown hooks, input limits, multipart, Swagger at `/docs`. */
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

function rootLogger(app: NestFastifyApplication): PinoRoot {
  return (app.get<string, Params>(PARAMS_PROVIDER_TOKEN).pinoHttp as { logger: PinoRoot }).logger;
}

/** The configured, not yet listening, Nest application of `appModule`. */
export async function createApp(appModule: Type<unknown>, options: AppOptions, config: CommonConfig): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(appModule, createFastifyAdapter(config), {
    bufferLogs: true,
    abortOnError: false,
    // JSON is parsed by registerJsonParser; other types are not parsed.
    bodyParser: false,
  });
  await configureApp(app, options, config);
  return app;
}

/** `main.ts` of every app: listens on HOST:PORT; a bad setting, or an uncaught error from its first line on, exits 1 (supervisor). */
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
