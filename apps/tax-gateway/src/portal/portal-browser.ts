import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { ProblemException } from '@lib/schemas';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';

/** Page jobs running at once; more wait in the queue. */
const CONCURRENCY = 2;
/** Jobs that may wait; one more is refused (503 `portal_busy`) rather than queued without bound. */
const MAX_QUEUE = 20;

/**
 * The one headless Chromium of this process (docs/tax-gateway.md "Portal"): relaunched after a crash, a bounded job queue, every page
 * closed whatever happens.
 */
@Injectable()
export class PortalBrowser implements OnModuleDestroy {
  private readonly logger = new Logger(PortalBrowser.name);
  private browser?: Promise<Browser>;
  private profile?: string;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(@Inject(TAX_SETTINGS) private readonly settings: TaxSettings) {}

  async run<T>(job: (page: Page) => Promise<T>): Promise<T> {
    await this.slot();
    let page: Page | undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      page = await (await this.launch()).newPage().catch((err: unknown) => {
        throw unavailable(err);
      });
      const opened = page;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new ProblemException(504, 'portal_timeout', `The SII portal did not answer within ${this.settings.portalTimeoutMs} ms.`),
            ),
          this.settings.portalTimeoutMs,
        );
      });
      return await Promise.race([job(opened), timeout]);
    } catch (err) {
      if (page && !page.browser().connected) throw unavailable(err);
      throw err;
    } finally {
      clearTimeout(timer);
      await page?.close().catch(() => undefined);
      this.release();
    }
  }

  async onModuleDestroy(): Promise<void> {
    const browser = await this.browser?.catch(() => undefined);
    this.browser = undefined;
    await browser?.close().catch(() => undefined);
    if (this.profile) rmSync(this.profile, { recursive: true, force: true });
  }

  private launch(): Promise<Browser> {
    this.browser ??= this.start().catch((err: unknown) => {
      this.browser = undefined;
      throw unavailable(err);
    });
    return this.browser;
  }

  private async start(): Promise<Browser> {
    this.profile ??= mkdtempSync(join(tmpdir(), 'gw-chromium-'));
    const browser = await puppeteer.launch({
      executablePath: this.settings.chromiumPath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', `--user-data-dir=${this.profile}`],
    });
    // A crash (or a kill) drops it: the next job launches a new one.
    browser.on('disconnected', () => {
      this.logger.warn('Chromium disconnected; the next portal job starts a new one');
      this.browser = undefined;
    });
    return browser;
  }

  private async slot(): Promise<void> {
    if (this.running < CONCURRENCY) {
      this.running++;
      return;
    }
    if (this.waiting.length >= MAX_QUEUE)
      throw new ProblemException(503, 'portal_busy', 'Too many SII portal visits are waiting; try again later.');
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}

function unavailable(cause: unknown): ProblemException {
  return new ProblemException(
    503,
    'portal_unavailable',
    'The browser for the SII portal is not available (it could not start or it crashed).',
    {
      cause,
    },
  );
}
