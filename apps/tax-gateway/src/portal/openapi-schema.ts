import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/** A libs/schemas JSON Schema inlined in an OpenAPI answer: the same schema without its draft and id keywords. */
export function openApiSchema(schema: object): SchemaObject {
  const { $schema: _draft, $id: _id, ...rest } = schema as Record<string, unknown>;
  return rest as SchemaObject;
}

/** Problems of every route that reaches the portal (docs/tax-gateway.md "Error values"). */
export const PORTAL_PROBLEMS = [
  400,
  401,
  403,
  { status: 409, errors: ['session_expired'] },
  { status: 429, errors: ['rate_limited'] },
  { status: 502, errors: ['portal_error', 'sii_rejected'] },
  { status: 503, errors: ['portal_unavailable', 'portal_busy', 'sii_unavailable'] },
  { status: 504, errors: ['portal_timeout', 'sii_timeout'] },
];

/** Rate limit of a route that reaches the portal (spec 1 "Limits": every such route carries one), per caller + tenant. */
export const PORTAL_THROTTLE = { default: { limit: 30, ttl: 60_000 } };
