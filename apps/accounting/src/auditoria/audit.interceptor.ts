import { isUUID } from 'class-validator';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { catchError, from, mergeMap, Observable, throwError } from 'rxjs';
import { actorOf } from '../common/actor';
import { AUDITED, AuditedOptions } from './audited.decorator';
import { AuditoriaService } from './auditoria.service';
import { errorValue } from './error-value';

interface AuditRequest {
  body?: { empresa_id?: unknown } | null;
  query?: { empresa_id?: unknown };
  params?: { id?: unknown };
}

function empresaOf(req: AuditRequest): string | null {
  const id = req.body?.empresa_id ?? req.query?.empresa_id;
  return typeof id === 'string' && isUUID(id) ? id : null;
}

/** Records refusals of `@Audited` routes and successful reads; services record successful writes. */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly auditoria: AuditoriaService,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const options = this.reflector.get<AuditedOptions | undefined>(AUDITED, ctx.getHandler());
    if (!options) return next.handle();
    const req = ctx.switchToHttp().getRequest<AuditRequest>();
    const param = typeof req.params?.id === 'string' && isUUID(req.params.id) ? req.params.id : null;
    const event = { empresaId: options.empresaFromParam ? param : empresaOf(req), accion: options.accion, entidad: options.entidad };
    const entidadId = typeof req.params?.id === 'string' ? req.params.id.slice(0, 64) : null;
    return next.handle().pipe(
      mergeMap((value) =>
        options.kind === 'read' ? from(this.auditoria.recordQuietly(actorOf(req), { ...event, entidadId }).then(() => value)) : [value],
      ),
      catchError((err: unknown) =>
        from(this.auditoria.recordQuietly(actorOf(req), { ...event, entidadId, resultado: errorValue(err) })).pipe(
          mergeMap(() => throwError(() => err)),
        ),
      ),
    );
  }
}
