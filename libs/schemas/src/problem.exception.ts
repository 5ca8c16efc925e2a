import { HttpException } from '@nestjs/common';
import { FieldProblem, ProblemDetails, buildProblem } from './problem';

/** Optional parts of a {@link ProblemException}. */
export interface ProblemExtras {
  /** Field problems (`errors[]` in the body). */
  errors?: FieldProblem[];
  /** Response headers to send with the problem (e.g. `Retry-After`); not part of the body. */
  headers?: Record<string, string>;
  /** The underlying error, kept for logs only; never serialized. */
  cause?: unknown;
  /** Any other RFC 9457 extension member (snake_case), e.g. `trackid`. */
  [member: string]: unknown;
}

/**
 * An HTTP error that the platform's exception filter renders as RFC 9457 problem+json.
 * Throw it from anywhere (services included):
 * `throw new ProblemException(409, 'conflict', 'Folio 12 is already used')`.
 *
 * @param status HTTP status (4xx/5xx).
 * @param error  stable snake_case value clients switch on (docs/platform.md "Errors").
 * @param detail human explanation of this occurrence; must not contain secrets or stack traces.
 * @param extras `errors[]`, response `headers`, a `cause` for logs, other extension members.
 */
export class ProblemException extends HttpException {
  readonly error: string;
  readonly detail: string;
  readonly headers: Record<string, string>;

  constructor(status: number, error: string, detail: string, extras: ProblemExtras = {}) {
    const { headers = {}, cause, ...members } = extras;
    super(buildProblem(status, error, detail, members), status, cause === undefined ? undefined : { cause });
    this.error = error;
    this.detail = detail;
    this.headers = headers;
  }

  /** The problem body without `instance` (the filter adds the request path). */
  getProblem(): ProblemDetails {
    return this.getResponse() as ProblemDetails;
  }
}

/** One line saying what went wrong: `error: detail` for a {@link ProblemException}, else the error's message. */
export function errorText(err: unknown): string {
  if (err instanceof ProblemException) return `${err.error}: ${err.detail}`;
  return err instanceof Error ? err.message : String(err);
}
