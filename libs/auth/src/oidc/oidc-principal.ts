import type { JWTPayload } from 'jose';

/** The verified end user of a request (absent = anonymous). */
export interface OidcPrincipal {
  /** `sub` claim: the user's stable identifier at the identity provider. */
  sub: string;
  /** Roles read from the configured roles claim (e.g. `superadmin`, `staff`, `admin`). */
  roles: string[];
  /** Groups read from the configured groups claim (e.g. `billing-preview`). */
  groups: string[];
  /** Every verified claim, for display names and audit records. */
  claims: JWTPayload;
}

/**
 * Reads a claim by exact name first, then as a dotted path into nested objects
 * (`realm_access.roles`). Returns undefined when absent.
 */
export function readClaim(claims: Record<string, unknown>, name: string): unknown {
  if (Object.prototype.hasOwnProperty.call(claims, name)) return claims[name];
  let current: unknown = claims;
  for (const part of name.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/**
 * Normalizes a roles/groups claim to a list of non-empty strings: an array of strings, or a
 * space- or comma-separated string (some providers emit `"roles": "a b"`). Groups given as paths
 * (`/billing-preview`, Keycloak style) lose their leading slash. Anything else gives [].
 */
export function claimToList(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  const list = raw
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim().replace(/^\/+/, ''))
    .filter((v) => v.length > 0);
  return [...new Set(list)];
}
