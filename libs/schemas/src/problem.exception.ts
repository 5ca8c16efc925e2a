import { HttpException } from '@nestjs/common';
import { FieldProblem, ProblemDetails, buildProblem } from './problem';

/** `headers` are sent, not in the body; `cause` is for logs only; other members are RFC 9457 extensions (snake_case). */
export interface ProblemExtras {
  errors?: FieldProblem[];
  headers?: Record<string, string>;
  cause?: unknown;
  [member: string]: unknown;
}

/**
 * Rendered as RFC 9457 problem+json by the platform's filter; throw from anywhere. `error` is the stable snake_case value
 * (docs/platform.md "Errors"); `detail` must hold no secrets or stack traces.
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

  /** Without `instance` (the filter adds the request path). */
  getProblem(): ProblemDetails {
    return this.getResponse() as ProblemDetails;
  }

  /**
   * The members to store or record (status, error, detail, `errors` and extensions), without `type`, `title` and
   * `instance`, which the platform's filter writes again when the problem is answered.
   */
  toRecord(): Record<string, unknown> {
    const { type: _type, title: _title, instance: _instance, ...members } = this.getProblem() as unknown as Record<string, unknown>;
    return members;
  }

  /** `err` itself when it is a ProblemException, else 500 `internal_error` with `detail` (`err` kept as the cause for logs). */
  static of(err: unknown, detail: string): ProblemException {
    return err instanceof ProblemException ? err : new ProblemException(500, 'internal_error', detail, { cause: err });
  }
}

/** `error: detail` for a {@link ProblemException}, else the message. */
export function errorText(err: unknown): string {
  if (err instanceof ProblemException) return `${err.error}: ${err.detail}`;
  return err instanceof Error ? err.message : String(err);
}
