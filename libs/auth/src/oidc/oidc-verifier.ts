import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { OidcOptions } from './oidc.options';
import { claimToList, readClaim, type OidcPrincipal } from './oidc-principal';

/** Never `none`, never HMAC with a shared secret. */
export const DEFAULT_OIDC_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** `reason` is safe to show the client (no token content). */
export class InvalidTokenError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'InvalidTokenError';
  }
}

/** The JWKS could not be loaded: the token may be fine, so not the client's fault. */
export class OidcUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'OidcUnavailableError';
  }
}

/**
 * jose against the configured issuer, audience and JWKS (RFC 7519 §7.2, RFC 8725: explicit algorithms, issuer and audience always
 * checked); the JWKS is cached by jose. Without options every token is refused.
 */
export class OidcVerifier {
  private readonly keys?: JWTVerifyGetKey;

  constructor(
    private readonly options: OidcOptions | undefined,
    keys?: JWTVerifyGetKey,
  ) {
    if (options) {
      this.keys = keys ?? createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: options.jwksTimeoutMs ?? 5000 });
    }
  }

  get configured(): boolean {
    return this.options !== undefined;
  }

  /**
   * @throws InvalidTokenError for any bad token (malformed, signature, key, time, issuer, audience, no `sub`, not configured).
   * @throws OidcUnavailableError when the JWKS cannot be fetched or parsed.
   */
  async verify(token: string): Promise<OidcPrincipal> {
    if (!this.options || !this.keys) throw new InvalidTokenError('bearer tokens are not accepted: OIDC is not configured');
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.keys, {
        issuer: this.options.issuer,
        audience: this.options.audience,
        algorithms: this.options.algorithms ?? DEFAULT_OIDC_ALGORITHMS,
        clockTolerance: this.options.clockToleranceSeconds ?? 30,
      }));
    } catch (err) {
      throw classify(err);
    }
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new InvalidTokenError('the token has no sub claim');
    const claims = payload as Record<string, unknown>;
    return {
      sub: payload.sub,
      roles: claimToList(readClaim(claims, this.options.rolesClaim ?? 'roles')),
      groups: claimToList(readClaim(claims, this.options.groupsClaim ?? 'groups')),
      claims: payload,
    };
  }
}

function classify(err: unknown): Error {
  if (err instanceof errors.JWTExpired) return new InvalidTokenError('the token has expired');
  if (err instanceof errors.JWTClaimValidationFailed) return new InvalidTokenError(`claim ${err.claim} is not valid (${err.reason})`);
  if (err instanceof errors.JWSSignatureVerificationFailed) return new InvalidTokenError('the token signature is not valid');
  if (err instanceof errors.JWKSNoMatchingKey) return new InvalidTokenError('no key of the identity provider matches the token');
  if (err instanceof errors.JOSEAlgNotAllowed) return new InvalidTokenError('the token algorithm is not allowed');
  if (err instanceof errors.JWKSTimeout || err instanceof errors.JWKSInvalid) {
    return new OidcUnavailableError('the identity provider keys could not be loaded');
  }
  // jose raises the bare JOSEError only for a JWKS answer that is not 200 or not JSON; its subclasses describe the token itself.
  if (err instanceof errors.JOSEError && err.constructor !== errors.JOSEError) {
    return new InvalidTokenError('the token is malformed or not verifiable');
  }
  if (err instanceof TypeError) return new InvalidTokenError('the token is malformed or not verifiable');
  // Never echo internals to the client.
  return new OidcUnavailableError('the identity provider keys could not be loaded');
}
