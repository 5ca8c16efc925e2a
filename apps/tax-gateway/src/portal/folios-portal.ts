import { Injectable } from '@nestjs/common';
import { parseConsultaFolios, type EstadoFolio } from '@lib/portal';
import { TaxMetrics } from '../metrics/tax-metrics';
import { PortalAcceso } from './portal-acceso';
import { splitRut } from '@lib/rut';

/** Folios one query asks about at most (the page's limit). */
export const MAX_FOLIOS_CONSULTA = 1000;

/**
 * The portal's folio query page (docs/tax-gateway.md "CAF runbook"): what the SII registered of each folio of a
 * range of the tenant's documents of one type (received, annulled or free), read with the tenant's SII token
 * through the real browser and libs/portal `parseConsultaFolios`.
 */
@Injectable()
export class FoliosPortal {
  constructor(
    private readonly acceso: PortalAcceso,
    private readonly metrics: TaxMetrics,
  ) {}

  /**
   * The estado of folios `desde`..`hasta` (at most {@link MAX_FOLIOS_CONSULTA}) of `tipoDte` for `tenant`.
   * @throws ProblemException 502 `portal_error`, 503/504 portal problems, SII token problems.
   */
  async estados(tenant: string, tipoDte: number, desde: number, hasta: number): Promise<EstadoFolio[]> {
    const { body: cuerpo, dv } = splitRut(tenant);
    const path =
      `/cvc_cgi/dte/of_consulta_folios.cgi?RUT_EMP=${cuerpo}&DV_EMP=${dv}&COD_DOCTO=${tipoDte}` +
      `&FOLIO_INI=${desde}&FOLIO_FIN=${Math.min(hasta, desde + MAX_FOLIOS_CONSULTA - 1)}`;
    try {
      const estados = await this.acceso.conSesion(undefined, 'the folio query page', (page) =>
        this.acceso.leer(page, path, 'the folio query page', parseConsultaFolios),
      );
      this.metrics.scrapeRuns.inc({ kind: 'folios', outcome: 'ok' });
      return estados;
    } catch (err) {
      this.metrics.scrapeRuns.inc({ kind: 'folios', outcome: 'error' });
      throw err;
    }
  }
}
