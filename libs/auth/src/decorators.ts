import { ExecutionContext, SetMetadata, applyDecorators, createParamDecorator } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

export const IS_PUBLIC_KEY = 'auth:isPublic';
export const ALLOWED_CALLERS_KEY = 'auth:allowedCallers';
/** The platform clears the security requirement of operations carrying it. */
export const PUBLIC_OPENAPI_EXTENSION = 'x-public';
export const CALLERS_OPENAPI_EXTENSION = 'x-callers';
/** Every configured caller (platform routes such as /metrics and /whoami). */
export const ANY_CALLER = '*';

/** Reachable without `X-Internal-Key` (health probes, pages browsers open: docs/platform.md "Callers"); documented without security. */
export function Public(): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(IS_PUBLIC_KEY, true), ApiExtension(PUBLIC_OPENAPI_EXTENSION, true));
}

/**
 * Restricts to the named callers (`INTERNAL_KEYS` names; matrix in docs/platform.md "Callers"); another gets 403 `forbidden_caller`.
 * A method-level list replaces the controller's. Published as `x-callers` in the OpenAPI document.
 */
export function Callers(...callers: string[]): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(ALLOWED_CALLERS_KEY, callers), ApiExtension(CALLERS_OPENAPI_EXTENSION, callers));
}

export const CALLER_REQUEST_PROPERTY = 'caller';

export interface CallerAwareRequest {
  headers: Record<string, string | string[] | undefined>;
  caller?: string;
  raw?: { caller?: string };
}

/** `undefined` on a public route called without a key. */
export const Caller = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): string | undefined => ctx.switchToHttp().getRequest<CallerAwareRequest>().caller,
);
