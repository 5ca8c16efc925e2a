import { ProblemException } from '@lib/schemas';

/**
 * Upload STATUS 5, QueryEstUp ESTADO 001/002/003, HTTP 401 (docs/research/sii-protocol.md §2.2): callers invalidate the token and retry
 * once.
 */
export class SiiTokenInvalidError extends Error {
  constructor(
    readonly operation: string,
    readonly reason: string,
  ) {
    super(`SII ${operation}: token invalid (${reason})`);
    this.name = 'SiiTokenInvalidError';
  }
}

/** 502 `sii_bad_response`: an HTML error page, an HTTP error status or XML that is not the expected answer. */
export function siiBadResponse(operation: string, detail: string, cause?: unknown): ProblemException {
  return new ProblemException(502, 'sii_bad_response', `The SII gave an unusable answer (${operation}): ${detail}`, {
    cause,
    operation,
  });
}

/** `sii_status` and `sii_details` carry the SII's code and messages (escaped text, never markup). */
export function siiRejected(operation: string, status: string | number, details: string[] = []): ProblemException {
  const text = details.length ? `: ${details.join('; ')}` : '';
  return new ProblemException(502, 'sii_rejected', `The SII rejected ${operation} with status ${status}${text}`, {
    operation,
    sii_status: String(status),
    sii_details: details,
  });
}
