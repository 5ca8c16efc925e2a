import type { FastifyReply } from 'fastify';

/** The answer of an idempotent operation; `replayed` when it is the stored answer of an earlier request with the same key. */
export interface IdempotentResult<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/** Sends an idempotent result: its stored status, and `Idempotent-Replayed: true` on a replay. */
export function sendIdempotent<T>(reply: FastifyReply, result: IdempotentResult<T>): T {
  reply.status(result.status);
  if (result.replayed) reply.header('Idempotent-Replayed', 'true');
  return result.body;
}
