import type { JWTPayload } from 'jose';

/** The verified end user (absent = anonymous): `sub`, roles and groups from the configured claims, every verified claim. */
export interface OidcPrincipal {
  sub: string;
  roles: string[];
  groups: string[];
  claims: JWTPayload;
}

/** Exact name first, then a dotted path (`realm_access.roles`). */
export function readClaim(claims: Record<string, unknown>, name: string): unknown {
  if (Object.prototype.hasOwnProperty.call(claims, name)) return claims[name];
  let current: unknown = claims;
  for (const part of name.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Arrays of strings or space/comma-separated strings (`"roles": "a b"`); Keycloak paths lose the leading slash; else []. */
export function claimToList(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  const list = raw
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim().replace(/^\/+/, ''))
    .filter((v) => v.length > 0);
  return [...new Set(list)];
}
