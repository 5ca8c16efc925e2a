import { Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { DataSource, EntityManager } from 'typeorm';
import { Actor } from '../common/actor';
import { assertIdempotencyKey, assertSameRequest } from '../common/idempotency-key';

/** A stored answer (success body or problem body) with its status. */
export interface StoredAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Idempotency-Key of POST /contable/emit-dte (docs/accounting.md "Idempotency"). Unlike the asientos keys, which live in
 * the posting transaction, an emission calls the gateway in between, and an HTTP call must not run
 * inside a database transaction; so the key and the request digest are COMMITTED as `pendiente`
 * BEFORE the gateway is called. A concurrent or later request with the key then sees it: 409
 * `idempotency_key_pending` while pending, the stored answer once completed, 409
 * `idempotency_key_reused` for another body. A key is released (deleted) only when no DTE can exist
 * (the gateway was not reached or refused before taking a folio), so the caller may retry.
 * A process crash while pending leaves the key pending: look the emission up at the gateway.
 */
@Injectable()
export class EmisionClaims {
  constructor(private readonly ds: DataSource) {}

  /**
   * Claims `key` for this request (committed at once), or returns the stored answer of a completed
   * request with the same key and body.
   * @throws 400 `validation_failed` malformed key; 409 `idempotency_key_reused` | `idempotency_key_pending`.
   */
  async claim(actor: Actor, key: string, empresaId: string): Promise<StoredAnswer | null> {
    assertIdempotencyKey(key);
    // Two rounds: a key released between our INSERT and SELECT is claimed on the second.
    for (let round = 0; round < 2; round++) {
      const claimed = await this.ds.query(
        `INSERT INTO emision_solicitud (caller, clave, request_sha256, empresa_id, estado) VALUES ($1, $2, $3, $4, 'pendiente')
         ON CONFLICT DO NOTHING RETURNING clave`,
        [actor.caller, key, actor.inputSha256, empresaId],
      );
      if (claimed.length > 0) return null;
      const [prior] = await this.ds.query(
        'SELECT request_sha256, estado, status, respuesta FROM emision_solicitud WHERE caller = $1 AND clave = $2',
        [actor.caller, key],
      );
      if (prior) return this.answerFor(prior, actor);
    }
    throw new ProblemException(409, 'idempotency_key_pending', 'This Idempotency-Key is being claimed and released concurrently; retry', {
      headers: { 'Retry-After': '5' },
    });
  }

  private answerFor(
    prior: { request_sha256: string; estado: string; status: number; respuesta: Record<string, unknown> },
    actor: Actor,
  ): StoredAnswer {
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

  /** Stores the final answer (in the booking transaction `em`, or on its own). */
  async complete(em: EntityManager | null, actor: Actor, key: string, answer: StoredAnswer): Promise<void> {
    await (em ?? this.ds.manager).query(
      `UPDATE emision_solicitud SET estado = 'completada', status = $3, respuesta = $4, updated_at = now()
        WHERE caller = $1 AND clave = $2`,
      [actor.caller, key, answer.status, JSON.stringify(answer.body)],
    );
  }

  /** Forgets a pending key whose request certainly emitted nothing. */
  async release(actor: Actor, key: string): Promise<void> {
    await this.ds.query(`DELETE FROM emision_solicitud WHERE caller = $1 AND clave = $2 AND estado = 'pendiente'`, [actor.caller, key]);
  }
}
