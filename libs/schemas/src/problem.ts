import { STATUS_CODES } from 'node:http';

/** RFC 9457 §3. */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** `field` is a dotted path (`items.0.rut`). */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * RFC 9457 problem details plus `error` (stable snake_case value clients switch on) and `errors[]`. `type` is
 * `urn:problem-type:<error>`, `title` the reason phrase, `detail` never a stack trace, `instance` the request path.
 */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  error: string;
  errors?: FieldProblem[];
  [extension: string]: unknown;
}

/** When the thrower did not choose a more precise value. */
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

/** Unknown 4xx -> `client_error`, 5xx -> `internal_error`. */
export function errorForStatus(status: number): string {
  return ERROR_BY_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'client_error');
}

/** A URN: stable, and not pretending to be a web page. */
export function problemType(error: string): string {
  return `urn:problem-type:${error}`;
}

/** The RFC 9457 `title` of a status: its HTTP reason phrase. */
export function problemTitle(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/** The reserved members (type, title, status, error, detail) cannot be overridden through `extras`. */
export function buildProblem(status: number, error: string, detail: string, extras: Record<string, unknown> = {}): ProblemDetails {
  return { ...extras, type: problemType(error), title: problemTitle(status), status, detail, error };
}
