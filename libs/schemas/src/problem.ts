import { STATUS_CODES } from 'node:http';

/** Media type of every error body (RFC 9457 §3). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** One problem with one input field; `field` is a dotted path (`items.0.rut`). */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * RFC 9457 problem details as returned by every app, plus the platform's extension members:
 * `error` (stable snake_case value clients switch on) and `errors[]` (field problems).
 */
export interface ProblemDetails {
  /** URI identifying the problem type: `urn:problem-type:<error>` (see {@link problemType}). */
  type: string;
  /** Short human summary: the HTTP reason phrase of `status`. */
  title: string;
  status: number;
  /** Human explanation of this occurrence. Never a stack trace. */
  detail: string;
  /** The request path that produced the problem. */
  instance?: string;
  /** Stable snake_case error value: `unauthorized`, `validation_failed`, `not_found`, ... */
  error: string;
  errors?: FieldProblem[];
  [extension: string]: unknown;
}

/** Stable error values for HTTP statuses when the thrower did not choose a more precise one. */
const ERROR_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

/** Default `error` value for a status (`404` -> `not_found`); unknown 4xx -> `client_error`, 5xx -> `internal_error`. */
export function errorForStatus(status: number): string {
  return ERROR_BY_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'client_error');
}

/** The RFC 9457 `type` URI of an error value. A URN: stable, and not pretending to be a web page. */
export function problemType(error: string): string {
  return `urn:problem-type:${error}`;
}

/** The RFC 9457 `title` of a status: its HTTP reason phrase. */
export function problemTitle(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/**
 * Builds a complete problem body. `extras` may add `errors` and other extension members; the
 * reserved members (type, title, status, error, detail) cannot be overridden through it.
 */
export function buildProblem(status: number, error: string, detail: string, extras: Record<string, unknown> = {}): ProblemDetails {
  return { ...extras, type: problemType(error), title: problemTitle(status), status, detail, error };
}
