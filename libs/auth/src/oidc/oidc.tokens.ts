/** Injection token of the {@link OidcVerifier} used by {@link OidcBearerGuard}. */
export const OIDC_VERIFIER = Symbol('OIDC_VERIFIER');

/** Request property where {@link OidcBearerGuard} stores the verified end user (absent = anonymous). */
export const USER_REQUEST_PROPERTY = 'user';
