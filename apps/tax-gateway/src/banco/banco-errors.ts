import { ProblemException } from '@lib/schemas';

/** 502 `banco_error`: the aggregator answered, but not usably (a 4xx, JSON of the wrong shape). */
export function bancoError(operation: string, detail: string, cause?: unknown): ProblemException {
  return new ProblemException(502, 'banco_error', `The bank provider gave an unusable answer (${operation}): ${detail}`, {
    cause,
    operation,
  });
}

/** 503 `banco_unavailable`: the aggregator could not be reached (connection refused, DNS, reset) or answered 5xx. */
export function bancoUnavailable(operation: string, detail: string, cause?: unknown): ProblemException {
  return new ProblemException(503, 'banco_unavailable', `The bank provider is not available (${operation}): ${detail}`, {
    cause,
    operation,
  });
}

export function bancoNotLinked(tenant: string): ProblemException {
  return new ProblemException(422, 'banco_not_linked', `Tenant ${tenant} has no bank link (PUT /banco/links/{tenant}).`, { tenant });
}

export function rangeInvalid(field: 'desde' | 'hasta', message: string): ProblemException {
  return new ProblemException(400, 'range_invalid', message, { errors: [{ field, message }] });
}

export const BANCO_PROBLEMS = [
  { status: 502, errors: ['banco_error'] },
  { status: 503, errors: ['banco_unavailable', 'banco_links_key_missing'] },
  { status: 504, errors: ['banco_timeout'] },
];
