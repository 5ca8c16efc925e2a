import { Injectable } from '@nestjs/common';
import { Actor } from '../common/actor';
import { Tx } from '../common/accounting.store';
import { assertIdempotencyKey, assertSameRequest } from '../common/idempotency-key';
import { IdempotentResult } from '../common/idempotent-reply';
import { AsientosStore } from './asientos.store';

/**
 * `Idempotency-Key` (docs/accounting.md "Idempotency"): the answer is stored in the request's own transaction;
 * a concurrent identical request waits on the uncommitted key row.
 */
@Injectable()
export class IdempotencyService {
  constructor(private readonly store: AsientosStore) {}

  async run<T>(
    tx: Tx,
    actor: Actor,
    key: string | undefined,
    operacion: string,
    status: number,
    work: () => Promise<T>,
  ): Promise<IdempotentResult<T>> {
    if (key === undefined) return { status, body: await work(), replayed: false };
    assertIdempotencyKey(key);
    if (!(await this.store.claimKey(tx, actor.caller, key, operacion, actor.inputSha256))) {
      const prior = await this.store.priorRequest(tx, actor.caller, key);
      assertSameRequest(prior, actor, operacion);
      return { status: prior.status, body: prior.respuesta as T, replayed: true };
    }
    const body = await work();
    await this.store.storeAnswer(tx, actor.caller, key, status, body);
    return { status, body, replayed: false };
  }
}
