import { DataSource } from 'typeorm';
import { migrations } from './migrations';

/**
 * Accounting persists with raw SQL: typed rows (the view classes in each area's dto/) and shared SQL
 * fragments (common/sql.ts), the migrations being the one description of the schema. No TypeORM
 * entities: the DataSource runs migrations and queries (docs/accounting.md "Data model").
 */
export const entities: never[] = [];

/**
 * The one TypeORM configuration of accounting: PlatformModule uses `entities` and `migrations` (with
 * synchronize off and migrations run at boot), and the TypeORM CLI uses the DataSource below:
 *   DATABASE_URL=postgres://... SWC_NODE_PROJECT=tsconfig.base.json node -r @swc-node/register \
 *     node_modules/typeorm/cli.js migration:run -d apps/accounting/src/database/data-source.ts
 */
export const dataSourceOptions = {
  type: 'postgres' as const,
  url: process.env.DATABASE_URL,
  entities,
  migrations,
  synchronize: false,
  migrationsRun: true,
};

export default new DataSource(dataSourceOptions);
