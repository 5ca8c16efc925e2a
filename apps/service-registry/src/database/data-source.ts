import { DataSource } from 'typeorm';
import { REGISTRY_ENTITIES } from '../registry.entities';
import { migrations } from './migrations';

/** Every entity of service-registry (explicit list, no globs). Domain engineers add theirs here. */
export const entities = [...REGISTRY_ENTITIES];

/**
 * The one TypeORM configuration of service-registry: PlatformModule uses `entities` and `migrations` (with
 * synchronize off and migrations run at boot), and the TypeORM CLI uses the DataSource below:
 *   DATABASE_URL=postgres://... SWC_NODE_PROJECT=tsconfig.base.json node -r @swc-node/register \
 *     node_modules/typeorm/cli.js migration:run -d apps/service-registry/src/database/data-source.ts
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
