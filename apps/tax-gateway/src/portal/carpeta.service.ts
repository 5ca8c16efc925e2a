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

export interface CarpetaDelDia extends Omit<VisitaDelDia, 'resultado'> {
  carpeta: CarpetaTributaria;
  pdf: Buffer;
}

/**
 * The Carpeta Tributaria Electrónica (docs/tax-gateway.md "Carpeta tributaria"), once a day per RUT and purpose ({@link PortalVisitas}).
 */
@Injectable()
export class CarpetaService {
  constructor(
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
    private readonly acceso: PortalAcceso,
    private readonly visitas: PortalVisitas,
    private readonly metrics: TaxMetrics,
  ) {}

  /** The day's carpeta of `rut`, visiting the portal with the tenant's token or `representado`'s imported session. */
  async getCarpeta(tenant: string, rut: string, proposito: Proposito, representado?: string): Promise<CarpetaDelDia> {
    const visita = await this.visitas.visitOncePerDay(tenant, rut, `carpeta:${proposito}`, this.settings.portalTimeoutMs * 2, async () => {
      try {
        const r = await this.acceso.withSession(representado, 'the carpeta', (page) => this.browseCarpeta(page, rut, proposito));
        this.metrics.scrapeRuns.inc({ kind: 'carpeta', outcome: 'ok' });
        return { resultado: r.carpeta, pdf: r.pdf };
      } catch (err) {
        this.metrics.scrapeRuns.inc({ kind: 'carpeta', outcome: 'error' });
        throw err;
      }
    });
    return { carpeta: visita.resultado as CarpetaTributaria, pdf: visita.pdf as Buffer, cache: visita.cache, scrapedAt: visita.scrapedAt };
  }

  private async browseCarpeta(page: Page, rut: string, proposito: Proposito): Promise<{ carpeta: CarpetaTributaria; pdf: Buffer }> {
    await this.acceso.open(page, `/dii_cgi/carpeta_tributaria/${PROPOSITOS[proposito]}_00.cgi?rut=${encodeURIComponent(rut)}`);
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('#btn_continuar')]);
    const frame = page.frames().find((f) => f.name() === 'cte') ?? page.mainFrame();
    await this.acceso.assertAuthenticated(frame);
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

  /** The F29 frames by N (docs/research/sii-protocol.md §7); a frame that did not load is left out. */
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
