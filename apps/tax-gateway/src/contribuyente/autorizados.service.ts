import { Inject, Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { PeriodicTask } from '@lib/platform';
import { ProblemException } from '@lib/schemas';
import { SesionCertificado, cookieHeader } from '../portal/sesion-certificado';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { SiiClient } from '../sii/sii-client';
import { ListaAutorizadosError, leerAutorizados } from './autorizados-csv';
import { AutorizadosStore } from './autorizados.store';
import type { ContribuyenteAutorizadoEntity } from './entities/contribuyente-autorizado.entity';

/** What a download stored. */
export interface DescargaAutorizados {
  ambiente: string;
  descargado_en: string;
  filas: number;
  omitidas: number;
}

/**
 * The SII's list of taxpayers authorized to issue DTEs (docs/tax-gateway.md "Taxpayer data"): downloaded from
 * `ce_empresas_dwnld` of the environment's host in the platform's certificate session and stored, so that a third
 * party's legal name is a local lookup. At boot and every CONTRIBUYENTES_REFRESH_HOURS each process checks the stored
 * copy and downloads only when it is that old (about 150 MB: not once per process and restart).
 */
@Injectable()
export class AutorizadosService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(AutorizadosService.name);
  private readonly task = new PeriodicTask('ContribuyentesAutorizados', () => this.descargar());
  // The background runs skip a list another process (or an earlier boot) downloaded less than an interval ago.
  private readonly vencida = new PeriodicTask('ContribuyentesAutorizados', () => this.descargarSiVencida());

  constructor(
    private readonly store: AutorizadosStore,
    private readonly sii: SiiClient,
    private readonly certificado: SesionCertificado,
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
  ) {}

  onApplicationBootstrap(): void {
    const hours = this.settings.contribuyentesRefreshHours;
    if (hours <= 0) return;
    this.vencida.start(hours * 3_600_000);
    void this.vencida.run().catch((err: unknown) => this.logger.error({ err }, 'the first download failed; retried at the next interval'));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.vencida.stop();
    await this.task.stop();
  }

  /**
   * Downloads and stores the list now (one download at a time; a call during one waits for it).
   * @throws ProblemException 502 `sii_bad_response` (not the list), the signer's and the SII's transport problems;
   *   the stored list is then left as it was.
   */
  refresh(): Promise<DescargaAutorizados> {
    return this.task.run();
  }

  /** The row of `rut` in the current environment's list, or null (also before the first download). */
  find(rut: string): Promise<ContribuyenteAutorizadoEntity | null> {
    return this.store.find(this.settings.taxEnv, rut);
  }

  /** TAX_ENV of the list this process keeps. */
  get ambiente(): string {
    return this.settings.taxEnv;
  }

  /** The last download, or null before the first. */
  async ultima(): Promise<{ descargado_en: string; filas: number } | null> {
    const d = await this.store.descarga(this.settings.taxEnv);
    return d ? { descargado_en: d.descargadoEn.toISOString(), filas: d.filas } : null;
  }

  /** The download, unless the stored list is younger than CONTRIBUYENTES_REFRESH_HOURS (a restart, another replica). */
  private async descargarSiVencida(): Promise<DescargaAutorizados | null> {
    const ultima = await this.store.descarga(this.settings.taxEnv);
    const edad = ultima ? Date.now() - ultima.descargadoEn.getTime() : Infinity;
    // A little short of the interval, so that the periodic run of the process that downloaded it does not skip a day.
    if (edad < this.settings.contribuyentesRefreshHours * 3_600_000 * 0.9) return null;
    return this.task.run();
  }

  private async descargar(): Promise<DescargaAutorizados> {
    const ambiente = this.settings.taxEnv;
    const bytes = await this.certificado.conCookies((cookies) => this.sii.contribuyentesAutorizados(cookieHeader(cookies)));
    const omitidas = { count: 0 };
    const now = new Date();
    let filas: number;
    try {
      filas = await this.store.replace(ambiente, leerAutorizados(bytes, omitidas), createHash('sha256').update(bytes).digest('hex'), now);
    } catch (err) {
      if (!(err instanceof ListaAutorizadosError)) throw err;
      throw new ProblemException(502, 'sii_bad_response', `The SII answered ce_empresas_dwnld with ${err.message}.`);
    }
    this.logger.log(`list of DTE-authorized taxpayers (${ambiente}): ${filas} stored, ${omitidas.count} rows skipped`);
    return { ambiente, descargado_en: now.toISOString(), filas, omitidas: omitidas.count };
  }
}
