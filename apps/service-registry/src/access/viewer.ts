import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { OidcPrincipal } from '@lib/auth';
import { ProblemException } from '@lib/schemas';

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

  belongsTo(group: string): boolean {
    return this.user?.groups.includes(group) ?? false;
  }

  /** Admins too: they create services and promote them out of internal. */
  get seesEverything(): boolean {
    return this.hasAny([ROLES.superadmin, ROLES.staff, ROLES.admin]);
  }

  get actor(): string {
    if (this.user) return `user:${this.user.sub}`;
    return this.caller ? `caller:${this.caller}` : 'anonymous';
  }
}

/** 403 `insufficient_role` unless the viewer holds one of `roles`; `action` completes "<roles> may ...". */
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

export const CurrentViewer = createParamDecorator((_data: unknown, ctx: ExecutionContext): Viewer => {
  const req = ctx.switchToHttp().getRequest<ViewerRequest>();
  return new Viewer(req.caller, req.user);
});
