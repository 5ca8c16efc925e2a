export const OIDC_VERIFIER = Symbol('OIDC_VERIFIER');

/** Absent = anonymous. */
export const USER_REQUEST_PROPERTY = 'user';
