import { ExecutionContext, SetMetadata, applyDecorators, createParamDecorator } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

/** Metadata key of {@link Public}. */
export const IS_PUBLIC_KEY = 'auth:isPublic';
/** Metadata key of {@link Callers}. */
export const ALLOWED_CALLERS_KEY = 'auth:allowedCallers';
/** OpenAPI extension set on public operations (the platform clears their security requirement). */
export const PUBLIC_OPENAPI_EXTENSION = 'x-public';

/**
 * Marks a route or controller as reachable without `X-Internal-Key` (only health endpoints should be:
 * spec 1 "Authentication" 4). Also flags the OpenAPI operation so it is documented without security.
 */
export function Public(): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(IS_PUBLIC_KEY, true), ApiExtension(PUBLIC_OPENAPI_EXTENSION, true));
}

/**
 * Restricts a route or controller to the named callers (names as in `INTERNAL_KEYS`). Another valid
 * caller gets 403 `forbidden_caller`. A method-level list replaces the controller-level one.
 */
export function Callers(...callers: string[]): MethodDecorator & ClassDecorator {
  return SetMetadata(ALLOWED_CALLERS_KEY, callers);
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
