import { Injectable, Logger } from '@nestjs/common';
import { MetricsService } from '@lib/platform';
import { Counter } from 'prom-client';
import { Actor } from '../common/actor';
import { Tx } from '../common/accounting.store';
import { AuditoriaStore } from './auditoria.store';
import { AuditView } from './dto/auditoria.view';

/** Who and which input come from the {@link Actor}. */
export interface AuditEvent {
  empresaId: string | null;
  accion: string;
  entidad: string;
  entidadId?: string | null;
  resultado?: string;
}

/**
 * The audit trail (docs/accounting.md "Audit trail"). Successful writes are recorded in their own
 * transaction; refusals and reads after the fact by the audit interceptor.
 */
@Injectable()
export class AuditoriaService {
  private readonly logger = new Logger(AuditoriaService.name);

  private readonly failures: Counter;

  constructor(
    private readonly store: AuditoriaStore,
    metrics: MetricsService,
  ) {
    this.failures = new Counter({
      name: 'audit_write_failures_total',
      help: 'Audit records (refusals, reads) that could not be written after a retry; each is in an error log line',
      registers: [metrics.registry],
    });
  }

  async record(tx: Tx | null, actor: Actor, event: AuditEvent): Promise<void> {
    await this.store.insert(tx, {
      ...event,
      entidadId: event.entidadId ?? null,
      resultado: event.resultado ?? 'ok',
      caller: actor.caller,
      inputSha256: actor.inputSha256,
    });
  }

  /**
   * Never fails the request: a write failing twice goes whole into an error log line (to be replayed) and
   * `audit_write_failures_total` counts it for an alert.
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

  async list(empresaId: string, limit: number, before?: number): Promise<AuditView[]> {
    await this.store.requireEmpresa(empresaId);
    return this.store.list(empresaId, limit, before);
  }
}
