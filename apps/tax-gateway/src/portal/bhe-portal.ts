import { Inject, Injectable } from '@nestjs/common';
import { BHE_FILAS_POR_PAGINA, parseBheRecibidas, type BoletaHonorariosRecibida } from '@lib/portal';
import { ProblemException } from '@lib/schemas';
import { splitRut } from '@lib/rut';
import { TaxMetrics } from '../metrics/tax-metrics';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { PortalAcceso } from './portal-acceso';

const QUE = 'the monthly report of boletas de honorarios received';

/**
 * The SII's "Informe mensual de boletas de honorarios electrónicas recibidas" (docs/research/honorarios.md §2), every page of a month, read in
 * the certificate session on SII_BHE_BASE_URL. @throws 502 `portal_error` when a page is not the report or the pages do not add up to the
 * month's total (a list the SII changed between two pages is not presented as the month).
 */
@Injectable()
export class BhePortal {
  constructor(
    private readonly acceso: PortalAcceso,
    private readonly metrics: TaxMetrics,
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
  ) {}

  async recibidas(tenant: string, periodo: string): Promise<BoletaHonorariosRecibida[]> {
    const { body, dv } = splitRut(tenant);
    const [anio, mes] = periodo.split('-');
    const url = (pagina: number) =>
      `${this.settings.siiBheBaseUrl}/cgi_IMT/TMBCOC_InformeMensualBheRec.cgi?rut_arrastre=${body}&dv_arrastre=${dv}` +
      `&cbanoinformemensual=${anio}&cbmesinformemensual=${mes}&pagina_solicitada=${pagina}`;
    try {
      const boletas = await this.acceso.withSession(
        undefined,
        QUE,
        async (page) => {
          const primera = await this.acceso.read(page, url(0), QUE, parseBheRecibidas);
          const out = [...primera.boletas];
          for (let p = 1; p < Math.ceil(primera.total_boletas / BHE_FILAS_POR_PAGINA); p++) {
            out.push(...(await this.acceso.read(page, url(p), QUE, parseBheRecibidas)).boletas);
          }
          if (out.length !== primera.total_boletas) {
            throw new ProblemException(
              502,
              'portal_error',
              `The SII listed ${primera.total_boletas} boletas de honorarios and its pages held ${out.length}`,
            );
          }
          return out;
        },
        this.settings.siiBheBaseUrl,
      );
      this.metrics.scrapeRuns.inc({ kind: 'bhe_recibidas', outcome: 'ok' });
      return boletas;
    } catch (err) {
      this.metrics.scrapeRuns.inc({ kind: 'bhe_recibidas', outcome: 'error' });
      throw err;
    }
  }
}
