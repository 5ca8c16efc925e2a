import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import axe from 'axe-core';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { TestIssuer, closeTestApp, createTestApp } from '@lib/testing';
import { AppModule } from '../src/app.module';
import { appOptions } from '../src/config';
import { client, createEmpresa, postAsiento } from './support/api';
import { GATEWAY_URL, GatewayStub, startGatewayStub } from './support/gateway-stub';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUT = '76086428-5';
const PERIODO = '2026-10';

// The reporting pages (docs/accounting.md "Reporting pages") in a real headless Chromium: each renders for a signed-in end user, its
// figures equal the JSON reports', and axe-core finds no serious or critical accessibility violation.
describe('accounting reporting pages (e2e, real Chromium, axe-core)', () => {
  let gw: GatewayStub;
  let issuer: TestIssuer;
  let app: NestFastifyApplication;
  let browser: Browser;
  let base: string;
  let empresaId: string;
  let profile: string;
  const api = () => client(app);

  beforeAll(async () => {
    gw = startGatewayStub();
    issuer = await TestIssuer.start();
    app = await createTestApp(AppModule, { TAX_GATEWAY_URL: GATEWAY_URL, ...issuer.env() }, appOptions);
    empresaId = await createEmpresa(app, RUT);
    const asiento = (fecha: string, glosa: string, lineas: [string, number, number][]) => postAsiento(app, empresaId, fecha, glosa, lineas);
    await asiento('2026-10-01', 'Aporte de capital', [
      ['1.2', 1_000_000, 0],
      ['3.1', 0, 1_000_000],
    ]);
    await asiento('2026-10-10', 'Venta <script>alert(1)</script> & Cía', [
      ['1.3', 119_000, 0],
      ['4.1', 0, 100_000],
      ['2.2', 0, 19_000],
    ]);
    await asiento('2026-10-15', 'Arriendo oficina', [
      ['5.2', 50_000, 0],
      ['1.2', 0, 50_000],
    ]);
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    profile = mkdtempSync(join(tmpdir(), 'acc-chromium-'));
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', `--user-data-dir=${profile}`],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await closeTestApp(app);
    await issuer?.close();
    gw.server.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  async function open(seccion: string, claims: { roles?: string[]; groups?: string[] }): Promise<{ page: Page; status: number }> {
    const page = await browser.newPage();
    await page.setExtraHTTPHeaders({ authorization: `Bearer ${await issuer.token({ sub: 'ana', ...claims })}` });
    const res = await page.goto(`${base}/contable/paginas/${empresaId}/${seccion}?periodo=${PERIODO}`, { waitUntil: 'load' });
    return { page, status: res?.status() ?? 0 };
  }

  async function seriousViolations(page: Page): Promise<string[]> {
    await page.addScriptTag({ content: axe.source });
    const result = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }));
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  }

  const montos = (page: Page) =>
    page.$$eval('[data-clave]', (cells) =>
      Object.fromEntries(cells.map((c) => [c.getAttribute('data-clave'), Number(c.getAttribute('data-monto'))])),
    );
  const json = async (path: string) => (await api().get(`/contable/${path}?empresa_id=${empresaId}&periodo=${PERIODO}`).expect(200)).body;

  it.each(['balance', 'resultados', 'mayor', 'f29', 'rcv'])(
    'the %s page renders in Spanish for the empresa’s user, without serious accessibility violations',
    async (seccion) => {
      const { page, status } = await open(seccion, { groups: [`empresa:${RUT}`] });
      expect(status).toBe(200);
      expect(await page.$eval('html', (h) => h.getAttribute('lang'))).toBe('es-CL');
      expect(await page.$$eval('h1', (h) => h.length)).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    },
    60_000,
  );

  it('shows the JSON reports’ figures, in CLP as a person reads them, and a chart described for screen readers', async () => {
    const balance = await json('balance');
    let { page } = await open('balance', { roles: ['contador'] });
    expect(await montos(page)).toEqual({
      activo: balance.balance_general.activo.total,
      pasivo: balance.balance_general.pasivo.total,
      patrimonio: balance.balance_general.patrimonio.total,
      total_pasivo_patrimonio: balance.balance_general.total_pasivo_patrimonio,
      resultado_ejercicio: balance.resultado_ejercicio,
    });
    expect(balance.balance_general.activo.total).toBe(1_069_000);
    expect(await page.$eval('[data-clave="activo"]', (c) => c.textContent)).toBe('$1.069.000');
    expect(await page.$eval('svg[role="img"] title', (t) => t.textContent)).toContain('Activo: $1.069.000');
    await page.close();

    const estado = await json('estado-resultados');
    ({ page } = await open('resultados', { roles: ['contador'] }));
    const vistos = await montos(page);
    for (const clave of [
      'ingresos_explotacion',
      'costo_ventas',
      'margen_bruto',
      'gastos_operacion',
      'resultado_operacional',
      'otros_ingresos',
      'resultado',
    ]) {
      expect([clave, vistos[clave]]).toEqual([clave, estado[clave]]);
    }
    expect(estado.resultado).toBe(50_000);
    await page.close();

    const f29 = await json('f29-borrador');
    ({ page } = await open('f29', { roles: ['contador'] }));
    const iva = await montos(page);
    for (const clave of ['debito_fiscal', 'credito_fiscal', 'remanente_anterior', 'total_creditos', 'iva_a_pagar', 'remanente_siguiente']) {
      expect([clave, iva[clave]]).toEqual([clave, f29[clave]]);
    }
    for (const c of f29.codigos) expect([c.codigo, iva[`codigo:${c.codigo}`]]).toEqual([c.codigo, c.valor]);
    expect(f29.debito_fiscal).toBe(19_000);
    await page.close();

    const mayor = await json('libro-mayor');
    ({ page } = await open('mayor', { roles: ['contador'] }));
    const saldos = await montos(page);
    for (const c of mayor.cuentas) expect([c.codigo, saldos[`saldo_final:${c.codigo}`]]).toEqual([c.codigo, c.saldo_final]);
    // A stored glosa is printed as text, never as markup.
    expect(await page.$$eval('main script', (s) => s.length)).toBe(0);
    expect(await page.content()).toContain('Venta &lt;script&gt;alert(1)&lt;/script&gt; &amp; Cía');
    await page.close();
  }, 60_000);

  it('answers 401 without a token, 403 for a user of another empresa, 404 for an unknown empresa, 400 for a bad periodo', async () => {
    const url = (id: string, q = PERIODO) => `/contable/paginas/${id}/balance?periodo=${q}`;
    const other = `Bearer ${await issuer.token({ sub: 'otro', groups: ['empresa:77777777-7'] })}`;
    const contador = `Bearer ${await issuer.token({ roles: ['contador'] })}`;
    const get = (path: string, auth?: string) => {
      const r = client(app).get(path).unset('X-Internal-Key');
      return auth ? r.set('Authorization', auth) : r;
    };
    expect((await get(url(empresaId)).expect(401)).body.error).toBe('unauthenticated');
    expect((await get(url(empresaId), other).expect(403)).body.error).toBe('forbidden_empresa');
    expect((await get(url('00000000-0000-4000-8000-000000000000'), contador).expect(404)).body.error).toBe('not_found');
    expect((await get(url(empresaId, '2026-13'), contador).expect(400)).body.error).toBe('validation_failed');
    expect((await get(`/contable/paginas/${empresaId}/otra?periodo=${PERIODO}`, contador).expect(400)).body.error).toBe(
      'validation_failed',
    );
  });
});
