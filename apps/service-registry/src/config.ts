import { IsNotEmpty, IsOptional, IsString, IsUrl, ValidateIf } from 'class-validator';
import { CommonConfig, EnvInt } from '@lib/platform';
import type { AppOptions } from '@lib/platform';
import { PLATFORM_APPS } from '@lib/contracts';

const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };
/** The three OIDC settings are set together or not at all (none = every bearer token is refused). */
const anyOidc = (c: ServiceRegistryConfig): boolean => Boolean(c.OIDC_ISSUER || c.OIDC_AUDIENCE || c.OIDC_JWKS_URL);

/** Settings of service-registry (docs/service-registry.md "Settings"); the OIDC verifier reads its `OIDC_*` as they are. */
export class ServiceRegistryConfig extends CommonConfig {
  @ValidateIf(anyOidc)
  @IsString()
  @IsNotEmpty({ message: 'OIDC_ISSUER is required with the other OIDC_* settings' })
  OIDC_ISSUER?: string;

  /** Comma-separated for several audiences. */
  @ValidateIf(anyOidc)
  @IsString()
  @IsNotEmpty({ message: 'OIDC_AUDIENCE is required with the other OIDC_* settings' })
  OIDC_AUDIENCE?: string;

  @ValidateIf(anyOidc)
  @IsUrl(URL_OPTIONS, { message: 'OIDC_JWKS_URL must be an http(s) URL' })
  OIDC_JWKS_URL?: string;

  /** Exact name or dotted path, e.g. realm_access.roles. */
  @IsString()
  @IsNotEmpty()
  OIDC_ROLES_CLAIM = 'roles';

  @IsString()
  @IsNotEmpty()
  OIDC_GROUPS_CLAIM = 'groups';

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
