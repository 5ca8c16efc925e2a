import { ProblemException } from '@lib/schemas';

/** 502 `banco_error`: the bank-data aggregator answered, but not usably (a 4xx such as a refused key or link, JSON that is not the expected shape). */
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

/** 504 `banco_timeout`: the aggregator did not answer within BANK_TIMEOUT_MS. */
export function bancoTimeout(operation: string, cause?: unknown): ProblemException {
  return new ProblemException(504, 'banco_timeout', `The bank provider did not answer in time (${operation}).`, { cause, operation });
}

/** 422 `banco_not_linked`: the tenant has no link token in BANK_LINK_TOKENS (its bank was never linked). */
export function bancoNoVinculado(tenant: string): ProblemException {
  return new ProblemException(422, 'banco_not_linked', `Tenant ${tenant} has no bank link (BANK_LINK_TOKENS).`, { tenant });
}

/** 400 `range_invalid`: desde/hasta of a refresh that are not a usable range. */
export function rangoInvalido(field: 'desde' | 'hasta', message: string): ProblemException {
  return new ProblemException(400, 'range_invalid', message, { errors: [{ field, message }] });
}

/** OpenAPI specs of the problems of a route that reaches the aggregator. */
export const BANCO_PROBLEMS = [
  { status: 502, errors: ['banco_error'] },
  { status: 503, errors: ['banco_unavailable'] },
  { status: 504, errors: ['banco_timeout'] },
];
