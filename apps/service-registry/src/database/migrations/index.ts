import { Initial1732170000000 } from './1732170000000-Initial';
import { CreateServices1763700000000 } from './1763700000000-CreateServices';
import { AddMarketplaceStatus1763700000001 } from './1763700000001-AddMarketplaceStatus';
import { CreateLifecycleTables1763700000002 } from './1763700000002-CreateLifecycleTables';

/** Every migration of service-registry, in order (explicit list, no globs: docs/platform.md "Migrations"). */
export const migrations = [
  Initial1732170000000,
  CreateServices1763700000000,
  AddMarketplaceStatus1763700000001,
  CreateLifecycleTables1763700000002,
];
