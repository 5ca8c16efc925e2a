export { OidcBearerGuard, OidcUser } from './oidc-bearer.guard';
export { OidcModule } from './oidc.module';
export type { OidcModuleOptions } from './oidc.module';
export { OidcConfigError, oidcOptionsFromSettings } from './oidc.options';
export type { OidcOptions, OidcSettings } from './oidc.options';
export { claimToList, readClaim } from './oidc-principal';
export type { OidcPrincipal } from './oidc-principal';
export { OIDC_VERIFIER, USER_REQUEST_PROPERTY } from './oidc.tokens';
export { DEFAULT_OIDC_ALGORITHMS, InvalidTokenError, OidcUnavailableError, OidcVerifier } from './oidc-verifier';
