import { Inject, Injectable } from '@nestjs/common';
import { BHE_FILAS_POR_PAGINA, parseBheRecibidas, type BoletaHonorariosRecibida } from '@lib/portal';
import { ProblemException } from '@lib/schemas';
import { splitRut } from '@lib/rut';
import { TaxMetrics } from '../metrics/tax-metrics';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { PortalAcceso } from './portal-acceso';

const QUE = 'the monthly report of boletas de honorarios received';
/** 10,000 boletas in one month: beyond, the report is not believed. */
const MAX_PAGINAS = 100;

function incoherente(detalle: string): ProblemException {
  return new ProblemException(502, 'portal_error', `The SII's report of boletas de honorarios does not add up: ${detalle}`);
}

/** The pages are the month asked: its total, its year, its dates, each boleta once. @throws 502 `portal_error`. */
function revisar(
  boletas: BoletaHonorariosRecibida[],
  primera: { anio: number; total_boletas: number },
  anio: string,
  periodo: string,
): void {
  if (boletas.length !== primera.total_boletas) throw incoherente(`${primera.total_boletas} listed, ${boletas.length} on its pages`);
  if (String(primera.anio) !== anio) throw incoherente(`the report is of ${primera.anio}, not ${anio}`);
  const fuera = boletas.find((b) => !b.fecha.startsWith(periodo));
  if (fuera) throw incoherente(`boleta ${fuera.folio} is dated ${fuera.fecha}, outside ${periodo}`);
  if (new Set(boletas.map((b) => `${b.rut_emisor}|${b.folio}`)).size !== boletas.length) throw incoherente('a boleta listed twice');
}

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
          const paginas = Math.ceil(primera.total_boletas / BHE_FILAS_POR_PAGINA);
          if (paginas > MAX_PAGINAS) throw incoherente(`${primera.total_boletas} boletas in one month`);
          const out = [...primera.boletas];
          for (let p = 1; p < paginas; p++) {
            const pagina = await this.acceso.read(page, url(p), QUE, parseBheRecibidas);
            // The list changed between two pages: a month that does not add up is not presented as the month.
            if (pagina.total_boletas !== primera.total_boletas) throw incoherente('the month changed between its pages');
            out.push(...pagina.boletas);
          }
          revisar(out, primera, anio, periodo);
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
