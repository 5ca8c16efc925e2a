import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PROBLEM_CONTENT_TYPE, ProblemDetails, ProblemException, buildProblem, errorForStatus } from '@lib/schemas';

/** A problem body plus the response headers it needs. */
export interface RenderedProblem {
  problem: ProblemDetails;
  headers: Record<string, string>;
}

const GENERIC_5XX = 'An unexpected error occurred.';

// Multipart limits are 400: a second file where one is expected is a malformed request, not a large one.
const FASTIFY_ERRORS: Record<string, { status?: number; error: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { error: 'invalid_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { error: 'invalid_json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { error: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { error: 'unsupported_media_type' },
  // Also what a body that is not valid UTF-8 becomes: decoded, it no longer has the announced length.
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { error: 'invalid_body' },
  FST_REQ_FILE_TOO_LARGE: { error: 'payload_too_large' },
  FST_FILES_LIMIT: { status: 400, error: 'too_many_files' },
  FST_FIELDS_LIMIT: { status: 400, error: 'too_many_fields' },
  FST_PARTS_LIMIT: { status: 400, error: 'too_many_parts' },
  FST_PROTO_VIOLATION: { status: 400, error: 'invalid_multipart' },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, error: 'invalid_multipart' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, error: 'unsupported_media_type' },
};

// busboy reports a multipart body without boundary or cut short as a plain Error, or as a prematurely closed stream.
const MALFORMED_MULTIPART = /^Multipart: |unexpected end of multipart data|Malformed part header/i;
const CUT_SHORT = 'ERR_STREAM_PREMATURE_CLOSE';

export interface ProblemContext {
  multipart?: boolean;
}

function httpExceptionDetail(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.map(String).join('; ');
  if (typeof message === 'string') return message;
  return exception.message;
}

/** Anything thrown as an RFC 9457 problem: bad input is never a 500, an unmapped unique violation is 409 `conflict`. */
export function toProblem(exception: unknown, context: ProblemContext = {}): RenderedProblem {
  if (exception instanceof ProblemException) return { problem: { ...exception.getProblem() }, headers: exception.headers };
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    return { problem: buildProblem(status, errorForStatus(status), httpExceptionDetail(exception)), headers: {} };
  }
  const candidate = exception as { statusCode?: unknown; code?: unknown; message?: unknown } | undefined;
  const message = typeof candidate?.message === 'string' ? candidate.message : '';
  const known = typeof candidate?.code === 'string' ? FASTIFY_ERRORS[candidate.code] : undefined;
  const status = known?.status ?? candidate?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { problem: buildProblem(status, known?.error ?? errorForStatus(status), message || errorForStatus(status)), headers: {} };
  }
  const cutShort = context.multipart === true && candidate?.code === CUT_SHORT;
  if (candidate?.statusCode === undefined && (MALFORMED_MULTIPART.test(message) || cutShort)) {
    return { problem: buildProblem(400, 'invalid_multipart', 'The multipart body is malformed (no boundary, or cut short).'), headers: {} };
  }
  if (isUniqueViolation(exception)) {
    return { problem: buildProblem(409, 'conflict', UNIQUE_VIOLATION_DETAIL), headers: {} };
  }
  return { problem: buildProblem(500, 'internal_error', GENERIC_5XX), headers: {} };
}

const UNIQUE_VIOLATION_DETAIL = 'The request conflicts with a record that already exists (possibly created by a concurrent request).';

/** SQLSTATE 23505 that no service mapped: concurrent requests raced to create the same thing, a conflict, never a 500. */
function isUniqueViolation(exception: unknown): boolean {
  const e = exception as { code?: unknown; driverError?: { code?: unknown } } | undefined;
  return e?.driverError?.code === '23505' || e?.code === '23505';
}

/** Every error leaves as `application/problem+json`; the stack is logged for 5xx only, never sent; `instance` drops the query. */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const multipart = String(request.headers?.['content-type'] ?? '')
      .toLowerCase()
      .startsWith('multipart/');
    const { problem, headers } = toProblem(exception, { multipart });
    problem.instance = (request.url ?? '').split('?')[0];
    if (problem.status >= 500) {
      this.logger.error({ err: exception, status: problem.status, instance: problem.instance }, 'request failed');
    }
    if (reply.sent) return;
    void reply.status(problem.status).headers(headers).header('content-type', PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
  }
}
