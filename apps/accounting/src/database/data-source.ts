import { DataSource } from 'typeorm';
import { appDataSourceOptions } from '@lib/platform';
import { migrations } from './migrations';

/** Raw SQL, no TypeORM entities: the migrations are the one description of the schema (docs/accounting.md "Data model"). */
export const entities: never[] = [];

/**
 * PlatformModule and the TypeORM CLI use this:
 *   DATABASE_URL=postgres://... SWC_NODE_PROJECT=tsconfig.base.json node -r @swc-node/register \
 *     node_modules/typeorm/cli.js migration:run -d apps/accounting/src/database/data-source.ts
 */
export const dataSourceOptions = appDataSourceOptions(entities, migrations);

export default new DataSource(dataSourceOptions);
