import { Inject, Injectable } from '@nestjs/common';
import type { Frame, Page } from 'puppeteer-core';
import { CarpetaParseError, parseCarpetaTributaria, type CarpetaTributaria } from '@lib/portal';
import { ProblemException } from '@lib/schemas';
import { TaxMetrics } from '../metrics/tax-metrics';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { PortalAcceso } from './portal-acceso';
import { PortalVisitas, type VisitaDelDia } from './portal-visitas';

/** Purposes of the carpeta and the portal page of each (docs/research/sii-protocol.md §7). */
export const PROPOSITOS = { creditos: 'cte_para_creditos', renta: 'cte_acreditar_renta', avanzada: 'cte_carpeta_avanzada' } as const;
export type Proposito = keyof typeof PROPOSITOS;

/** The carpeta of a visit: its data and its PDF. */
export interface CarpetaDelDia extends Omit<VisitaDelDia, 'resultado'> {
  carpeta: CarpetaTributaria;
  pdf: Buffer;
}

/**
 * The Carpeta Tributaria Electrónica from the SII portal (docs/tax-gateway.md "Carpeta tributaria"): a real
 * browser opens the carpeta page in a portal session ({@link PortalAcceso}), presses
 * "Continuar", reads the `cte` frame with @lib/portal `parseCarpetaTributaria` and fetches its PDF in the
 * same session. Once a day per RUT and purpose ({@link PortalVisitas}).
 */
@Injectable()
export class CarpetaService {
  constructor(
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
    private readonly acceso: PortalAcceso,
    private readonly visitas: PortalVisitas,
    private readonly metrics: TaxMetrics,
  ) {}

  /**
   * The day's carpeta of `rut`, visiting the portal with the tenant's token or `representado`'s imported session.
   * @throws ProblemException 409 `session_expired`, 502 `portal_error` (the portal answered a page that is not the
   *   carpeta), 503/504 portal problems, SII token problems; a failed visit does not use up the day.
   */
  async obtener(tenant: string, rut: string, proposito: Proposito, representado?: string): Promise<CarpetaDelDia> {
    const visita = await this.visitas.delDia(tenant, rut, `carpeta:${proposito}`, this.settings.portalTimeoutMs * 2, async () => {
      try {
        const r = await this.acceso.conSesion(tenant, representado, 'the carpeta', (page) => this.recorrer(page, rut, proposito));
        this.metrics.scrapeRuns.inc({ kind: 'carpeta', outcome: 'ok' });
        return { resultado: r.carpeta, pdf: r.pdf };
      } catch (err) {
        this.metrics.scrapeRuns.inc({ kind: 'carpeta', outcome: 'error' });
        throw err;
      }
    });
    return { carpeta: visita.resultado as CarpetaTributaria, pdf: visita.pdf as Buffer, cache: visita.cache, scrapedAt: visita.scrapedAt };
  }

  /** One visit: the start page, "Continuar", the `cte` frame read by the parser, its PDF in the same session. */
  private async recorrer(page: Page, rut: string, proposito: Proposito): Promise<{ carpeta: CarpetaTributaria; pdf: Buffer }> {
    await this.acceso.abrir(page, `/dii_cgi/carpeta_tributaria/${PROPOSITOS[proposito]}_00.cgi?rut=${encodeURIComponent(rut)}`);
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('#btn_continuar')]);
    const frame = page.frames().find((f) => f.name() === 'cte') ?? page.mainFrame();
    await this.acceso.autenticada(frame);
    let carpeta: CarpetaTributaria;
    try {
      carpeta = parseCarpetaTributaria(await frame.content());
    } catch (err) {
      if (!(err instanceof CarpetaParseError)) throw err;
      throw await this.acceso.error(page, 'the carpeta', err.message);
    }
    return { carpeta, pdf: await this.pdf(frame) };
  }

  /** The carpeta's PDF, fetched by the page itself (same session). */
  private async pdf(frame: Frame): Promise<Buffer> {
    const b64 = await frame.evaluate(async () => {
      const link = document.querySelector<HTMLAnchorElement>('#lnk_pdf');
      if (!link) return null;
      const res = await fetch(link.href, { credentials: 'include' });
      if (!res.ok || !(res.headers.get('content-type') ?? '').includes('pdf')) return null;
      const bytes = new Uint8Array(await res.arrayBuffer());
      let bin = '';
      for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(bin);
    });
    if (!b64) throw new ProblemException(502, 'portal_error', 'The SII portal did not give the carpeta as PDF.');
    return Buffer.from(b64, 'base64');
  }
}
