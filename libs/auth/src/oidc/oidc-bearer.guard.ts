import { CanActivate, ExecutionContext, Inject, Injectable, createParamDecorator } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { OIDC_VERIFIER } from './oidc.tokens';
import type { OidcPrincipal } from './oidc-principal';
import { InvalidTokenError, OidcVerifier } from './oidc-verifier';

interface UserAwareRequest {
  headers: Record<string, string | string[] | undefined>;
  user?: OidcPrincipal;
  raw?: { user?: OidcPrincipal };
}

const BEARER = /^Bearer[ \t]+([A-Za-z0-9\-._~+/]+=*)[ \t]*$/i;

/**
 * Optional end-user authentication (RFC 6750): no `Authorization` is anonymous; a Bearer JWT is verified and stored as
 * `request.user`. Any other value or a bad token -> 401 `invalid_token` with `WWW-Authenticate`; JWKS unreachable -> 503
 * `upstream_unavailable`. Run it after InternalKeyGuard.
 */
@Injectable()
export class OidcBearerGuard implements CanActivate {
  constructor(@Inject(OIDC_VERIFIER) private readonly verifier: OidcVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<UserAwareRequest>();
    const header = request.headers.authorization;
    if (header === undefined || header === '') return true;
    const match = typeof header === 'string' ? BEARER.exec(header) : null;
    if (!match) throw invalidToken('the Authorization header is not a single "Bearer <token>"');
    let user: OidcPrincipal;
    try {
      user = await this.verifier.verify(match[1]);
    } catch (err) {
      if (err instanceof InvalidTokenError) throw invalidToken(err.reason);
      throw new ProblemException(503, 'upstream_unavailable', 'The identity provider keys could not be loaded; try again later.', {
        cause: err,
      });
    }
    request.user = user;
    if (request.raw) request.raw.user = user;
    return true;
  }
}

function invalidToken(reason: string): ProblemException {
  return new ProblemException(401, 'invalid_token', `Invalid bearer token: ${reason}.`, {
    headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
  });
}

/** Injects the verified end user, or `undefined` for an anonymous request. */
export const OidcUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): OidcPrincipal | undefined => ctx.switchToHttp().getRequest<UserAwareRequest>().user,
);
