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

export interface AuditedRequest {
  params: Record<string, string>;
  query?: unknown;
  body?: unknown;
  headers: Record<string, string | string[] | undefined>;
  caller?: string;
}

/** Records audited routes' outcomes before the answer leaves (docs/tax-gateway.md "Audit receipts", docs/accounting.md "Audit trail"). */
export interface AuditSink<S = never> {
  succeeded?(spec: S, request: AuditedRequest, answer: unknown): Promise<void>;
  failed?(spec: S, request: AuditedRequest, error: unknown): Promise<void>;
}

/** Audits a route with `spec` for the {@link AuditSink} (docs/ARCHITECTURE.md "Audit"); other routes (cached reads) do not pay for it. */
export function AuditedRoute<S>(spec: S): MethodDecorator {
  return applyDecorators(SetMetadata(AUDITED, spec), UseInterceptors(AuditInterceptor));
}

/** Hands an audited route's outcome to the app's {@link AuditSink}; put on the route by {@link AuditedRoute}. */
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
