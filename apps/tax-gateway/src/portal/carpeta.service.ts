import { Inject, Injectable } from '@nestjs/common';
import type { Frame, Page } from 'puppeteer-core';
import { CarpetaParseError, parseCarpetaTributaria, type CarpetaTributaria } from '@lib/portal';
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
        const r = await this.acceso.conSesion(representado, 'the carpeta', (page) => this.recorrer(page, rut, proposito));
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
      carpeta = parseCarpetaTributaria(await frame.content(), await this.framesF29(frame));
    } catch (err) {
      if (!(err instanceof CarpetaParseError)) throw err;
      throw await this.acceso.error(page, 'the carpeta', err.message);
    }
    const href = await frame.evaluate(() => document.querySelector<HTMLAnchorElement>('#lnk_pdf')?.href ?? null);
    if (!href) throw await this.acceso.error(page, 'the carpeta as PDF');
    return { carpeta, pdf: await this.acceso.pdf(frame, href, 'the carpeta') };
  }

  /**
   * The HTML of the carpeta's F29 frames (`iframe#hn_iva_N`) by N: same-origin pages whose `datos` object the
   * parser reads (docs/research/sii-protocol.md §7); a frame that did not load is left out (its period then has no `campos`).
   */
  private framesF29(frame: Frame): Promise<Record<number, string>> {
    return frame.evaluate(() => {
      const out: Record<number, string> = {};
      for (const iframe of Array.from(document.querySelectorAll<HTMLIFrameElement>('iframe[id^="hn_iva_"]'))) {
        const html = iframe.contentDocument?.documentElement?.outerHTML;
        if (html) out[Number(iframe.id.slice('hn_iva_'.length))] = html;
      }
      return out;
    });
  }
}
