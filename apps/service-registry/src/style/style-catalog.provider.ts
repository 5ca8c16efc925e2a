import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadStyleCatalog, type StyleCatalog } from '@lib/schemas';
import { ServiceRegistryConfig } from '../config';

export const STYLE_CATALOG = Symbol('STYLE_CATALOG');

export interface LoadedStyleCatalog {
  path: string;
  catalog: StyleCatalog;
}

const EXAMPLE_CATALOG = 'libs/schemas/src/style-catalog/example.catalog.json';

/** The example catalog: next to the bundle (copied by webpack.config.js), else from the working directory or the source tree. */
export function defaultStyleCatalogPath(): string {
  const candidates = [
    join(__dirname, 'assets/style/example.catalog.json'),
    join(process.cwd(), EXAMPLE_CATALOG),
    join(__dirname, '../../../../', EXAMPLE_CATALOG),
  ];
  return candidates.find((p) => existsSync(p)) ?? candidates[1];
}

/** Validated once at boot against libs/schemas/src/style-catalog: an unreadable or invalid file throws StyleCatalogError listing every violation. */
export const styleCatalogProvider = {
  provide: STYLE_CATALOG,
  inject: [ServiceRegistryConfig],
  useFactory: (config: ServiceRegistryConfig): LoadedStyleCatalog => {
    const path = config.STYLE_CATALOG_PATH || defaultStyleCatalogPath();
    return { path, catalog: loadStyleCatalog(path) };
  },
};
