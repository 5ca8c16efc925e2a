import type { FastifyReply } from 'fastify';
import { IdempotentResult } from '../asientos/idempotency.service';

/** Sends an idempotent result: its stored status, and `Idempotent-Replayed: true` on a replay. */
export function sendIdempotent<T>(reply: FastifyReply, result: IdempotentResult<T>): T {
  reply.status(result.status);
  if (result.replayed) reply.header('Idempotent-Replayed', 'true');
  return result.body;
}
