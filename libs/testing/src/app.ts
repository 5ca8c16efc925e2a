import { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppOptions, CommonConfig, createApp, loadConfig } from '@lib/platform';
import { createTestDatabase } from './database';
import { recordRoutes } from './routes';

/** Accepted unless the test sets INTERNAL_KEYS itself. */
export const TEST_KEYS = {
  admin: 'test-key-admin-0123456789abcdef',
  accounting: 'test-key-accounting-0123456789ab',
  assistant: 'test-key-assistant-0123456789abc',
  'tax-gateway': 'test-key-tax-gateway-0123456789a',
} as const;

export const TEST_INTERNAL_KEYS = Object.entries(TEST_KEYS)
  .map(([caller, key]) => `${caller}:${key}`)
  .join(',');

const restorers = new WeakMap<NestFastifyApplication, () => void>();

function applyEnv(env: Record<string, string | undefined>): () => void {
  const previous = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  return () => {
    for (const [k, v] of Object.entries(previous)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}

/**
 * Boots an app as `main.ts` does, on a fresh database ({@link createTestDatabase}; an inherited DATABASE_URL is ignored), without
 * listening. NODE_ENV=test, LOG_LEVEL $TEST_LOG_LEVEL or silent, {@link TEST_INTERNAL_KEYS}; `env` overrides; closeTestApp restores.
 */
export async function createTestApp(
  appModule: Type<unknown>,
  env: Record<string, string | undefined> = {},
  options: Partial<AppOptions> = {},
): Promise<NestFastifyApplication> {
  const appOptions: AppOptions = { appName: 'test-app', defaultPort: 0, title: 'test', ...options };
  const databaseUrl = env.DATABASE_URL ?? (await createTestDatabase(appOptions.appName.replace(/-/g, '_')));
  const restore = applyEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    INTERNAL_KEYS: TEST_INTERNAL_KEYS,
    ...env,
    DATABASE_URL: databaseUrl,
  });
  try {
    const config = loadConfig(appOptions.config ?? CommonConfig);
    const app = await createApp(appModule, appOptions, config);
    recordRoutes(app);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    restorers.set(app, restore);
    return app;
  } catch (e) {
    restore();
    throw e;
  }
}

/** Closes an app from {@link createTestApp} (HTTP, database) and restores the environment. */
export async function closeTestApp(app: NestFastifyApplication | undefined): Promise<void> {
  if (!app) return;
  try {
    await app.close();
  } finally {
    restorers.get(app)?.();
    restorers.delete(app);
  }
}
