import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Actor } from '../common/actor';
import { requireEmpresa } from '../common/empresa-lock';
import { AuditView } from './dto/auditoria.view';

/** What an audit record says besides who and which input (those come from the {@link Actor}). */
export interface AuditEvent {
  empresaId: string | null;
  accion: string;
  entidad: string;
  entidadId?: string | null;
  resultado?: string;
}

/**
 * The audit trail (DESIGN §5: every accounting operation leaves a record). Successful writes are
 * recorded inside their own transaction (no booking without its record, no record of a rolled
 * back booking); refusals and reads are recorded after the fact by the audit interceptor.
 */
@Injectable()
export class AuditoriaService {
  private readonly logger = new Logger(AuditoriaService.name);

  constructor(private readonly ds: DataSource) {}

  /** Inserts a record with `em` (the caller's transaction) or on its own. */
  async record(em: EntityManager | null, actor: Actor, event: AuditEvent): Promise<void> {
    await (em ?? this.ds.manager).query(
      `INSERT INTO auditoria (empresa_id, caller, accion, entidad, entidad_id, resultado, input_sha256)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [event.empresaId, actor.caller, event.accion, event.entidad, event.entidadId ?? null, event.resultado ?? 'ok', actor.inputSha256],
    );
  }

  /** Like {@link record} outside any transaction, never failing the request (logged instead). */
  async recordQuietly(actor: Actor, event: AuditEvent): Promise<void> {
    try {
      await this.record(null, actor, event);
    } catch (err) {
      this.logger.error(`audit record for ${event.accion} not written: ${(err as Error).message}`);
    }
  }

  /** Newest first; `before` is an id cursor from a previous page. */
  async list(empresaId: string, limit: number, before?: number): Promise<AuditView[]> {
    await requireEmpresa(this.ds.manager, empresaId);
    const rows: (Omit<AuditView, 'id'> & { id: string })[] = await this.ds.query(
      `SELECT id::text AS id, empresa_id, caller, accion, entidad, entidad_id, resultado, input_sha256,
              to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
         FROM auditoria
        WHERE empresa_id = $1 AND ($2::bigint IS NULL OR id < $2)
        ORDER BY auditoria.id DESC LIMIT $3`, // the column, not the text alias (which sorts "15" before "9")
      [empresaId, before ?? null, limit],
    );
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }
}
