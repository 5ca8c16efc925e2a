import { HttpException } from '@nestjs/common';

/** `http_<status>` for a 4xx without `error` (Fastify's own errors carry `statusCode`). */
export function errorValue(err: unknown): string {
  if (err instanceof HttpException) {
    const body = err.getResponse() as { error?: unknown } | string;
    return typeof body === 'object' && typeof body?.error === 'string' ? body.error : `http_${err.getStatus()}`;
  }
  const status = (err as { statusCode?: unknown })?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? `http_${status}` : 'internal_error';
}
