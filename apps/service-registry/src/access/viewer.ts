import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { OidcPrincipal } from '@lib/auth';
import { ProblemException } from '@lib/schemas';

/** Role names read from the identity provider's roles claim. */
export const ROLES = { superadmin: 'superadmin', staff: 'staff', admin: 'admin' } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];

/**
 * Who is asking: the calling app (X-Internal-Key) and, when a bearer token was forwarded, the end
 * user. No token = anonymous, whatever the caller: the caller key identifies an app, never a person.
 */
export class Viewer {
  constructor(
    readonly caller: string | undefined,
    readonly user: OidcPrincipal | undefined,
  ) {}

  static anonymous(caller?: string): Viewer {
    return new Viewer(caller, undefined);
  }

  get authenticated(): boolean {
    return this.user !== undefined;
  }

  has(role: Role): boolean {
    return this.user?.roles.includes(role) ?? false;
  }

  hasAny(roles: readonly Role[]): boolean {
    return roles.some((r) => this.has(r));
  }

  inGroup(group: string): boolean {
    return this.user?.groups.includes(group) ?? false;
  }

  /**
   * Superadmin or staff (internal is visible to them only) - and admin, who creates services
   * and promotes them out of internal, so must see them (admins are platform staff).
   */
  get seesEverything(): boolean {
    return this.hasAny([ROLES.superadmin, ROLES.staff, ROLES.admin]);
  }

  /** Actor recorded in history and audit rows: `user:<sub>` (via the caller), `caller:<name>` or `anonymous`. */
  get actor(): string {
    if (this.user) return `user:${this.user.sub}`;
    return this.caller ? `caller:${this.caller}` : 'anonymous';
  }
}

/**
 * 403 `insufficient_role` unless the viewer holds one of `roles`. `action` completes the sentence
 * "<roles> may ..." in the detail, e.g. "promote a service to beta".
 */
export function requireRole(viewer: Viewer, roles: readonly Role[], action: string): void {
  if (viewer.hasAny(roles)) return;
  const who = viewer.user
    ? `user ${viewer.user.sub} (roles: ${viewer.user.roles.join(', ') || 'none'})`
    : 'an anonymous request (no bearer token)';
  throw new ProblemException(403, 'insufficient_role', `Only ${roles.join(' or ')} may ${action}; this is ${who}.`, {
    required_roles: [...roles],
  });
}

interface ViewerRequest {
  caller?: string;
  user?: OidcPrincipal;
}

/** Injects the {@link Viewer} of the request (after InternalKeyGuard and OidcBearerGuard ran). */
export const CurrentViewer = createParamDecorator((_data: unknown, ctx: ExecutionContext): Viewer => {
  const req = ctx.switchToHttp().getRequest<ViewerRequest>();
  return new Viewer(req.caller, req.user);
});
