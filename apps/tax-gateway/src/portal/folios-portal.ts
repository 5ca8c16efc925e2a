import { Injectable } from '@nestjs/common';
import { parseConsultaFolios, type EstadoFolio } from '@lib/portal';
import { TaxMetrics } from '../metrics/tax-metrics';
import { PortalAcceso } from './portal-acceso';
import { splitRut } from '@lib/rut';

/** Folios one query asks about at most (the page's limit). */
export const MAX_FOLIOS_CONSULTA = 1000;

/** The portal's folio query page (docs/tax-gateway.md "CAF runbook"), read with the tenant's SII token. */
@Injectable()
export class FoliosPortal {
  constructor(
    private readonly acceso: PortalAcceso,
    private readonly metrics: TaxMetrics,
  ) {}

  async fetchEstados(tenant: string, tipoDte: number, desde: number, hasta: number): Promise<EstadoFolio[]> {
    const { body: cuerpo, dv } = splitRut(tenant);
    const path =
      `/cvc_cgi/dte/of_consulta_folios.cgi?RUT_EMP=${cuerpo}&DV_EMP=${dv}&COD_DOCTO=${tipoDte}` +
      `&FOLIO_INI=${desde}&FOLIO_FIN=${Math.min(hasta, desde + MAX_FOLIOS_CONSULTA - 1)}`;
    try {
      const estados = await this.acceso.withSession(undefined, 'the folio query page', (page) =>
        this.acceso.read(page, path, 'the folio query page', parseConsultaFolios),
      );
      this.metrics.scrapeRuns.inc({ kind: 'folios', outcome: 'ok' });
      return estados;
    } catch (err) {
      this.metrics.scrapeRuns.inc({ kind: 'folios', outcome: 'error' });
      throw err;
    }
  }
}
