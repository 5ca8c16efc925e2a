import { BeforeApplicationShutdown, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { EmisionDetailDto } from '@lib/contracts';
import { ESTADOS_ENVIO_RECHAZADO, santiagoDate } from '@lib/dte';
import { PeriodicTask } from '@lib/platform';
import { ProblemException } from '@lib/schemas';
import { DataSource } from 'typeorm';
import { AsientosService } from '../asientos/asientos.service';
import { Actor } from '../common/actor';
import { AccountingConfig } from '../config';
import { GatewayClient } from '../gateway/gateway.client';

/** SII estados in which the envío of an emitted DTE was rejected as a whole (@lib/dte). */
const RECHAZO_ENVIO: readonly string[] = ESTADOS_ENVIO_RECHAZADO;

interface Pendiente {
  id: string;
  empresa_id: string;
  tipo_dte: number;
  folio: string;
  emision_id: string;
  asiento_id: string | null;
}

/** What one pass did. */
export interface SeguimientoRun {
  revisados: number;
  rechazados: number;
  fallidos: number;
}

/**
 * Follows the DTEs accounting emitted until the SII's final answer (docs/accounting.md "Emit DTEs"),
 * every `EMISION_SEGUIMIENTO_MINUTES`: reads each one's estado from the tax gateway and records it; a
 * document the SII rejected (the whole envío, or counted as rejected at EPR) is marked `rechazado` and
 * its sales entry is reversed once (idempotent per document, audited; dated today when its period is
 * closed).
 */
@Injectable()
export class SeguimientoService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(SeguimientoService.name);
  private readonly task = new PeriodicTask<SeguimientoRun>(SeguimientoService.name, () => this.pass());

  constructor(
    private readonly ds: DataSource,
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

  /** One pass over the emitted DTEs without a final estado; a pass already running is awaited. */
  sincronizar(): Promise<SeguimientoRun> {
    return this.task.run();
  }

  private async pass(): Promise<SeguimientoRun> {
    const run: SeguimientoRun = { revisados: 0, rechazados: 0, fallidos: 0 };
    const pendientes: Pendiente[] = await this.ds.query(
      `SELECT id, empresa_id, tipo_dte, folio::text AS folio, emision_id, asiento_id FROM documento_emitido
        WHERE estado NOT IN ('EPR', 'rechazado') ORDER BY created_at LIMIT 100`,
    );
    for (const d of pendientes) {
      try {
        const detail = await this.gateway.emision(d.emision_id);
        if (!detail) continue;
        run.revisados++;
        if (rechazado(detail, d.tipo_dte)) {
          await this.reversar(d, detail);
          run.rechazados++;
        } else {
          await this.ds.query('UPDATE documento_emitido SET estado = $2, trackid = COALESCE($3, trackid) WHERE id = $1', [
            d.id,
            detail.estado,
            detail.trackid,
          ]);
        }
      } catch (err) {
        run.fallidos++;
        this.logger.warn({ err, documento: d.id }, 'seguimiento: could not follow an emitted DTE; retried at the next pass');
      }
    }
    return run;
  }

  private async reversar(d: Pendiente, detail: EmisionDetailDto): Promise<void> {
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
    await this.ds.query(`UPDATE documento_emitido SET estado = 'rechazado' WHERE id = $1`, [d.id]);
  }
}

/**
 * The SII rejected this document: its whole envío, its outcome at EPR (`resultado`), or, for gateways that do not
 * say it, the EPR counts one rejected of its type (one DTE per envío).
 */
function rechazado(detail: EmisionDetailDto, tipo: number): boolean {
  if (RECHAZO_ENVIO.includes(detail.estado) || detail.resultado === 'rechazado') return true;
  return detail.estado === 'EPR' && (detail.documentos ?? []).some((c) => c.tipo_dte === tipo && c.rechazados > 0);
}
