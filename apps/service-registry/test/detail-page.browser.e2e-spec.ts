import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import puppeteer, { type Browser } from 'puppeteer-core';
import { DataSource } from 'typeorm';
import { Api, USERS } from './support/client';
import { startRegistry, type RegistryTestApp } from './support/registry-app';

const SA = { user: USERS.superadmin };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe('service-registry: detail page in a real headless Chromium (e2e)', () => {
  let ctx: RegistryTestApp;
  let browser: Browser;
  let base: string;
  let profile: string;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: set CHROMIUM_PATH or apt-get install -y chromium`);
    ctx = await startRegistry();
    const api = new Api(ctx);
    await api.post('/api/v1/services/', { slug: 'beta-page', name: 'Beta Page', tagline: 'Try it early', features: ['Fast', 'Cheap'] }, SA);
    const sunset = new Date(ctx.clock.now().getTime() + 30 * 24 * 3_600_000);
    await api.post(
      '/api/v1/services/',
      {
        slug: 'old-page',
        name: 'Old Page',
        tagline: 'Going away',
        features: ['Legacy'],
        status: 'deprecated',
        sunset_at: sunset.toISOString(),
      },
      SA,
    );
    const ds = ctx.app.get(DataSource);
    await ds.query(`UPDATE services SET marketplace_status = 'beta' WHERE slug = 'beta-page'`);
    await ds.query(`UPDATE services SET marketplace_status = 'public' WHERE slug = 'old-page'`);
    await ctx.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(ctx.app.getHttpServer().address() as AddressInfo).port}`;
    profile = mkdtempSync(join(tmpdir(), 'sr-chromium-'));
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--user-data-dir=${profile}`,
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await ctx?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it('renders the Beta badge with noindex, nofollow, and the Deprecated badge with the sunset date', async () => {
    const page = await browser.newPage();
    await page.setExtraHTTPHeaders({ authorization: `Bearer ${await ctx.issuer.token({ sub: 'reader', roles: [] })}` });

    const beta = await page.goto(`${base}/s/beta-page/`, { waitUntil: 'load' });
    expect(beta?.status()).toBe(200);
    expect(beta?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(await page.$eval('meta[name="robots"]', (m) => m.getAttribute('content'))).toBe('noindex, nofollow');
    expect(await page.$eval('[data-badge="beta"]', (b) => b.textContent)).toBe('Beta');
    expect(await page.$eval('.tagline', (t) => t.textContent)).toBe('Try it early');
    expect(await page.$$eval('.features li', (items) => items.map((i) => i.textContent))).toEqual(['Fast', 'Cheap']);

    const old = await page.goto(`${base}/s/old-page/`, { waitUntil: 'load' });
    expect(old?.status()).toBe(200);
    expect(await page.$('meta[name="robots"]')).toBeNull();
    const sunset = (await new Api(ctx).get('/api/v1/services/old-page', SA)).body.sunset_at.slice(0, 10);
    expect(await page.$eval('[data-badge="deprecated"]', (b) => b.textContent)).toBe(`Deprecated - sunset ${sunset}`);
    expect(await page.$eval('.sunset time', (t) => t.textContent)).toBe(sunset);
    await page.close();
  }, 60_000);
});
