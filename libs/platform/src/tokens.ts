import { Type } from '@nestjs/common';
import { MixedList } from 'typeorm';
import { CommonConfig } from './config';

/** Options of `PlatformModule.forRoot`; TypeORM entities and migrations are listed explicitly (no globs). */
export interface PlatformOptions {
  appName: string;
  entities: MixedList<Type | string>;
  migrations: MixedList<Type | string>;
  defaultDatabaseName: string;
  config?: Type<CommonConfig>;
}

export const PLATFORM_OPTIONS = Symbol('PLATFORM_OPTIONS');
/** The validated settings (the app's config class), typed as {@link CommonConfig}. */
export const PLATFORM_CONFIG = Symbol('PLATFORM_CONFIG');

/** An app's TypeORM options, for PlatformModule and for the TypeORM CLI in each app's `database/data-source.ts`. */
export function appDataSourceOptions<E, M>(entities: E, migrations: M, url: string | undefined = process.env.DATABASE_URL) {
  return { type: 'postgres' as const, url, entities, migrations, synchronize: false, migrationsRun: true };
}
