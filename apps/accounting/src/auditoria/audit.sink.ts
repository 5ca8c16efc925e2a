import { isUUID } from 'class-validator';
import { Injectable } from '@nestjs/common';
import type { AuditSink, AuditedRequest } from '@lib/platform';
import { actorOf } from '../common/actor';
import type { AuditedOptions } from './audited.decorator';
import { AuditEvent, AuditoriaService } from './auditoria.service';
import { errorValue } from './error-value';

/** Records refusals of `@Audited` routes and successful reads; services record successful writes in their transaction. */
@Injectable()
export class AccountingAuditSink implements AuditSink<AuditedOptions> {
  constructor(private readonly auditoria: AuditoriaService) {}

  async succeeded(options: AuditedOptions, req: AuditedRequest): Promise<void> {
    if (options.kind === 'read') await this.auditoria.recordQuietly(actorOf(req), eventOf(options, req));
  }

  async failed(options: AuditedOptions, req: AuditedRequest, err: unknown): Promise<void> {
    await this.auditoria.recordQuietly(actorOf(req), { ...eventOf(options, req), resultado: errorValue(err) });
  }
}

function eventOf(options: AuditedOptions, req: AuditedRequest): AuditEvent {
  const id = req.params?.id;
  const param = typeof id === 'string' && isUUID(id) ? id : null;
  return {
    empresaId: options.empresaFromParam ? param : empresaOf(req),
    accion: options.accion,
    entidad: options.entidad,
    entidadId: typeof id === 'string' ? id.slice(0, 64) : null,
  };
}

function empresaOf(req: AuditedRequest): string | null {
  const body = req.body as { empresa_id?: unknown } | null | undefined;
  const query = req.query as { empresa_id?: unknown } | undefined;
  const id = body?.empresa_id ?? query?.empresa_id;
  return typeof id === 'string' && isUUID(id) ? id : null;
}
