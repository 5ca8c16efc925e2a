import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadStyleCatalog, type StyleCatalog } from '@lib/schemas';
import { ServiceRegistryConfig } from '../config';

/** Injection token of the validated style catalog. */
export const STYLE_CATALOG = Symbol('STYLE_CATALOG');

/** The loaded catalog and the file it came from. */
export interface LoadedStyleCatalog {
  path: string;
  catalog: StyleCatalog;
}

/** Relative location of the example catalog shipped in libs/schemas. */
const EXAMPLE_CATALOG = 'libs/schemas/src/style-catalog/example.catalog.json';

/**
 * Default `STYLE_CATALOG_PATH`: the example catalog of libs/schemas, looked up next to the bundle
 * (`assets/style/`, copied by webpack.config.js), from the working directory (repository root under
 * `npm start`) and from this file's location in the source tree.
 */
export function defaultStyleCatalogPath(): string {
  const candidates = [
    join(__dirname, 'assets/style/example.catalog.json'),
    join(process.cwd(), EXAMPLE_CATALOG),
    join(__dirname, '../../../../', EXAMPLE_CATALOG),
  ];
  return candidates.find((p) => existsSync(p)) ?? candidates[1];
}

/**
 * Loads `STYLE_CATALOG_PATH` (default: the example catalog of libs/schemas) once at boot and validates
 * it with `loadStyleCatalog` (the JSON Schema of libs/schemas/src/style-catalog). An unreadable or
 * invalid file throws StyleCatalogError, whose message lists every violation: the app does not start.
 */
export const styleCatalogProvider = {
  provide: STYLE_CATALOG,
  inject: [ServiceRegistryConfig],
  useFactory: (config: ServiceRegistryConfig): LoadedStyleCatalog => {
    const path = config.STYLE_CATALOG_PATH || defaultStyleCatalogPath();
    return { path, catalog: loadStyleCatalog(path) };
  },
};
