import { loadStyleCatalog, type StyleCatalog } from '@lib/schemas';
import { defaultStyleCatalogPath, REGISTRY_SETTINGS, type RegistrySettings } from '../settings/registry-settings';

/** Injection token of the validated style catalog. */
export const STYLE_CATALOG = Symbol('STYLE_CATALOG');

/** The loaded catalog and the file it came from. */
export interface LoadedStyleCatalog {
  path: string;
  catalog: StyleCatalog;
}

/**
 * Loads `STYLE_CATALOG_PATH` (default: the example catalog of libs/schemas) once at boot and validates
 * it with `loadStyleCatalog` (JSON Schema of spec 3). An unreadable or invalid file throws
 * StyleCatalogError, whose message lists every violation: the app does not start.
 */
export const styleCatalogProvider = {
  provide: STYLE_CATALOG,
  inject: [REGISTRY_SETTINGS],
  useFactory: (settings: RegistrySettings): LoadedStyleCatalog => {
    const path = settings.STYLE_CATALOG_PATH || defaultStyleCatalogPath();
    return { path, catalog: loadStyleCatalog(path) };
  },
};
