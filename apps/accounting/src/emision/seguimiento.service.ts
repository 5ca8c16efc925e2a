import { BeforeApplicationShutdown, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { EmisionDetailView } from '@lib/contracts';
import { santiagoDate } from '@lib/dte';
import { PeriodicTask } from '@lib/platform';
import { ProblemException } from '@lib/schemas';
import { AsientosService } from '../asientos/asientos.service';
import { Actor } from '../common/actor';
import { AccountingConfig } from '../config';
import { GatewayClient } from '../gateway/gateway.client';
import { EmisionStore, Pendiente } from './emision.store';

export interface SeguimientoRun {
  revisados: number;
  rechazados: number;
  fallidos: number;
}

/**
 * Follows the DTEs accounting emitted until the SII's final answer (docs/accounting.md "Emit DTEs"); a
 * document the SII rejected is marked `rechazado` and its sales entry reversed once (dated today when its
 * period is closed).
 */
@Injectable()
export class SeguimientoService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(SeguimientoService.name);
  private readonly task = new PeriodicTask<SeguimientoRun>(SeguimientoService.name, () => this.pass());

  constructor(
    private readonly store: EmisionStore,
    private readonly gateway: GatewayClient,
    private readonly asientos: AsientosService,
    private readonly config: AccountingConfig,
  ) {}

  onModuleInit(): void {
    this.task.start(this.config.EMISION_SEGUIMIENTO_MINUTES * 60_000);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** A pass already running is awaited. */
  sync(): Promise<SeguimientoRun> {
    return this.task.run();
  }

  private async pass(): Promise<SeguimientoRun> {
    const run: SeguimientoRun = { revisados: 0, rechazados: 0, fallidos: 0 };
    const pendientes = await this.store.pendientes();
    for (const d of pendientes) {
      try {
        const detail = await this.gateway.fetchEmision(d.emision_id);
        if (!detail) continue;
        run.revisados++;
        if (detail.resultado === 'rechazado') {
          await this.reverseRejected(d, detail);
          run.rechazados++;
        }
        await this.store.setSeguimiento(d.id, detail);
      } catch (err) {
        run.fallidos++;
        this.logger.warn({ err, documento: d.id }, 'seguimiento: could not follow an emitted DTE; retried at the next pass');
      }
    }
    return run;
  }

  private async reverseRejected(d: Pendiente, detail: EmisionDetailView): Promise<void> {
    if (d.asiento_id) {
      const key = `sii-rechazo:${d.id}`;
      const actor: Actor = { caller: 'seguimiento', inputSha256: createHash('sha256').update(key).digest('hex') };
      const glosa = `Reversa: DTE tipo ${d.tipo_dte} N° ${d.folio} rechazado por el SII (${detail.estado}${detail.glosa ? `: ${detail.glosa}` : ''})`;
      const reverse = (fecha?: string) =>
        this.asientos.reverse(d.asiento_id as string, { empresa_id: d.empresa_id, glosa, fecha }, actor, key);
      await reverse().catch((err: unknown) => {
        if (err instanceof ProblemException && err.error === 'period_closed') return reverse(santiagoDate());
        if (err instanceof ProblemException && err.error === 'already_reversed') return undefined;
        throw err;
      });
    }
  }
}
