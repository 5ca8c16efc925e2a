import { IsNotEmpty, IsOptional, IsString, IsUrl, ValidateIf } from 'class-validator';
import { CommonConfig, EnvInt } from '@lib/platform';
import type { AppOptions } from '@lib/platform';

const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };
/** The three OIDC settings are set together or not at all (none = every bearer token is refused). */
const anyOidc = (c: ServiceRegistryConfig): boolean => Boolean(c.OIDC_ISSUER || c.OIDC_AUDIENCE || c.OIDC_JWKS_URL);

/**
 * Settings of service-registry, validated once at boot: a bad one stops the process naming it
 * (docs/service-registry.md "Settings"). The registry's code injects this class; the OIDC verifier
 * takes its `OIDC_*` settings as they are (`OidcSettings` of @lib/auth).
 */
export class ServiceRegistryConfig extends CommonConfig {
  /** Expected `iss` of end-user bearer tokens. */
  @ValidateIf(anyOidc)
  @IsString()
  @IsNotEmpty({ message: 'OIDC_ISSUER is required with the other OIDC_* settings' })
  OIDC_ISSUER?: string;

  /** Expected `aud` (comma-separated for several). */
  @ValidateIf(anyOidc)
  @IsString()
  @IsNotEmpty({ message: 'OIDC_AUDIENCE is required with the other OIDC_* settings' })
  OIDC_AUDIENCE?: string;

  /** The identity provider's JWKS URL. */
  @ValidateIf(anyOidc)
  @IsUrl(URL_OPTIONS, { message: 'OIDC_JWKS_URL must be an http(s) URL' })
  OIDC_JWKS_URL?: string;

  /** Claim with the user's roles (exact name or dotted path, e.g. realm_access.roles). */
  @IsString()
  @IsNotEmpty()
  OIDC_ROLES_CLAIM = 'roles';

  /** Claim with the user's groups. */
  @IsString()
  @IsNotEmpty()
  OIDC_GROUPS_CLAIM = 'groups';

  /** Style component catalog served at /api/v1/style/components (default: the example of libs/schemas). */
  @IsOptional()
  @IsString()
  STYLE_CATALOG_PATH?: string;

  /** Slack-compatible webhook of the announcement channel; unset = announcements stay in the outbox. */
  @IsOptional()
  @IsUrl(URL_OPTIONS, { message: 'ANNOUNCE_WEBHOOK_URL must be an http(s) URL' })
  ANNOUNCE_WEBHOOK_URL?: string;

  /** Timeout of the /healthz probe of a checklist evaluation, milliseconds. */
  @EnvInt({ min: 100, max: 60_000 })
  HEALTH_PROBE_TIMEOUT_MS = 3000;

  /** Period of the schedulers (demotions, sunset, stale previews, announcements), milliseconds; 0 = off. */
  @EnvInt({ min: 0 })
  SCHEDULER_INTERVAL_MS = 60_000;

  /** Days during which /s/{slug}/ answers 410 after a demotion from beta or public. */
  @EnvInt({ min: 1, max: 365 })
  DEMOTION_GRACE_DAYS = 30;
}

/** Identity of the app: name, default port, docs title, settings class. */
export const appOptions: AppOptions = {
  appName: 'service-registry',
  defaultPort: 8280,
  title: 'Service registry',
  description: 'Service records, marketplace lifecycle and the style component catalog.',
  config: ServiceRegistryConfig,
};

/** Database created in the embedded PostgreSQL when DATABASE_URL is unset. */
export const DEFAULT_DATABASE_NAME = 'service_registry';
