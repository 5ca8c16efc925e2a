import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { PeriodicTask } from '@lib/platform';
import { TIPOS_BOLETA } from '@lib/dte';
import { BoletaEnvios } from '../boleta/boleta-envios';
import { CesionService } from '../cesion/cesion.service';
import { CesionStore } from '../cesion/cesion.store';
import { EmisionQueryService } from '../dte/emision-query.service';
import { EmisionUploader } from '../dte/emision-uploader';
import { EmisionStore } from '../dte/emision.store';
import { LibrosService } from '../libros/libros.service';
import { LibrosStore } from '../libros/libros.store';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';

/** An emission left `signed` this long was interrupted (a normal upload follows its signing within seconds). */
const STALE_SECONDS = 120;

export interface ReconcileRun {
  uploaded: number;
  /** Envíos asked with QueryEstUp (the emissions', the books'), and cesiones with the registry's getEstEnvio or getEstCesionRelac. */
  followed: number;
  /** Documents asked with QueryEstDte. */
  confirmed: number;
  failed: number;
}

/**
 * The one follower of the submission pipeline (docs/tax-gateway.md "Reconciler"): uploads interrupted emissions (the claim to
 * `uploading` is atomic, so two processes never upload one twice) and follows every uploaded envío, emission or book, to a final
 * state. One run at a time; a failure is retried at the next run.
 */
@Injectable()
export class EnvioReconciler implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(EnvioReconciler.name);
  private readonly task = new PeriodicTask<ReconcileRun>(EnvioReconciler.name, () => this.pass(STALE_SECONDS));

  constructor(
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
    private readonly store: EmisionStore,
    private readonly uploader: EmisionUploader,
    private readonly queries: EmisionQueryService,
    private readonly libros: LibrosService,
    private readonly librosStore: LibrosStore,
    private readonly boletas: BoletaEnvios,
    private readonly cesiones: CesionService,
    private readonly cesionesStore: CesionStore,
  ) {}

  onModuleInit(): void {
    this.task.start(this.settings.reconcilerIntervalSeconds * 1000);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** One pass; a pass already running is awaited instead of started twice. */
  runOnce(staleSeconds = STALE_SECONDS): Promise<ReconcileRun> {
    return this.task.run(() => this.pass(staleSeconds));
  }

  private async pass(staleSeconds: number): Promise<ReconcileRun> {
    const run: ReconcileRun = { uploaded: 0, followed: 0, confirmed: 0, failed: 0 };
    const { unsent, following } = await this.store.listToReconcile(staleSeconds);
    for (const e of unsent) {
      const claimed = await this.store.claimForUpload(e.id, [e.estado]);
      if (!claimed) continue;
      await this.attempt(run, 'uploaded', `upload of ${e.id}`, () => this.uploader.upload(claimed));
    }
    await this.sendBoletasLeftBehind(run);
    const envios = new Map(following.map((e) => [`${e.tenant}/${e.trackid}`, e]));
    for (const e of envios.values()) {
      const boleta = (TIPOS_BOLETA as readonly number[]).includes(e.tipoDte);
      await this.attempt(run, 'followed', `estado of ${e.tenant} ${e.trackid}`, () =>
        boleta ? this.boletas.refreshEstado(e.tenant, e.trackid as string) : this.queries.refreshEstado(e.tenant, e.trackid as string),
      );
    }
    for (const l of await this.librosStore.listToFollow()) {
      await this.attempt(run, 'followed', `estado of book ${l.id}`, () => this.libros.followEstado(l));
    }
    for (const c of await this.cesionesStore.listToUpload(staleSeconds)) {
      await this.attempt(run, 'uploaded', `upload of cesión ${c.id}`, () => this.cesiones.reenviar(c));
    }
    for (const c of await this.cesionesStore.listToFollow()) {
      await this.attempt(run, 'followed', `estado of cesión ${c.id}`, () => this.cesiones.follow(c));
    }
    const base = Math.max(this.settings.reconcilerIntervalSeconds, 60);
    for (const e of await this.store.listToConfirm()) {
      await this.attempt(run, 'confirmed', `QueryEstDte of ${e.id}`, () => this.queries.confirm(e, base));
    }
    return run;
  }

  /** A boleta waits BOLETA_ENVIO_ESPERA_MS for its envío; one still unsent a minute past that was left behind. Counts envíos. */
  private async sendBoletasLeftBehind(run: ReconcileRun): Promise<void> {
    try {
      const hechos = await this.boletas.flushLeftBehind(Math.ceil(this.settings.boletaEnvioEsperaMs / 1000) + 60);
      run.uploaded += hechos.filter((h) => h.trackid).length;
      run.failed += hechos.filter((h) => !h.trackid).length;
    } catch (err) {
      run.failed++;
      this.logger.warn({ err }, 'reconciler: boletas left behind not sent; retried at the next run');
    }
  }

  private async attempt(
    run: ReconcileRun,
    counter: 'uploaded' | 'followed' | 'confirmed',
    what: string,
    fn: () => Promise<unknown>,
  ): Promise<void> {
    try {
      await fn();
      run[counter]++;
    } catch (err) {
      run.failed++;
      this.logger.warn({ err }, `reconciler: ${what} failed; retried at the next run`);
    }
  }
}
