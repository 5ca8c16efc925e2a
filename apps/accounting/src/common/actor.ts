import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { inputHash } from './hash';

/**
 * What every audit record needs: the `caller` the internal-key guard resolved (docs/DESIGN.md §3 "Callers")
 * and the SHA-256 of the canonical JSON of the params, query and body as received (before DTO transforms).
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

/** `anonymous` only if no guard ran. */
export function callerOf(req: RequestLike): string {
  const c = req.caller;
  if (typeof c === 'string') return c;
  if (c && typeof c === 'object' && typeof (c as { name?: unknown }).name === 'string') return (c as { name: string }).name;
  return 'anonymous';
}

export function actorOf(req: RequestLike): Actor {
  return {
    caller: callerOf(req),
    inputSha256: inputHash({ params: req.params ?? {}, query: req.query ?? {}, body: req.body ?? null }),
  };
}

export const CurrentActor = createParamDecorator((_data: unknown, ctx: ExecutionContext): Actor =>
  actorOf(ctx.switchToHttp().getRequest<RequestLike>()),
);
