import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { inputHash } from './hash';

/**
 * Who is calling and what they sent: what every audit record needs. `caller` is the name the
 * internal-key guard resolved (docs/DESIGN.md §3 "Callers"); `inputSha256` is the SHA-256 of the
 * canonical JSON of the route params, query and body as received (before DTO transforms).
 */
export interface Actor {
  caller: string;
  inputSha256: string;
}

interface RequestLike {
  body?: unknown;
  params?: unknown;
  query?: unknown;
  caller?: unknown;
  user?: unknown;
}

/** The caller name the auth guard put on the request (`anonymous` only if no guard ran). */
export function callerOf(req: RequestLike): string {
  const c = req.caller;
  if (typeof c === 'string') return c;
  if (c && typeof c === 'object' && typeof (c as { name?: unknown }).name === 'string') return (c as { name: string }).name;
  return 'anonymous';
}

/** Builds the {@link Actor} of a request. */
export function actorOf(req: RequestLike): Actor {
  return {
    caller: callerOf(req),
    inputSha256: inputHash({ params: req.params ?? {}, query: req.query ?? {}, body: req.body ?? null }),
  };
}

/** Route parameter decorator: `@CurrentActor() actor: Actor`. */
export const CurrentActor = createParamDecorator((_data: unknown, ctx: ExecutionContext): Actor =>
  actorOf(ctx.switchToHttp().getRequest<RequestLike>()),
);
