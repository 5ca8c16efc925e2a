import {
  CallHandler,
  ExecutionContext,
  Inject,
  Injectable,
  NestInterceptor,
  SetMetadata,
  UseInterceptors,
  applyDecorators,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { catchError, from, mergeMap, throwError, type Observable } from 'rxjs';

/** The app's {@link AuditSink}, provided by a global module of the app (its auditoria area). */
export const AUDIT_SINK = Symbol('AUDIT_SINK');
const AUDITED = 'platform:audited';

/** The request of an audited route as the sink sees it. */
export interface AuditedRequest {
  params: Record<string, string>;
  query?: unknown;
  body?: unknown;
  headers: Record<string, string | string[] | undefined>;
  caller?: string;
}

/**
 * Where an app records what its audited routes did, with the route's spec (the operation, the record, what to
 * keep): the gateway signs a receipt of each critical operation (docs/tax-gateway.md "Audit receipts"), accounting
 * keeps its audit trail of reads and refusals (docs/accounting.md "Audit trail"). Both run before the answer leaves.
 */
export interface AuditSink<S = never> {
  /** The route answered 2xx with `answer`. */
  succeeded?(spec: S, request: AuditedRequest, answer: unknown): Promise<void>;
  /** The route refused or failed with `error`, which is answered after this returns. */
  failed?(spec: S, request: AuditedRequest, error: unknown): Promise<void>;
}

/**
 * Marks a route as audited with `spec`, which the app's {@link AuditSink} reads (docs/ARCHITECTURE.md "Audit"). The
 * interceptor runs on these routes only, so the others (the cached reads) do not pay for it.
 */
export function AuditedRoute<S>(spec: S): MethodDecorator {
  return applyDecorators(SetMetadata(AUDITED, spec), UseInterceptors(AuditInterceptor));
}

/** Hands each audited route's outcome to the app's {@link AuditSink} (put on those routes by {@link AuditedRoute}). */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    @Inject(AUDIT_SINK) private readonly sink: AuditSink<unknown>,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const spec: unknown = this.reflector.get(AUDITED, ctx.getHandler());
    if (spec === undefined) return next.handle();
    const req = ctx.switchToHttp().getRequest<AuditedRequest>();
    return next.handle().pipe(
      mergeMap(async (answer: unknown) => {
        await this.sink.succeeded?.(spec, req, answer);
        return answer;
      }),
      catchError((err: unknown) => from(Promise.resolve(this.sink.failed?.(spec, req, err))).pipe(mergeMap(() => throwError(() => err)))),
    );
  }
}
