/**
 * Settings of the OIDC bearer verification: the end user, when there is one, comes as a forwarded OIDC
 * access or ID token signed by the identity provider (docs/service-registry.md "Identity and access").
 */
export interface OidcOptions {
  /** Expected `iss` claim, e.g. `https://idp.example.com/realms/platform`. */
  issuer: string;
  /** Expected `aud` claim (one value, or any of several). */
  audience: string | string[];
  /** URL of the identity provider's JWKS (its public signing keys). */
  jwksUrl: string;
  /**
   * Claim holding the user's roles (default `roles`). Either a top-level claim name (which may contain
   * dots or slashes, e.g. `https://example.com/roles`) or a dotted path into nested objects
   * (e.g. `realm_access.roles`); the exact name wins when both exist.
   */
  rolesClaim?: string;
  /** Claim holding the user's groups (default `groups`), same lookup rules as `rolesClaim`. */
  groupsClaim?: string;
  /** Accepted signature algorithms (default: the asymmetric JWS algorithms jose supports). */
  algorithms?: string[];
  /** Clock skew tolerated on `exp`/`nbf`/`iat`, in seconds (default 30). */
  clockToleranceSeconds?: number;
  /** Timeout of one JWKS download, in milliseconds (default 5000). */
  jwksTimeoutMs?: number;
}

/** Raised at boot when the OIDC settings are incomplete or malformed; the message names the setting. */
export class OidcConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OidcConfigError';
  }
}

/** The OIDC settings of an app's validated config (names as in the environment). */
export interface OidcSettings {
  OIDC_ISSUER?: string;
  OIDC_AUDIENCE?: string;
  OIDC_JWKS_URL?: string;
  OIDC_ROLES_CLAIM?: string;
  OIDC_GROUPS_CLAIM?: string;
}

/**
 * Verification options from `OIDC_ISSUER`, `OIDC_AUDIENCE` (comma-separated for several),
 * `OIDC_JWKS_URL`, `OIDC_ROLES_CLAIM` (default `roles`) and `OIDC_GROUPS_CLAIM` (default `groups`).
 * Returns undefined when none of the three required settings is set (tokens are then refused,
 * anonymous calls still work). Throws {@link OidcConfigError} when only some are set or the JWKS
 * URL is not an http(s) URL.
 */
export function oidcOptionsFromSettings(settings: OidcSettings): OidcOptions | undefined {
  const issuer = settings.OIDC_ISSUER?.trim();
  const audience = settings.OIDC_AUDIENCE?.trim();
  const jwksUrl = settings.OIDC_JWKS_URL?.trim();
  if (!issuer && !audience && !jwksUrl) return undefined;
  const missing = [
    ['OIDC_ISSUER', issuer],
    ['OIDC_AUDIENCE', audience],
    ['OIDC_JWKS_URL', jwksUrl],
  ]
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length > 0) throw new OidcConfigError(`${missing.join(', ')} must be set together with the other OIDC_* settings`);
  let url: URL;
  try {
    url = new URL(jwksUrl as string);
  } catch {
    throw new OidcConfigError('OIDC_JWKS_URL is not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OidcConfigError('OIDC_JWKS_URL must be http(s)');
  const audiences = (audience as string)
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  return {
    issuer: issuer as string,
    audience: audiences.length === 1 ? audiences[0] : audiences,
    jwksUrl: url.toString(),
    rolesClaim: settings.OIDC_ROLES_CLAIM?.trim() || 'roles',
    groupsClaim: settings.OIDC_GROUPS_CLAIM?.trim() || 'groups',
  };
}
