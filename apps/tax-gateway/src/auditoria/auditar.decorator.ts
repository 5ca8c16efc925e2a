import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata, UseInterceptors, applyDecorators } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { mergeMap, type Observable } from 'rxjs';
import { requestTenant } from '@lib/platform';
import { AuditoriaService, sha256Of } from './auditoria.service';
import { AuditoriaStore } from './auditoria.store';
import type { OperacionAuditada } from './operaciones';

/** What a route tells of the operation it did, from its answer and request. */
export interface DetalleAuditado {
  /** The tenant when the request does not name it (`tenant` in body or query); null for all tenants. */
  tenant?: string | null;
  recurso?: string | null;
  /** The bytes involved, or their hex sha256 when the answer gives it; else the answer's canonical JSON is hashed. */
  bytes?: Buffer | string;
  sha256?: string;
}

type Detalle = (
  respuesta: never,
  req: FastifyRequest & { params: Record<string, string> },
  filas: AuditoriaStore,
) => DetalleAuditado | Promise<DetalleAuditado>;

const AUDITAR = 'auditoria:operacion';

/**
 * Marks a critical operation (spec 1 §9): {@link AuditoriaInterceptor} records its signed receipt before the answer leaves; `detalle` names
 * the tenant, the record and the bytes. Only these routes pay for it.
 */
export function Auditar(operacion: OperacionAuditada, detalle: Detalle = () => ({})): MethodDecorator {
  return applyDecorators(SetMetadata(AUDITAR, { operacion, detalle }), UseInterceptors(AuditoriaInterceptor));
}

/** Records the receipt of each successful {@link Auditar} route (put on those routes by the decorator). */
@Injectable()
export class AuditoriaInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly auditoria: AuditoriaService,
    private readonly filas: AuditoriaStore,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const spec = this.reflector.get<{ operacion: OperacionAuditada; detalle: Detalle } | undefined>(AUDITAR, ctx.getHandler());
    if (!spec) return next.handle();
    const req = ctx.switchToHttp().getRequest<FastifyRequest & { params: Record<string, string>; caller?: string }>();
    return next.handle().pipe(
      mergeMap(async (respuesta: unknown) => {
        const d = await spec.detalle(respuesta as never, req, this.filas);
        await this.auditoria.record({
          operacion: spec.operacion,
          actor: req.caller ?? 'unknown',
          tenant: d.tenant !== undefined ? d.tenant : (requestTenant(req as never) ?? null),
          recurso: d.recurso ?? null,
          sha256: d.sha256 ?? sha256Of(d.bytes, respuesta),
        });
        return respuesta;
      }),
    );
  }
}
