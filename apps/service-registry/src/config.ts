import { IsOptional, IsString, IsUrl } from 'class-validator';
import { CommonConfig, EnvInt } from '@lib/platform';
import type { AppOptions } from '@lib/platform';
import { PLATFORM_APPS } from '@lib/contracts';

const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

/** Settings of service-registry (docs/service-registry.md "Settings"); the OIDC verifier reads the common `OIDC_*` as they are. */
export class ServiceRegistryConfig extends CommonConfig {
  @IsOptional()
  @IsString()
  STYLE_CATALOG_PATH?: string;

  @IsOptional()
  @IsUrl(URL_OPTIONS, { message: 'ANNOUNCE_WEBHOOK_URL must be an http(s) URL' })
  ANNOUNCE_WEBHOOK_URL?: string;

  /** Milliseconds. */
  @EnvInt({ min: 100, max: 60_000 })
  HEALTH_PROBE_TIMEOUT_MS = 3000;

  /** Milliseconds; 0 = off. */
  @EnvInt({ min: 0 })
  SCHEDULER_INTERVAL_MS = 60_000;

  @EnvInt({ min: 1, max: 365 })
  DEMOTION_GRACE_DAYS = 30;
}

export const appOptions: AppOptions = { ...PLATFORM_APPS.serviceRegistry, config: ServiceRegistryConfig };

/** Database created in the embedded PostgreSQL when DATABASE_URL is unset. */
export const DEFAULT_DATABASE_NAME = 'service_registry';
