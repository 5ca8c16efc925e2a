import { Injectable, Logger } from '@nestjs/common';
import { MetricsService } from '@lib/platform';
import { Counter } from 'prom-client';
import { DataSource, EntityManager } from 'typeorm';
import { Actor } from '../common/actor';
import { requireEmpresa } from '../common/empresa-lock';
import { AuditView } from './dto/auditoria.view';
import { isoInstant } from '../common/sql';

/** What an audit record says besides who and which input (those come from the {@link Actor}). */
export interface AuditEvent {
  empresaId: string | null;
  accion: string;
  entidad: string;
  entidadId?: string | null;
  resultado?: string;
}

/**
 * The audit trail (docs/accounting.md "Audit trail": every accounting operation leaves a record). Successful
 * writes are recorded inside their own transaction (no booking without its record, no record of a rolled
 * back booking); refusals and reads are recorded after the fact by the audit interceptor.
 */
@Injectable()
export class AuditoriaService {
  private readonly logger = new Logger(AuditoriaService.name);

  private readonly failures: Counter;

  constructor(
    private readonly ds: DataSource,
    metrics: MetricsService,
  ) {
    this.failures = new Counter({
      name: 'audit_write_failures_total',
      help: 'Audit records (refusals, reads) that could not be written after a retry; each is in an error log line',
      registers: [metrics.registry],
    });
  }

  /** Inserts a record with `em` (the caller's transaction) or on its own. */
  async record(em: EntityManager | null, actor: Actor, event: AuditEvent): Promise<void> {
    await (em ?? this.ds.manager).query(
      `INSERT INTO auditoria (empresa_id, caller, accion, entidad, entidad_id, resultado, input_sha256)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [event.empresaId, actor.caller, event.accion, event.entidad, event.entidadId ?? null, event.resultado ?? 'ok', actor.inputSha256],
    );
  }

  /**
   * Like {@link record} outside any transaction, never failing the request. A failed write is retried
   * once; if it fails again the record is not lost silently: it goes whole into an error log line (to
   * be replayed from the logs) and `audit_write_failures_total` counts it for an alert.
   */
  async recordQuietly(actor: Actor, event: AuditEvent): Promise<void> {
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        await this.record(null, actor, event);
        return;
      } catch (err) {
        if (attempt === 2) this.lost(actor, event, err);
      }
    }
  }

  private lost(actor: Actor, event: AuditEvent, err: unknown): void {
    this.failures.inc();
    const audit = {
      ...event,
      resultado: event.resultado ?? 'ok',
      caller: actor.caller,
      input_sha256: actor.inputSha256,
      at: new Date().toISOString(),
    };
    const sqlstate = (err as { code?: unknown }).code;
    this.logger.error(
      { audit, sqlstate: typeof sqlstate === 'string' ? sqlstate : 'unknown' },
      'audit record not written after a retry; the record is in this line',
    );
  }

  /** Newest first; `before` is an id cursor from a previous page. */
  async list(empresaId: string, limit: number, before?: number): Promise<AuditView[]> {
    await requireEmpresa(this.ds.manager, empresaId);
    const rows: (Omit<AuditView, 'id'> & { id: string })[] = await this.ds.query(
      `SELECT id::text AS id, empresa_id, caller, accion, entidad, entidad_id, resultado, input_sha256,
              ${isoInstant('at')}
         FROM auditoria
        WHERE empresa_id = $1 AND ($2::bigint IS NULL OR id < $2)
        ORDER BY auditoria.id DESC LIMIT $3`, // the column, not the text alias (which sorts "15" before "9")
      [empresaId, before ?? null, limit],
    );
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }
}
