import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The registry's own settings (the app config class carries them under the same names; see
 * config.ts). Injected with the {@link REGISTRY_SETTINGS} token so domain code does not depend on
 * the config class.
 */
export interface RegistrySettings {
  /** Slack-compatible webhook for announcements; unset = announcements stay in the outbox. */
  ANNOUNCE_WEBHOOK_URL?: string;
  /** Style component catalog file served by GET /api/v1/style/components. */
  STYLE_CATALOG_PATH?: string;
  /** Timeout of the health probe of a checklist evaluation, milliseconds. */
  HEALTH_PROBE_TIMEOUT_MS: number;
  /** Period of the schedulers (demotions, sunset, announcements, stale previews), milliseconds; 0 = off. */
  SCHEDULER_INTERVAL_MS: number;
  /** Days during which a service demoted from beta or public answers 410 at /s/{slug}/. */
  DEMOTION_GRACE_DAYS: number;
}

export const REGISTRY_SETTINGS = Symbol('REGISTRY_SETTINGS');

/** Defaults of the settings that have one (the config class repeats them). */
export const REGISTRY_SETTING_DEFAULTS = {
  HEALTH_PROBE_TIMEOUT_MS: 3000,
  SCHEDULER_INTERVAL_MS: 60_000,
  DEMOTION_GRACE_DAYS: 30,
} as const;

/** Relative location of the example catalog shipped in libs/schemas (spec 3). */
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
