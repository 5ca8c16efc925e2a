import { ExecutionContext, Injectable } from '@nestjs/common';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import { RouteMetadataReflector } from '@lib/auth';
import { tryNormalizeRut } from '@lib/rut';
import { ProblemException } from '@lib/schemas';

type TrackedRequest = {
  caller?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  body?: unknown;
  query?: Record<string, unknown>;
};

/** The tenant a request is about, when it says: body `tenant`, query `tenant` or header `X-Tenant`. */
export function requestTenant(req: TrackedRequest): string | undefined {
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  const raw = body['tenant'] ?? req.query?.['tenant'] ?? req.headers?.['x-tenant'];
  if (typeof raw !== 'string' || raw.length === 0) return undefined;
  return tryNormalizeRut(raw) ?? raw.slice(0, 64);
}

/**
 * Rate limits per caller (or address) + tenant, 429 `rate_limited` with Retry-After (docs/platform.md "What an app gets").
 * Runs after the key guard, which sets the caller.
 */
@Injectable()
export class PlatformThrottlerGuard extends ThrottlerGuard {
  // RouteMetadataReflector remembers per route the five metadata keys the library reads per request.
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: RouteMetadataReflector,
  ) {
    super(options, storage, reflector);
  }

  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    const request = req as TrackedRequest;
    const who = request.caller ? `caller:${request.caller}` : `ip:${request.ip ?? 'unknown'}`;
    const tenant = requestTenant(request);
    return tenant ? `${who}|tenant:${tenant}` : who;
  }

  /** Plain text, not the library's SHA-256 per request: the tracker is already bounded (caller, tenant cut at 64, address). */
  protected override generateKey(context: ExecutionContext, tracker: string, name: string): string {
    return `${context.getClass().name}-${context.getHandler().name}-${name}-${tracker}`;
  }

  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const seconds = Math.max(1, Math.ceil(detail.timeToBlockExpire));
    throw new ProblemException(429, 'rate_limited', `Rate limit of ${detail.limit} requests exceeded; retry in ${seconds} s.`, {
      headers: { 'Retry-After': String(seconds) },
    });
  }
}
