import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Actor } from '../common/actor';
import { assertIdempotencyKey, assertSameRequest } from '../common/idempotency-key';

/** The answer of an idempotent operation. */
export interface IdempotentResult<T> {
  status: number;
  body: T;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

/**
 * `Idempotency-Key` support (docs/accounting.md "Idempotency"): the first request with a key runs and its answer is
 * stored in the same transaction; a retry with the same key and the same input gets that answer;
 * the same key with another input is refused. Keys are scoped per caller. Two identical requests
 * at once apply once: the second one's INSERT waits on the first one's uncommitted key row.
 * Failed requests store nothing (their transaction rolls back), so they may be retried.
 */
@Injectable()
export class IdempotencyService {
  /**
   * Runs `work` in `em`'s transaction unless `key` was already used.
   * @throws 400 `validation_failed` for a malformed key; 409 `idempotency_key_reused` when the key
   *   was used for a different operation or input.
   */
  async run<T>(
    em: EntityManager,
    actor: Actor,
    key: string | undefined,
    operacion: string,
    status: number,
    work: () => Promise<T>,
  ): Promise<IdempotentResult<T>> {
    if (key === undefined) return { status, body: await work(), replayed: false };
    assertIdempotencyKey(key);
    const claimed = await em.query(
      `INSERT INTO idempotencia (caller, clave, operacion, request_sha256) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING clave`,
      [actor.caller, key, operacion, actor.inputSha256],
    );
    if (claimed.length === 0) {
      const [prior] = await em.query(
        'SELECT operacion, request_sha256, status, respuesta FROM idempotencia WHERE caller = $1 AND clave = $2',
        [actor.caller, key],
      );
      assertSameRequest(prior, actor, operacion);
      return { status: prior.status, body: prior.respuesta as T, replayed: true };
    }
    const body = await work();
    await em.query('UPDATE idempotencia SET status = $3, respuesta = $4 WHERE caller = $1 AND clave = $2', [
      actor.caller,
      key,
      status,
      JSON.stringify(body),
    ]);
    return { status, body, replayed: false };
  }
}
