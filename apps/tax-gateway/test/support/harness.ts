import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupServer, type SetupServer } from 'msw/node';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { computeDv } from '@lib/rut';
import {
  BANK_API_HOST,
  SII_CERT_HOSTS,
  SiiFakeAuthority,
  createSiiFakeHandlers,
  startSiiFakeServer,
  type SiiFakeServer,
} from '@lib/sii-fake';
import { DevSignerHandle, TEST_KEYS, closeTestApp, createTestApp, startDevSigner } from '@lib/testing';
import type { Browser } from 'puppeteer-core';
import { AppModule } from '../../src/app.module';
import { PortalBrowser } from '../../src/portal/portal-browser';
import { appOptions } from '../../src/config';
import { EnvioReconciler, type ReconcileRun } from '../../src/reconciler/envio-reconciler';

/** The SII base URL the gateway uses by default (TAX_ENV=cert); msw answers it with the fake. */
export const SII_BASE = 'https://maullin.sii.cl';
export const KEY = TEST_KEYS.admin;
/** The bank aggregator's default base URL (BANK_API_BASE_URL); msw answers it with the fake's `/v1/` API. */
export const BANK_BASE = BANK_API_HOST;
/** The key of the stored bank links in tests (BANK_LINKS_KEY). */
export const BANK_LINKS_KEY = Buffer.alloc(32, 7).toString('base64');

/** The aggregator key and the tenant link the harness configures by default (BANK_API_KEY, BANK_LINK_TOKENS seeds it). */
export const BANK_KEY = 'sk_test_gateway_harness';
export const BANK_TENANT = '76086428-5';
export const BANK_LINK = 'link_test_76086428';

/** One gateway app on its own database, a real dev signer, and the SII fake behind msw. */
export interface Gateway {
  app: NestFastifyApplication;
  http: ReturnType<NestFastifyApplication['getHttpServer']>;
  authority: SiiFakeAuthority;
  msw: SetupServer;
  signer: DevSignerHandle;
  /** The fake's real HTTP address (SII_PORTAL_BASE_URL). */
  portalUrl?: string;
  /** Shifts the fake authority's clock (e.g. to issue an old CAF). */
  clock: { offsetMs: number };
  /** Stops the app and boots a new one on the same database (a process restart); `app` and `http` are the new one's. */
  restart(): Promise<void>;
  /**
   * Another instance of the gateway on the same database, SII stand-in and signer (a second process of a scaled-out
   * gateway), with `env` added; closed with the gateway.
   */
  second(env?: Record<string, string>): Promise<NestFastifyApplication>;
  /** One pass of the reconciler, as its background task runs every RECONCILER_INTERVAL_SECONDS: uploads and follows envíos. */
  reconcile(): Promise<ReconcileRun>;
  close(): Promise<void>;
}

export interface GatewayOptions {
  unknownRuts?: string[];
  env?: Record<string, string>;
}

/** Starts everything a spec file needs; call `close()` in afterAll. */
export async function startGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const clock = { offsetMs: 0 };
  const authority = new SiiFakeAuthority({
    now: () => new Date(Date.now() + clock.offsetMs),
    estUpDelaysMs: 10,
    unknownRuts: options.unknownRuts ?? [],
  });
  const msw = setupServer(...createSiiFakeHandlers(authority, [...SII_CERT_HOSTS, BANK_BASE]));
  // Only the SII hosts are faked; the signer and supertest's local server go through.
  msw.listen({ onUnhandledRequest: 'bypass' });
  const dir = mkdtempSync(join(tmpdir(), 'gw-sim-cert-'));
  const certPath = join(dir, 'sim-authority.pem');
  writeFileSync(certPath, authority.certificatePem);
  let signer: DevSignerHandle | undefined;
  let portal: SiiFakeServer | undefined;
  try {
    // The portal pages over real HTTP (Chromium does not go through msw), and the certificate login over HTTPS: the
    // signer logs in there with its certificate (docs/tax-gateway.md "Portal session").
    portal = await startSiiFakeServer(authority, { port: 0, tls: true });
    const caFile = join(dir, 'sim-tls-ca.pem');
    writeFileSync(caFile, portal.tlsCertificatePem as string);
    signer = await startDevSigner({ env: { SII_AUTH_URL: `${portal.httpsUrl}/cgi_AUT2000/CAutInicio.cgi`, SII_TLS_CA_FILE: caFile } });
    const env: Record<string, string> = {
      SIGNER_URL: signer.url,
      SIGNER_KEY: signer.key,
      SII_TRUST_SIM_CAF: 'true',
      SII_SIM_CAF_CERT: certPath,
      // Tests run the reconciler explicitly (runOnce): no background SII calls between assertions.
      RECONCILER_INTERVAL_SECONDS: '0',
      // Tests run the audit receipts' retry loop explicitly too.
      AUDITORIA_RETRY_SECONDS: '0',
      // The bank aggregator's stand-in (libs/sii-fake banco.ts) knows any sk_test_ key and link_ token.
      BANK_API_KEY: BANK_KEY,
      BANK_LINK_TOKENS: `${BANK_TENANT}:${BANK_LINK}`,
      BANK_LINKS_KEY: BANK_LINKS_KEY,
      SII_PORTAL_BASE_URL: portal.url,
      SII_BHE_BASE_URL: portal.url,
      // Tests download the list of DTE-authorized taxpayers when they need it (POST /tax/contribuyente/autorizados/refresh).
      CONTRIBUYENTES_REFRESH_HOURS: '0',
      ...options.env,
    };
    const app = await createTestApp(AppModule, env, appOptions);
    const started = signer;
    const others: NestFastifyApplication[] = [];
    const gw: Gateway = {
      app,
      http: app.getHttpServer(),
      authority,
      msw,
      signer: started,
      portalUrl: portal.url,
      clock,
      async restart() {
        const url = (gw.app.get(DataSource).options as { url?: string }).url;
        await closeTestApp(gw.app);
        gw.app = await createTestApp(AppModule, { ...env, DATABASE_URL: url }, appOptions);
        gw.http = gw.app.getHttpServer();
      },
      async second(extra = {}) {
        const url = (gw.app.get(DataSource).options as { url?: string }).url;
        const other = await createTestApp(AppModule, { ...env, DATABASE_URL: url as string, ...extra }, appOptions);
        others.push(other);
        return other;
      },
      reconcile() {
        return gw.app.get(EnvioReconciler).runOnce();
      },
      async close() {
        for (const other of others) await closeTestApp(other);
        await closeTestApp(gw.app);
        await portal?.close();
        await started.stop();
        msw.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
    return gw;
  } catch (err) {
    await portal?.close();
    await signer?.stop();
    msw.close();
    throw err;
  }
}

/** A valid RUT for a body number (modulo 11 check digit). */
export function rut(body: number): string {
  return `${body}-${computeDv(body)}`;
}

/** A CAF file from the fake's `POST /sim/caf` (ISO-8859-1 bytes, with RSASK). */
export async function simCaf(gw: Gateway, rutEmisor: string, tipo: number, desde: number, hasta: number): Promise<Buffer> {
  const res = await gw.authority.handle({
    method: 'POST',
    url: `${SII_BASE}/sim/caf`,
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify({ rut: rutEmisor, tipo_dte: tipo, desde, hasta })),
  });
  if (res.status !== 200) throw new Error(`/sim/caf answered ${res.status}: ${res.body.toString()}`);
  return res.body;
}

/** POST /tax/caf/upload (multipart tenant + file). */
export function uploadCaf(gw: Gateway, tenant: string | undefined, file: Buffer | undefined, key: string = KEY) {
  let req = request(gw.http).post('/tax/caf/upload').set('X-Internal-Key', key);
  if (tenant !== undefined) req = req.field('tenant', tenant);
  if (file !== undefined) req = req.attach('file', file, { filename: 'caf.xml', contentType: 'application/xml' });
  return req;
}

/** Certification issuer data: NroResol 0 and the date of the certification authorization. */
export const EMISOR_CERTIFICACION = { fecha_resolucion: '2014-08-22', numero_resolucion: 0 };

/** PUT /tax/emisores/{tenant}, as an admin does once before a tenant can emit. */
export function registerEmisor(gw: Gateway, tenant: string, body: object = EMISOR_CERTIFICACION, key: string = KEY) {
  return request(gw.http).put(`/tax/emisores/${tenant}`).set('X-Internal-Key', key).send(body);
}

/** What a tenant needs before it emits: its issuer data (certification) and a stand-in CAF of folios 1..hasta for each tipo. */
export async function prepareEmisor(gw: Gateway, tenant: string, hasta: number, tipos: number[] = [33]): Promise<void> {
  await registerEmisor(gw, tenant).expect(200);
  for (const tipo of tipos) await uploadCaf(gw, tenant, await simCaf(gw, tenant, tipo, 1, hasta)).expect(201);
}

/** A factura body in the shape of the smoke run: neto 119990, IVA 22798, total 142788. */
export function facturaBody(tenant: string, overrides: Record<string, unknown> = {}) {
  return {
    tenant,
    tipo_dte: 33,
    forma_pago: 1,
    receptor: {
      rut: '77777777-7',
      razon_social: 'Receptor de Prueba SpA',
      giro: 'Servicios informaticos',
      direccion: 'Av. Siempre Viva 742',
      comuna: 'Santiago',
    },
    detalle: [
      { nombre: 'Servicio de integración', cantidad: 2, precio_unitario: 50_000 },
      { nombre: 'Soporte mensual', cantidad: 1, precio_unitario: 19_990 },
    ],
    ...overrides,
  };
}

/** POST /tax/dte/emitir. */
export function emitir(gw: Gateway, body: object, key: string = KEY) {
  return request(gw.http).post('/tax/dte/emitir').set('X-Internal-Key', key).send(body);
}

/** Polls GET /tax/dte/estado until the SII state is final (EPR or a rejection). */
export async function waitForFinalEstado(gw: Gateway, tenant: string, trackid: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await request(gw.http).get('/tax/dte/estado').query({ tenant, trackid }).set('X-Internal-Key', KEY);
    if (res.status !== 200) throw new Error(`estado answered ${res.status}: ${JSON.stringify(res.body)}`);
    if (['EPR', 'RSC', 'RFR', 'RCT', 'RPT', 'VOF'].includes(res.body.estado)) return res.body;
    if (Date.now() > deadline) throw new Error(`still ${res.body.estado} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** GET of a binary answer (PDF, XML bytes): the body as a Buffer, exactly as sent. */
export function getBytes(gw: Gateway, path: string, query: Record<string, string> = {}, key: string = KEY) {
  return request(gw.http).get(path).query(query).set('X-Internal-Key', key).buffer(true).parse(rawBody);
}

/** supertest parser that keeps the answer's bytes (a PDF, an XML file) as a Buffer in `body`. */
export function rawBody(res: request.Response, cb: (err: Error | null, body: Buffer) => void): void {
  // At parse time supertest hands over the raw Node response stream, typed as its Response.
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => cb(null, Buffer.concat(chunks)));
}

/**
 * Kills the gateway's Chromium the moment the portal is asked for a URL containing `part` (an explicit signal, not
 * a timer): a browser crash in the middle of a visit. Returns the undo.
 */
export function crashChromiumOn(gw: Gateway, part: string): () => void {
  const portal = gw.app.get(PortalBrowser) as unknown as { browser?: Promise<Browser> };
  const original = gw.authority.handle.bind(gw.authority);
  gw.authority.handle = async (req) => {
    if (req.url.includes(part)) (await portal.browser)?.process()?.kill('SIGKILL');
    return original(req);
  };
  return () => {
    gw.authority.handle = original;
  };
}
