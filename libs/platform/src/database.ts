import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DataSource, Logger as TypeOrmLogger } from 'typeorm';
import { CommonConfig, ConfigError } from './config';
import { EmbeddedPostgresHandle, startEmbeddedPostgres } from './embedded-postgres';
import { PLATFORM_CONFIG, PLATFORM_OPTIONS, PlatformOptions } from './tokens';

/** Where the app's database is: `DATABASE_URL`, or an embedded PostgreSQL started for this process. */
export class DatabaseRuntime {
  constructor(
    readonly url: string,
    readonly embedded?: EmbeddedPostgresHandle,
  ) {}

  async stop(): Promise<void> {
    await this.embedded?.stop();
  }
}

/** `DATABASE_URL`, else (ConfigError in production) an embedded PostgreSQL (docs/platform.md "Database without installing anything"). */
export async function resolveDatabase(
  config: CommonConfig,
  options: PlatformOptions,
  logger = new Logger('Database'),
): Promise<DatabaseRuntime> {
  if (config.DATABASE_URL) return new DatabaseRuntime(config.DATABASE_URL);
  if (config.NODE_ENV === 'production') throw new ConfigError(['DATABASE_URL is required in production']);
  const embedded = await startEmbeddedPostgres({
    dataDir: join(resolve(config.DATA_DIR), options.appName, 'pg'),
    fallbackDataDir: join(tmpdir(), `embedded-pg-${options.appName}`, 'pg'),
    port: config.EMBEDDED_PG_PORT,
    onLog: (line) => logger.debug(line),
  });
  await embedded.ensureDatabase(options.defaultDatabaseName);
  logger.log(`Embedded PostgreSQL on 127.0.0.1:${embedded.port} (data: ${embedded.dataDir}), database ${options.defaultDatabaseName}`);
  return new DatabaseRuntime(embedded.url(options.defaultDatabaseName), embedded);
}

export const databaseRuntimeProvider = {
  provide: DatabaseRuntime,
  inject: [PLATFORM_CONFIG, PLATFORM_OPTIONS],
  useFactory: (config: CommonConfig, options: PlatformOptions) => resolveDatabase(config, options),
};

/** On shutdown, the DataSource first (TypeORM's own close has no set order), then the embedded server: no stop under open connections. */
@Injectable()
export class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(
    private readonly moduleRef: ModuleRef,
    @Inject(DatabaseRuntime) private readonly runtime: DatabaseRuntime,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    const dataSource = this.moduleRef.get(DataSource, { strict: false });
    if (dataSource?.isInitialized) await dataSource.destroy();
    await this.runtime.stop();
  }
}

/** TypeORM's errors, warnings and migration messages in the app log (JSON) instead of the console. */
export class TypeOrmNestLogger implements TypeOrmLogger {
  private readonly logger = new Logger('TypeORM');

  logQuery(): void {
    // Not logged: volume, and parameters may hold personal data.
  }
  /** The statement and its SQLSTATE only: parameters and PostgreSQL's message quote the request's values. */
  logQueryError(error: string | Error, query: string): void {
    const code = typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
    this.logger.error({ sqlstate: typeof code === 'string' ? code : 'unknown', query: query.slice(0, 500) }, 'query failed');
  }
  logQuerySlow(time: number, query: string): void {
    this.logger.warn({ time_ms: time, query: query.slice(0, 500) }, 'slow query');
  }
  logSchemaBuild(): void {
    // synchronize is off: there is no schema build.
  }
  logMigration(message: string): void {
    this.logger.log(message);
  }
  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn(String(message));
  }
}
