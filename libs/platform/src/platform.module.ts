import { DynamicModule, Module, Provider } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { ThrottlerModule, seconds } from '@nestjs/throttler';
import { FixedWindowThrottlerStorage, SharedThrottlerStorage } from './throttler-storage';
import { SharedRedis, createSharedRedis } from './redis';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { AuthModule, InternalKeyRegistry, internalKeyGuardProvider } from '@lib/auth';
import { CommonConfig, loadConfig } from './config';
import { DatabaseLifecycle, DatabaseRuntime, TypeOrmNestLogger, databaseRuntimeProvider } from './database';
import { HealthController } from './health.controller';
import { loggerParams } from './logging';
import { MetricsController, MetricsService } from './metrics';
import { ProblemFilter } from './problem.filter';
import { PlatformThrottlerGuard } from './throttler';
import { PLATFORM_CONFIG, PLATFORM_OPTIONS, PlatformOptions, appDataSourceOptions } from './tokens';
import { createValidationPipe } from './validation';
import { WhoamiController } from './whoami.controller';

/** Options, settings and database location, global so the async module factories below can use them. */
@Module({})
class PlatformCoreModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    const configClass = options.config ?? CommonConfig;
    const providers: Provider[] = [
      { provide: PLATFORM_OPTIONS, useValue: options },
      // Read lazily (at app creation, not at import) so tests can set the environment first.
      { provide: configClass, useFactory: () => loadConfig(configClass) },
      { provide: PLATFORM_CONFIG, useExisting: configClass },
      databaseRuntimeProvider,
      { provide: SharedRedis, inject: [PLATFORM_CONFIG], useFactory: (config: CommonConfig) => createSharedRedis(config.REDIS_URL) },
    ];
    const exported = [PLATFORM_OPTIONS, configClass, PLATFORM_CONFIG, DatabaseRuntime, SharedRedis];
    return { module: PlatformCoreModule, global: true, providers, exports: exported };
  }
}

/** Everything an app shares (docs/platform.md "What an app gets"), imported once by each AppModule. */
@Module({})
export class PlatformModule {
  /** {@link forRoot} from an app's `AppOptions`, database name and data source. */
  static forApp(
    app: { appName: string; config?: PlatformOptions['config'] },
    defaultDatabaseName: string,
    db: Pick<PlatformOptions, 'entities' | 'migrations'>,
  ): DynamicModule {
    return PlatformModule.forRoot({
      appName: app.appName,
      config: app.config,
      defaultDatabaseName,
      entities: db.entities,
      migrations: db.migrations,
    });
  }

  static forRoot(options: PlatformOptions): DynamicModule {
    return {
      module: PlatformModule,
      global: true,
      imports: [
        PlatformCoreModule.forRoot(options),
        AuthModule.forRoot({
          inject: [PLATFORM_CONFIG],
          useFactory: (config: CommonConfig) =>
            InternalKeyRegistry.parse(config.INTERNAL_KEYS, { minKeyLength: config.NODE_ENV === 'production' ? 16 : 1 }),
        }),
        LoggerModule.forRootAsync({
          inject: [PLATFORM_CONFIG],
          useFactory: (config: CommonConfig) => loggerParams(options.appName, config),
        }),
        TypeOrmModule.forRootAsync({
          inject: [DatabaseRuntime],
          useFactory: (db: DatabaseRuntime) => ({
            ...appDataSourceOptions(options.entities, options.migrations, db.url),
            logger: new TypeOrmNestLogger(),
            retryAttempts: 3,
            retryDelay: 1000,
          }),
        }),
        ThrottlerModule.forRootAsync({
          inject: [PLATFORM_CONFIG, SharedRedis],
          useFactory: (config: CommonConfig, redis: SharedRedis) => ({
            throttlers: [{ name: 'default', ttl: seconds(config.THROTTLE_TTL_SECONDS), limit: config.THROTTLE_LIMIT }],
            skipIf: () => !config.THROTTLE_ENABLED,
            storage: redis.enabled
              ? new SharedThrottlerStorage(redis, new FixedWindowThrottlerStorage())
              : new FixedWindowThrottlerStorage(),
          }),
        }),
        TerminusModule.forRoot({ errorLogStyle: 'json' }),
      ],
      controllers: [HealthController, MetricsController, WhoamiController],
      providers: [
        // Order matters: the key guard sets the caller that the throttler keys on.
        internalKeyGuardProvider,
        { provide: APP_GUARD, useClass: PlatformThrottlerGuard },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: ProblemFilter },
        MetricsService,
        DatabaseLifecycle,
      ],
      exports: [MetricsService],
    };
  }
}
