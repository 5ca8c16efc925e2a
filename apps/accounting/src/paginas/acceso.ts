import type { OidcPrincipal } from '@lib/auth';
import { ProblemException } from '@lib/schemas';

/** The role that sees every empresa's books (an accounting firm's staff). */
export const ROL_CONTADOR = 'contador';

/**
 * Who may read an empresa's pages (docs/accounting.md "Reporting pages"): a signed-in end user (an OIDC bearer token) with the role
 * `contador`, or in the group `empresa:<RUT>` of that empresa. @throws 401 `unauthenticated` without a token, 403 `forbidden_empresa`.
 */
export function requireLector(user: OidcPrincipal | undefined, empresaRut: string): void {
  if (!user) {
    throw new ProblemException(401, 'unauthenticated', 'Sign in: these pages need an end user’s bearer token.', {
      headers: { 'WWW-Authenticate': 'Bearer' },
    });
  }
  if (user.roles.includes(ROL_CONTADOR) || user.groups.includes(`empresa:${empresaRut}`)) return;
  throw new ProblemException(403, 'forbidden_empresa', `User ${user.sub} may not read the books of ${empresaRut}.`);
}
