import { applyDecorators } from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';
import { INTERNAL_KEY_SCHEME } from '@lib/platform';

/** OpenAPI name of the end user's OIDC bearer scheme (`.addBearerAuth()` default name). */
export const END_USER_SCHEME = 'bearer';

/**
 * Documents the registry's authentication on a controller: the caller key always, plus an optional
 * end-user bearer token (`X-Internal-Key` alone, or `X-Internal-Key` and `Authorization: Bearer`).
 */
export function ApiEndUser(): ClassDecorator & MethodDecorator {
  return applyDecorators(ApiSecurity(INTERNAL_KEY_SCHEME), ApiSecurity({ [INTERNAL_KEY_SCHEME]: [], [END_USER_SCHEME]: [] } as never));
}
