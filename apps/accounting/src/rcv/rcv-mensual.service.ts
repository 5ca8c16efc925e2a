import { BeforeApplicationShutdown, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { mesAnterior, santiagoDate } from '@lib/dte';
import { PeriodicTask } from '@lib/platform';
import { AccountingConfig } from '../config';
import { RcvService } from './rcv.service';
import { RcvStore } from './rcv.store';

export interface RcvMensualRun {
  periodo: string | null;
  conciliadas: number;
  fallidas: number;
}

/** How often the monthly run looks for empresas due (a pass costs one query when none is). */
const CHECK_MS = 60 * 60_000;

/**
 * The monthly RCV reconciliation (docs/accounting.md "RCV reconciliation"): from day `RCV_CONCILIACION_DIA` of a month, each
 * empresa whose previous month has no run made after that month ended is reconciled, one by one; a failure (the gateway, the
 * SII) is logged and tried again at the next hourly pass. Two replicas may both run an empresa: a run is idempotent.
 */
@Injectable()
export class RcvMensualService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(RcvMensualService.name);
  private readonly task = new PeriodicTask<RcvMensualRun>(RcvMensualService.name, () => this.pass(santiagoDate()));

  constructor(
    private readonly store: RcvStore,
    private readonly rcv: RcvService,
    private readonly config: AccountingConfig,
  ) {}

  onModuleInit(): void {
    if (this.config.RCV_CONCILIACION_DIA > 0) this.task.start(CHECK_MS);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** One pass as of `hoy` (YYYY-MM-DD, America/Santiago); a pass already running is awaited. */
  sync(hoy: string = santiagoDate()): Promise<RcvMensualRun> {
    return this.task.run(() => this.pass(hoy));
  }

  private async pass(hoy: string): Promise<RcvMensualRun> {
    const dia = this.config.RCV_CONCILIACION_DIA;
    const run: RcvMensualRun = { periodo: null, conciliadas: 0, fallidas: 0 };
    if (dia === 0 || Number(hoy.slice(8, 10)) < dia) return run;
    run.periodo = mesAnterior(hoy);
    const actor = { caller: 'rcv-mensual', inputSha256: createHash('sha256').update(`rcv-mensual:${run.periodo}`).digest('hex') };
    for (const empresaId of await this.store.empresasSinConciliar(run.periodo)) {
      try {
        await this.rcv.conciliar(empresaId, run.periodo, actor);
        run.conciliadas++;
      } catch (err) {
        run.fallidas++;
        this.logger.warn({ err, empresaId, periodo: run.periodo }, 'monthly RCV reconciliation failed; retried at the next pass');
      }
    }
    return run;
  }
}
