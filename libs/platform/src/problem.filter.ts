import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PROBLEM_CONTENT_TYPE, ProblemDetails, ProblemException, buildProblem, errorForStatus } from '@lib/schemas';

/** A problem ready to send: body plus the response headers it needs. */
export interface RenderedProblem {
  problem: ProblemDetails;
  headers: Record<string, string>;
}

const GENERIC_5XX = 'An unexpected error occurred.';

// Fastify errors (content-type parser, body limit, multipart limits) carry a 4xx statusCode and a code.
const FASTIFY_ERROR_VALUES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
};

function httpExceptionDetail(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.map(String).join('; ');
  if (typeof message === 'string') return message;
  return exception.message;
}

/**
 * Maps anything thrown to a problem (RFC 9457): ProblemException as is; other HttpExceptions by status;
 * errors with a 4xx `statusCode` (Fastify parser / body limit / multipart) keep it (bad input is never a
 * 500); an unmapped unique violation is 409 `conflict`; everything else is 500 `internal_error` with a
 * generic detail.
 */
export function toProblem(exception: unknown): RenderedProblem {
  if (exception instanceof ProblemException) return { problem: { ...exception.getProblem() }, headers: exception.headers };
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    return { problem: buildProblem(status, errorForStatus(status), httpExceptionDetail(exception)), headers: {} };
  }
  const candidate = exception as { statusCode?: unknown; code?: unknown; message?: unknown } | undefined;
  const status = candidate?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = typeof candidate?.code === 'string' ? candidate.code : '';
    const error = FASTIFY_ERROR_VALUES[code] ?? errorForStatus(status);
    const detail = typeof candidate?.message === 'string' ? candidate.message : errorForStatus(status);
    return { problem: buildProblem(status, error, detail), headers: {} };
  }
  if (isUniqueViolation(exception)) {
    return { problem: buildProblem(409, 'conflict', UNIQUE_VIOLATION_DETAIL), headers: {} };
  }
  return { problem: buildProblem(500, 'internal_error', GENERIC_5XX), headers: {} };
}

const UNIQUE_VIOLATION_DETAIL = 'The request conflicts with a record that already exists (possibly created by a concurrent request).';

/**
 * A PostgreSQL unique violation (SQLSTATE 23505) that no service mapped itself: two concurrent
 * requests raced to create the same thing. That is a conflict for the caller, never a 500.
 */
function isUniqueViolation(exception: unknown): boolean {
  const e = exception as { code?: unknown; driverError?: { code?: unknown } } | undefined;
  return e?.driverError?.code === '23505' || e?.code === '23505';
}

/**
 * The one exception filter of every app: every error leaves as `application/problem+json`. The stack is
 * logged for 5xx only and never sent. `instance` is the request path (query string dropped).
 */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const { problem, headers } = toProblem(exception);
    problem.instance = (request.url ?? '').split('?')[0];
    if (problem.status >= 500) {
      this.logger.error({ err: exception, status: problem.status, instance: problem.instance }, 'request failed');
    }
    if (reply.sent) return;
    void reply.status(problem.status).headers(headers).header('content-type', PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
  }
}
