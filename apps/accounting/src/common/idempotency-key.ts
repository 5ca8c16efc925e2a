import { ProblemException } from '@lib/schemas';
import { Actor } from './actor';

const KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * The rules every `Idempotency-Key` of accounting follows (docs/accounting.md "Idempotency"): 1-255
 * visible ASCII characters, scoped per caller, bound to the digest of the request it first came with.
 * Two stores apply them: posting routes keep the key in their own transaction (asientos
 * IdempotencyService); emission, which calls the gateway between two transactions, commits the key as
 * pending first (EmisionClaims).
 * @throws ProblemException 400 `validation_failed` for a malformed key.
 */
export function assertIdempotencyKey(key: string): void {
  if (!KEY.test(key)) {
    throw new ProblemException(400, 'validation_failed', 'Idempotency-Key must be 1-255 visible ASCII characters', {
      errors: [{ field: 'Idempotency-Key', message: 'invalid key' }],
    });
  }
}

/**
 * A key seen before must come back with the same request (and, where the store records it, the same
 * operation).
 * @throws ProblemException 409 `idempotency_key_reused`.
 */
export function assertSameRequest(prior: { request_sha256: string; operacion?: string }, actor: Actor, operacion?: string): void {
  if (prior.request_sha256 !== actor.inputSha256 || prior.operacion !== operacion) {
    throw new ProblemException(409, 'idempotency_key_reused', 'This Idempotency-Key was used with a different request');
  }
}
