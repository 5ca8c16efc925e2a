import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { closeTestApp, createTestApp, createTestDatabase } from '@lib/testing';
import { AppModule } from '../../src/app.module';
import { Clock, FakeClock } from '../../src/clock/clock';
import { appOptions } from '../../src/config';
import { TestIssuer } from '@lib/testing';

/** Caller keys of the test registry. */
export const KEYS = {
  admin: 'sr-test-admin-key-0123456789abcdef',
  marketplace: 'sr-test-marketplace-key-012345678',
  ci: 'sr-test-ci-key-0123456789abcdefghij',
} as const;

export interface RegistryTestApp {
  app: NestFastifyApplication;
  clock: FakeClock;
  issuer: TestIssuer;
  databaseUrl: string;
  close(): Promise<void>;
}

export interface RegistryAppOptions {
  /** Start of the fake clock (default 2026-06-01T12:00:00Z, after the cutoff). */
  now?: string;
  env?: Record<string, string | undefined>;
  /** Reuse a database (e.g. one prepared by a migration test). */
  databaseUrl?: string;
}

/**
 * Boots the real AppModule with libs/testing's createTestApp (same adapter and configureApp as main.ts)
 * on a fresh database, with the registry clock driven by a FakeClock and a local identity provider for
 * bearer tokens. Schedulers do not run on their own (SCHEDULER_INTERVAL_MS=0): tests call runDue(now).
 */
export async function startRegistry(options: RegistryAppOptions = {}): Promise<RegistryTestApp> {
  const issuer = await TestIssuer.start();
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase('service_registry'));
  const env: Record<string, string | undefined> = {
    INTERNAL_KEYS: Object.entries(KEYS)
      .map(([caller, key]) => `${caller}:${key}`)
      .join(','),
    DATABASE_URL: databaseUrl,
    SCHEDULER_INTERVAL_MS: '0',
    HEALTH_PROBE_TIMEOUT_MS: '1000',
    THROTTLE_LIMIT: '100000',
    ...issuer.env(),
    ...options.env,
  };
  let app: NestFastifyApplication;
  try {
    app = await createTestApp(AppModule, env, appOptions);
  } catch (err) {
    await issuer.close();
    throw err;
  }
  // The registry reads time only through Clock: the tests drive it (no @nestjs/testing override needed).
  const clock = new FakeClock(options.now ?? '2026-06-01T12:00:00Z');
  jest.spyOn(app.get(Clock), 'now').mockImplementation(() => clock.now());
  return {
    app,
    clock,
    issuer,
    databaseUrl,
    close: async () => {
      try {
        await closeTestApp(app);
      } finally {
        await issuer.close();
      }
    },
  };
}
