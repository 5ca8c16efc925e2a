import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { INTERNAL_KEY_REGISTRY } from './auth.tokens';
import { ALLOWED_CALLERS_KEY, ANY_CALLER, CallerAwareRequest, IS_PUBLIC_KEY } from './decorators';
import { InternalKeyRegistry } from './internal-keys';
import { RouteMetadataReflector } from './route-metadata.reflector';

/** Header carrying the caller's key (docs/platform.md "Callers"). */
export const INTERNAL_KEY_HEADER = 'x-internal-key';

/**
 * Global guard (registered as APP_GUARD by the platform): every route needs a known `X-Internal-Key`
 * unless marked {@link Public}. Missing or unknown key -> 401 `unauthorized`; a key of a caller not in
 * the route's {@link Callers} list -> 403 `forbidden_caller`. The caller name is stored on the request
 * (`request.caller` and `request.raw.caller`) for {@link Caller}, logs and metrics.
 */
@Injectable()
export class InternalKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: RouteMetadataReflector,
    @Inject(INTERNAL_KEY_REGISTRY) private readonly registry: InternalKeyRegistry,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets)) return true;

    const request = context.switchToHttp().getRequest<CallerAwareRequest>();
    const caller = this.registry.match(request.headers[INTERNAL_KEY_HEADER]);
    if (!caller) throw new ProblemException(401, 'unauthorized', 'Missing or invalid X-Internal-Key header.');
    request.caller = caller;
    if (request.raw) request.raw.caller = caller;

    const allowed = this.reflector.getAllAndOverride<string[] | undefined>(ALLOWED_CALLERS_KEY, targets);
    if (allowed && !allowed.includes(caller) && !allowed.includes(ANY_CALLER)) {
      throw new ProblemException(403, 'forbidden_caller', `Caller "${caller}" may not use this route.`);
    }
    return true;
  }
}
