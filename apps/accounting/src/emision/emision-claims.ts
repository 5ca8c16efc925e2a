import { Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { Actor } from '../common/actor';
import { Tx } from '../common/accounting.store';
import { assertIdempotencyKey, assertSameRequest } from '../common/idempotency-key';
import { EmisionStore, PriorSolicitud } from './emision.store';

export interface StoredAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Idempotency-Key of POST /contable/emit-dte (docs/accounting.md "Idempotency"). An HTTP call must not run
 * inside a database transaction, so the key is COMMITTED as `pendiente` BEFORE the gateway is called; a
 * concurrent request then gets 409 `idempotency_key_pending`. A key is released only when no DTE can exist.
 * A crash while pending leaves the key pending: look the emission up at the gateway.
 */
@Injectable()
export class EmisionClaims {
  constructor(private readonly store: EmisionStore) {}

  /** Null when claimed; else the stored answer of a completed request with the same key and body. */
  async claim(actor: Actor, key: string, empresaId: string): Promise<StoredAnswer | null> {
    assertIdempotencyKey(key);
    // Two rounds: a key released between our INSERT and SELECT is claimed on the second.
    for (let round = 0; round < 2; round++) {
      if (await this.store.claimKey(actor.caller, key, actor.inputSha256, empresaId)) return null;
      const prior = await this.store.priorSolicitud(actor.caller, key);
      if (prior) return this.answerFor(prior, actor);
    }
    throw new ProblemException(409, 'idempotency_key_pending', 'This Idempotency-Key is being claimed and released concurrently; retry', {
      headers: { 'Retry-After': '5' },
    });
  }

  private answerFor(prior: PriorSolicitud, actor: Actor): StoredAnswer {
    assertSameRequest(prior, actor);
    if (prior.estado === 'pendiente') {
      throw new ProblemException(
        409,
        'idempotency_key_pending',
        'An emission with this Idempotency-Key is in progress; retry later for its answer',
        {
          headers: { 'Retry-After': '5' },
        },
      );
    }
    return { status: prior.status, body: prior.respuesta };
  }

  complete(tx: Tx | null, actor: Actor, key: string, answer: StoredAnswer): Promise<void> {
    return this.store.completeKey(tx, actor.caller, key, answer.status, answer.body);
  }

  release(actor: Actor, key: string): Promise<void> {
    return this.store.releaseKey(actor.caller, key);
  }
}
