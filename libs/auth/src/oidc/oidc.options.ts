/** Verification of a forwarded end-user token (docs/service-registry.md "Identity and access"); claims by exact name, else dotted path. */
export interface OidcOptions {
  issuer: string;
  audience: string | string[];
  jwksUrl: string;
  rolesClaim?: string;
  groupsClaim?: string;
  algorithms?: string[];
  clockToleranceSeconds?: number;
  jwksTimeoutMs?: number;
}

/** Raised at boot when the OIDC settings are incomplete or malformed; names the setting. */
export class OidcConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OidcConfigError';
  }
}

export interface OidcSettings {
  OIDC_ISSUER?: string;
  OIDC_AUDIENCE?: string;
  OIDC_JWKS_URL?: string;
  OIDC_ROLES_CLAIM?: string;
  OIDC_GROUPS_CLAIM?: string;
}

/** From the `OIDC_*` settings; undefined when none of the three required is set. @throws OidcConfigError when partial or not http(s). */
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
