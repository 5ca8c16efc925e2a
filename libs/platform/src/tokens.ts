import { Type } from '@nestjs/common';
import { MixedList } from 'typeorm';
import { CommonConfig } from './config';

/** Options of `PlatformModule.forRoot` (see there). */
export interface PlatformOptions {
  /** Short app name (`tax-gateway`): logs, metrics, `.data/<appName>/pg`. */
  appName: string;
  /** TypeORM entity classes, listed explicitly (no globs). */
  entities: MixedList<Type | string>;
  /** TypeORM migration classes, listed explicitly (no globs); run at boot. */
  migrations: MixedList<Type | string>;
  /** Database created inside the embedded PostgreSQL (`tax_gateway`). */
  defaultDatabaseName: string;
  /** The app's settings class (extends CommonConfig); validated at boot, injectable by its class. */
  config?: Type<CommonConfig>;
}

/** The options given to `PlatformModule.forRoot`. */
export const PLATFORM_OPTIONS = Symbol('PLATFORM_OPTIONS');
/** The validated settings (an instance of the app's config class), typed as {@link CommonConfig}. */
export const PLATFORM_CONFIG = Symbol('PLATFORM_CONFIG');

/**
 * An app's TypeORM options (PostgreSQL, the explicit entity and migration lists, no synchronize, migrations at boot):
 * what PlatformModule connects with and what the TypeORM CLI reads from each app's `database/data-source.ts`.
 */
export function appDataSourceOptions<E, M>(entities: E, migrations: M, url: string | undefined = process.env.DATABASE_URL) {
  return { type: 'postgres' as const, url, entities, migrations, synchronize: false, migrationsRun: true };
}
