import { ExecutionContext, SetMetadata, applyDecorators, createParamDecorator } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

/** Metadata key of {@link Public}. */
export const IS_PUBLIC_KEY = 'auth:isPublic';
/** Metadata key of {@link Callers}. */
export const ALLOWED_CALLERS_KEY = 'auth:allowedCallers';
/** OpenAPI extension set on public operations (the platform clears their security requirement). */
export const PUBLIC_OPENAPI_EXTENSION = 'x-public';
/** OpenAPI extension listing the callers a route admits. */
export const CALLERS_OPENAPI_EXTENSION = 'x-callers';
/** In a {@link Callers} list: every configured caller (platform routes such as /metrics and /whoami). */
export const ANY_CALLER = '*';

/**
 * Marks a route or controller as reachable without `X-Internal-Key` (health probes and the marketplace
 * pages browsers open: docs/platform.md "Callers"). Also flags the OpenAPI operation so it is documented
 * without security.
 */
export function Public(): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(IS_PUBLIC_KEY, true), ApiExtension(PUBLIC_OPENAPI_EXTENSION, true));
}

/**
 * Restricts a route or controller to the named callers (names as in `INTERNAL_KEYS`; the matrix of each
 * app is in docs/platform.md "Callers"). Another valid caller gets 403 `forbidden_caller`. A method-level
 * list replaces the controller-level one. `@Callers(ANY_CALLER)` admits every configured caller. The list is
 * published in the OpenAPI document as `x-callers`, so every route states who may use it.
 */
export function Callers(...callers: string[]): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(ALLOWED_CALLERS_KEY, callers), ApiExtension(CALLERS_OPENAPI_EXTENSION, callers));
}

/** Request property where the guard stores the authenticated caller name. */
export const CALLER_REQUEST_PROPERTY = 'caller';

/** A request as seen by the guards: Fastify's, with the raw Node request underneath. */
export interface CallerAwareRequest {
  headers: Record<string, string | string[] | undefined>;
  caller?: string;
  raw?: { caller?: string };
}

/** Injects the authenticated caller name (`undefined` on a public route called without a key). */
export const Caller = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): string | undefined => ctx.switchToHttp().getRequest<CallerAwareRequest>().caller,
);
