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
 * How a portal job gets its session (docs/tax-gateway.md "Portal"): the platform's certificate session (the signing
 * service's TLS client-certificate login, {@link SesionCertificado}), opened again once when the portal says
 * "NO ESTA AUTENTICADO"; or, for a `representado`, that representado's imported cookies and nothing else
 * (409 `session_expired` when the portal refuses them). What the portal shows that a job does not expect is
 * 502 `portal_error` with the page's text, never a 500.
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

  /** The portal's base URL (SII_PORTAL_BASE_URL). */
  get base(): string {
    return this.settings.siiPortalBaseUrl;
  }

  /**
   * Runs `job` on a new page that carries the session.
   * @param que what the job shows, for the 502 message ("the carpeta").
   * @throws ProblemException 409 `session_expired`, 502 `portal_error`, 503/504 from {@link PortalBrowser}, and the
   *   token service's problems.
   */
  async conSesion<T>(representado: string | undefined, que: string, job: (page: Page) => Promise<T>): Promise<T> {
    if (!representado) {
      const host = new URL(this.base).hostname;
      return this.certificado.conCookies((cookies) =>
        this.browser.run(async (page) => {
          // The login's cookies belong to the SII's hosts; the page visited is one of them.
          await page.setCookie(...cookies.map((c) => ({ name: c.name, value: c.value, domain: host, path: '/' })));
          return this.vigilado(page, que, job);
        }),
      );
    }
    const cookies = await this.sesiones.cookies(representado);
    try {
      const r = await this.browser.run(async (page) => {
        await page.setCookie(...cookies);
        return this.vigilado(page, que, job);
      });
      await this.sesiones.usada(representado, true);
      return r;
    } catch (err) {
      if (err instanceof SiiTokenInvalidError) throw await this.sesiones.usada(representado, false);
      throw err;
    }
  }

  /** @throws SiiTokenInvalidError when `frame` is the portal's page for a dead session. */
  async autenticada(frame: Frame): Promise<void> {
    const text = await frame.evaluate(() => document.body?.innerText ?? '');
    if (NO_AUTENTICADO.test(text)) throw new SiiTokenInvalidError('portal', 'NO ESTA AUTENTICADO');
  }

  /** Opens `url` (relative to the portal's base) and checks that the session was accepted. */
  async abrir(page: Page, path: string): Promise<void> {
    await page.goto(`${this.base}${path}`, { waitUntil: 'load' });
    await this.autenticada(page.mainFrame());
  }

  /**
   * Opens `path` and reads the page with `parse`; what `parse` refuses (other than with a ProblemException of its
   * own) is 502 `portal_error` with the page's text.
   */
  async leer<T>(page: Page, path: string, que: string, parse: (html: string) => T): Promise<T> {
    await this.abrir(page, path);
    const html = await page.content();
    try {
      return parse(html);
    } catch (err) {
      if (err instanceof ProblemException) throw err;
      throw await this.error(page, que, (err as Error).message);
    }
  }

  /**
   * A PDF the page links to, fetched by the page itself (the same session and cookies).
   * @throws ProblemException 502 `portal_error` when the answer is not a PDF.
   */
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

  /** A 502 `portal_error` for a page that is not what the job expected, with what the page says. */
  async error(page: Page, que: string, detalle?: string): Promise<ProblemException> {
    const texto = await page.evaluate(() => document.body?.innerText ?? '').catch(() => '');
    return new ProblemException(
      502,
      'portal_error',
      `The SII portal did not show ${que}: ${texto.trim().slice(0, 200) || detalle || 'an unexpected page'}`,
    );
  }

  /** Runs the job, counting it as one `portal_page` SII call (sii_requests_total, sii_request_duration_seconds). */
  private async vigilado<T>(page: Page, que: string, job: (page: Page) => Promise<T>): Promise<T> {
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

/** The outcome label of a failed portal job. */
function outcomeOf(err: unknown): SiiOutcome {
  if (err instanceof SiiTokenInvalidError) return 'token_invalid';
  if (!(err instanceof ProblemException)) return 'unavailable';
  if (err.getStatus() === 504) return 'timeout';
  return err.getStatus() === 502 ? 'bad_response' : 'unavailable';
}
