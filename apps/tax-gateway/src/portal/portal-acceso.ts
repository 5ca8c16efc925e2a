import { Inject, Injectable } from '@nestjs/common';
import type { Frame, Page } from 'puppeteer-core';
import { ProblemException } from '@lib/schemas';
import { TaxMetrics, type SiiOutcome } from '../metrics/tax-metrics';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { SiiTokenInvalidError } from '../sii/sii-errors';
import { PortalBrowser } from './portal-browser';
import { SesionCertificado } from './sesion-certificado';
import { SesionesImportadas } from './sesiones-importadas';

/** The text of the portal's page for a dead session (docs/research/sii-protocol.md §8). */
const NO_AUTENTICADO = /NO ESTA AUTENTICADO/i;

/**
 * How a portal job gets its session (docs/tax-gateway.md "Portal"): the certificate session, reopened once on "NO ESTA AUTENTICADO", or a
 * representado's imported cookies only.
 */
@Injectable()
export class PortalAcceso {
  constructor(
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
    private readonly certificado: SesionCertificado,
    private readonly browser: PortalBrowser,
    private readonly sesiones: SesionesImportadas,
    private readonly metrics: TaxMetrics,
  ) {}

  get base(): string {
    return this.settings.siiPortalBaseUrl;
  }

  /**
   * @param que what the job shows, for the 502 message ("the carpeta").
   * @param base the host the certificate session's cookies are set for (the portal's, or another SII host such as the BHE reports').
   */
  async withSession<T>(representado: string | undefined, que: string, job: (page: Page) => Promise<T>, base = this.base): Promise<T> {
    if (!representado) {
      const host = new URL(base).hostname;
      return this.certificado.withCookies((cookies) =>
        this.browser.run(async (page) => {
          // The login's cookies belong to the SII's hosts; the page visited is one of them.
          await page.setCookie(...cookies.map((c) => ({ name: c.name, value: c.value, domain: host, path: '/' })));
          return this.runMetered(page, que, job);
        }),
      );
    }
    const cookies = await this.sesiones.cookies(representado);
    try {
      const r = await this.browser.run(async (page) => {
        await page.setCookie(...cookies);
        return this.runMetered(page, que, job);
      });
      await this.sesiones.recordUse(representado, true);
      return r;
    } catch (err) {
      if (err instanceof SiiTokenInvalidError) throw await this.sesiones.recordUse(representado, false);
      throw err;
    }
  }

  async assertAuthenticated(frame: Frame): Promise<void> {
    const text = await frame.evaluate(() => document.body?.innerText ?? '');
    if (NO_AUTENTICADO.test(text)) throw new SiiTokenInvalidError('portal', 'NO ESTA AUTENTICADO');
  }

  /** `path` on the portal, or an absolute URL of another SII host. */
  async open(page: Page, path: string): Promise<void> {
    await page.goto(/^https?:\/\//.test(path) ? path : `${this.base}${path}`, { waitUntil: 'load' });
    await this.assertAuthenticated(page.mainFrame());
  }

  /** What `parse` refuses (other than with its own ProblemException) is 502 `portal_error` with the page's text. */
  async read<T>(page: Page, path: string, que: string, parse: (html: string) => T): Promise<T> {
    await this.open(page, path);
    const html = await page.content();
    try {
      return parse(html);
    } catch (err) {
      if (err instanceof ProblemException) throw err;
      throw await this.error(page, que, (err as Error).message);
    }
  }

  /** A PDF the page links to, fetched by the page itself (the same session and cookies). */
  async pdf(frame: Frame, href: string, que: string): Promise<Buffer> {
    const b64 = await frame.evaluate(async (url: string) => {
      const res = await fetch(url, { credentials: 'include' });
      if (!res.ok || !(res.headers.get('content-type') ?? '').includes('pdf')) return null;
      const bytes = new Uint8Array(await res.arrayBuffer());
      let bin = '';
      for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(bin);
    }, href);
    if (!b64) throw new ProblemException(502, 'portal_error', `The SII portal did not give ${que} as PDF.`);
    return Buffer.from(b64, 'base64');
  }

  async error(page: Page, que: string, detalle?: string): Promise<ProblemException> {
    const texto = await page.evaluate(() => document.body?.innerText ?? '').catch(() => '');
    return new ProblemException(
      502,
      'portal_error',
      `The SII portal did not show ${que}: ${texto.trim().slice(0, 200) || detalle || 'an unexpected page'}`,
    );
  }

  /** Runs the job, counting it as one `portal_page` SII call (sii_requests_total, sii_request_duration_seconds). */
  private async runMetered<T>(page: Page, que: string, job: (page: Page) => Promise<T>): Promise<T> {
    const started = Date.now();
    try {
      const out = await job(page);
      this.metrics.sii('portal_page', 'ok', (Date.now() - started) / 1000);
      return out;
    } catch (err) {
      const problem =
        err instanceof ProblemException || err instanceof SiiTokenInvalidError || !page.browser().connected
          ? err
          : await this.error(page, que, (err as Error).message);
      this.metrics.sii('portal_page', outcomeOf(problem), (Date.now() - started) / 1000);
      throw problem;
    }
  }
}

function outcomeOf(err: unknown): SiiOutcome {
  if (err instanceof SiiTokenInvalidError) return 'token_invalid';
  if (!(err instanceof ProblemException)) return 'unavailable';
  if (err.getStatus() === 504) return 'timeout';
  return err.getStatus() === 502 ? 'bad_response' : 'unavailable';
}
