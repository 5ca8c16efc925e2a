import { HttpException } from '@nestjs/common';

/**
 * The stable error value an audit record keeps for a refusal (`validation_failed`, `period_closed`,
 * ...): the problem's `error`, `http_<status>` for a 4xx without one (Fastify's own errors carry
 * `statusCode`), `internal_error` for anything else.
 */
export function errorValue(err: unknown): string {
  if (err instanceof HttpException) {
    const body = err.getResponse() as { error?: unknown } | string;
    return typeof body === 'object' && typeof body?.error === 'string' ? body.error : `http_${err.getStatus()}`;
  }
  const status = (err as { statusCode?: unknown })?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? `http_${status}` : 'internal_error';
}
