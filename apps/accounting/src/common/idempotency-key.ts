import { ProblemException } from '@lib/schemas';
import { Actor } from './actor';

const KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * Every `Idempotency-Key` (docs/accounting.md "Idempotency"): 1-255 visible ASCII characters, scoped per
 * caller, bound to the digest of its first request.
 */
export function assertIdempotencyKey(key: string): void {
  if (!KEY.test(key)) {
    throw new ProblemException(400, 'validation_failed', 'Idempotency-Key must be 1-255 visible ASCII characters', {
      errors: [{ field: 'Idempotency-Key', message: 'invalid key' }],
    });
  }
}

export function assertSameRequest(prior: { request_sha256: string; operacion?: string }, actor: Actor, operacion?: string): void {
  if (prior.request_sha256 !== actor.inputSha256 || prior.operacion !== operacion) {
    throw new ProblemException(409, 'idempotency_key_reused', 'This Idempotency-Key was used with a different request');
  }
}
