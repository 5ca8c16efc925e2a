import { Inject, Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { PeriodicTask } from '@lib/platform';
import { ProblemException } from '@lib/schemas';
import { SesionCertificado, cookieHeader } from '../portal/sesion-certificado';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { SiiClient } from '../sii/sii-client';
import { ListaAutorizadosError, readAutorizados } from './autorizados-csv';
import { AutorizadosStore } from './autorizados.store';
import type { ContribuyenteAutorizadoEntity } from './entities/contribuyente-autorizado.entity';

export interface DescargaAutorizados {
  ambiente: string;
  descargado_en: string;
  filas: number;
  omitidas: number;
}

/**
 * The SII's list of DTE-authorized taxpayers (docs/tax-gateway.md "Taxpayer data"), stored so a third party's legal name is a local lookup;
 * about 150 MB, so downloaded only when the stored copy is old, not per process.
 */
@Injectable()
export class AutorizadosService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(AutorizadosService.name);
  private readonly task = new PeriodicTask('ContribuyentesAutorizados', () => this.download());
  // The background runs skip a list another process (or an earlier boot) downloaded less than an interval ago.
  private readonly vencida = new PeriodicTask('ContribuyentesAutorizados', () => this.downloadIfStale());

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

  /** Downloads and stores the list now (one download at a time; a call during one waits for it). */
  refresh(): Promise<DescargaAutorizados> {
    return this.task.run();
  }

  find(rut: string): Promise<ContribuyenteAutorizadoEntity | null> {
    return this.store.find(this.settings.taxEnv, rut);
  }

  get ambiente(): string {
    return this.settings.taxEnv;
  }

  async findLastDescarga(): Promise<{ descargado_en: string; filas: number } | null> {
    const d = await this.store.findDescarga(this.settings.taxEnv);
    return d ? { descargado_en: d.descargadoEn.toISOString(), filas: d.filas } : null;
  }

  /** The download, unless the stored list is younger than CONTRIBUYENTES_REFRESH_HOURS (a restart, another replica). */
  private async downloadIfStale(): Promise<DescargaAutorizados | null> {
    const ultima = await this.store.findDescarga(this.settings.taxEnv);
    const edad = ultima ? Date.now() - ultima.descargadoEn.getTime() : Infinity;
    // A little short of the interval, so that the periodic run of the process that downloaded it does not skip a day.
    if (edad < this.settings.contribuyentesRefreshHours * 3_600_000 * 0.9) return null;
    return this.task.run();
  }

  private async download(): Promise<DescargaAutorizados> {
    const ambiente = this.settings.taxEnv;
    const bytes = await this.certificado.withCookies((cookies) => this.sii.downloadContribuyentesAutorizados(cookieHeader(cookies)));
    const omitidas = { count: 0 };
    const now = new Date();
    let filas: number;
    try {
      filas = await this.store.replace(ambiente, readAutorizados(bytes, omitidas), createHash('sha256').update(bytes).digest('hex'), now);
    } catch (err) {
      if (!(err instanceof ListaAutorizadosError)) throw err;
      throw new ProblemException(502, 'sii_bad_response', `The SII answered ce_empresas_dwnld with ${err.message}.`);
    }
    this.logger.log(`list of DTE-authorized taxpayers (${ambiente}): ${filas} stored, ${omitidas.count} rows skipped`);
    return { ambiente, descargado_en: now.toISOString(), filas, omitidas: omitidas.count };
  }
}
