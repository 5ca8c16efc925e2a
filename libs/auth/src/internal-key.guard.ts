import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { INTERNAL_KEY_REGISTRY } from './auth.tokens';
import { ALLOWED_CALLERS_KEY, ANY_CALLER, CallerAwareRequest, IS_PUBLIC_KEY } from './decorators';
import { InternalKeyRegistry } from './internal-keys';
import { RouteMetadataReflector } from './route-metadata.reflector';

/** docs/platform.md "Callers". */
export const INTERNAL_KEY_HEADER = 'x-internal-key';

/**
 * Global: a known `X-Internal-Key` unless {@link Public}; missing or unknown -> 401 `unauthorized`, a caller outside
 * {@link Callers} -> 403 `forbidden_caller`. Stores the caller on the request for {@link Caller}, logs, metrics.
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
