import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { parseCaf, santiagoDate, type Caf } from '@lib/dte';
import { normalizeRut, tryNormalizeRut } from '@lib/rut';
import { closeTestApp, createTestApp } from '@lib/testing';
import { AppModule } from '../src/app.module';
import { appOptions } from '../src/config';
import { TAX_SETTINGS, type TaxSettings } from '../src/settings/tax-settings';
import { SignerClient } from '../src/signer/signer-client';

import {
  BASE_SKIP,
  BROWSER,
  DATE,
  ENV,
  FINAL,
  INSTANT,
  KEY,
  MINUTE,
  RUT,
  check,
  describeReal,
  expectStatus,
  flag,
  needs,
  receptorDe,
  sleep,
} from './support/sii-integration';
import { rawBody } from './support/harness';

// Against the SII's real certification environment (maullin.sii.cl, ws2.sii.cl, www4c.sii.cl, zeus.sii.cl and the
// certificate login at herculesr.sii.cl), never the fake: the hard rule that the gateway speaks the real protocol
// (docs/tax-gateway.md "SII integration tests"). One test per real SII operation the gateway calls, each driven through
// the gateway's HTTP API and asserting the shape of a real answer, not its data.
//
// The certificate: a signing service (SIGNER_URL, SIGNER_KEY; the contract of docs/CONTRACTS.md plus POST
// /portal/session) holding the personal certificate of a user the SII knows and has authorized for the company
// SII_INTEGRATION_TENANT (the dev signer's self-signed certificate is refused by the SII). The company must be
// enrolled in certification (postulación) at the SII.
//
// Every test needs:  SII_INTEGRATION=1, SIGNER_URL, SIGNER_KEY, SII_INTEGRATION_TENANT (the company's RUT).
// Tests that drive a portal page in the browser also need Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
// Each test names the further settings it needs below; a test whose settings are missing is skipped, and the reason
// is printed and added to its name:
//   SII_INTEGRATION_TRACKID        a TRACKID of an upload of the company (QueryEstUp)
//   SII_INTEGRATION_RUT_TERCERO    another company in maullin's list of DTE-authorized taxpayers (third-party source)
//   SII_INTEGRATION_RUT_REGISTRO   optional: a company of the Registro de Empresas y Sociedades (default: the tenant)
//   SII_INTEGRATION_NOTIFICACION_ID  the id of one of the company's SII mailbox notifications (opening it marks it read)
//   SII_INTEGRATION_GENERAR_SET=1  allows asking maullin for the set de pruebas (pe_generar2 may GENERATE A NEW SET)
//   SII_INTEGRATION_CAF_FILE       a CAF of type 33 for the company, downloaded from maullin (folio page, emission)
//   SII_INTEGRATION_FCH_RESOL      the company's certification authorization date, YYYY-MM-DD (FchResol; NroResol 0)
//   SII_INTEGRATION_RECEPTOR       the receptor of the factura: `RUT[;razón social;giro;dirección;comuna]`
//   SII_INTEGRATION_RCV_PERIODO    optional YYYY-MM (default: this month); when given, the month must have documents
//   SII_INTEGRATION_RECEPCION_FILE an EnvioDTE (33, 34 or 43) a supplier sent to the company through maullin
//   SII_INTEGRATION_ACEPTAR=1      allows registering ACD for that DTE in maullin's RCV (irreversible for that DTE)
//   SII_INTEGRATION_DATABASE_URL   optional: a gateway database kept between runs; without it each run has a fresh
//                                  one, so the emission starts at the CAF's first folio and relies on the folio page
//                                  test (which runs first) to move past folios earlier runs used
// Tests run in file order and share the app: the emission reuses the CAF the folio page test uploaded, QueryEstDte
// follows the emission's envío, the third-party lookup uses the list the refresh test downloaded.

describeReal('SII certification environment (SII_INTEGRATION=1)', () => {
  const tenant = BASE_SKIP ? '' : normalizeRut(ENV.SII_INTEGRATION_TENANT);
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createTestApp(
      AppModule,
      {
        TAX_ENV: 'cert',
        SIGNER_URL: ENV.SIGNER_URL,
        SIGNER_KEY: ENV.SIGNER_KEY,
        // The real SII: every base URL at its default, whatever the shell has (a launcher's sim settings must not leak in).
        SII_DTE_BASE_URL: undefined,
        SII_RECLAMO_BASE_URL: undefined,
        SII_RCV_BASE_URL: undefined,
        SII_PORTAL_BASE_URL: undefined,
        SII_TRUST_SIM_CAF: undefined,
        SII_SIM_CAF_CERT: undefined,
        // Only the tests call the SII: no list download at boot, no reconciler behind their back.
        CONTRIBUYENTES_REFRESH_HOURS: '0',
        RECONCILER_INTERVAL_SECONDS: '0',
        DATABASE_URL: ENV.SII_INTEGRATION_DATABASE_URL?.trim() || undefined,
      },
      appOptions,
    );
  }, 2 * MINUTE);

  afterAll(async () => {
    if (app) await closeTestApp(app);
  });

  const http = () => request(app.getHttpServer());
  const get = (path: string, query: Record<string, string> = {}) => http().get(path).query(query).set('X-Internal-Key', KEY);
  const post = (path: string, body: object = {}) => http().post(path).set('X-Internal-Key', KEY).send(body);
  const put = (path: string, body: object) => http().put(path).set('X-Internal-Key', KEY).send(body);

  /** Sum of the series of `metric` whose labels match (a label given as a list matches any of its values). */
  async function counted(metric: string, labels: Record<string, string | string[]>): Promise<number> {
    const res = expectStatus(await get('/metrics'), 200);
    let sum = 0;
    for (const line of res.text.split('\n')) {
      const m = /^(\w+)\{([^}]*)\}\s+(\S+)$/.exec(line);
      if (!m || m[1] !== metric) continue;
      const have = Object.fromEntries([...m[2].matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
      if (Object.entries(labels).every(([k, v]) => (Array.isArray(v) ? v : [v]).includes(have[k]))) sum += Number(m[3]);
    }
    return sum;
  }

  /** Calls of one SII operation with these outcomes so far (`sii_requests_total`, labelled by the gateway's clients). */
  const siiCalls = (operation: string, outcomes: string[] = ['ok']) => counted('sii_requests_total', { operation, outcome: outcomes });

  /** Polls QueryEstUp through GET /tax/dte/estado until a final estado. */
  async function estadoFinal(trackid: string, withinMs: number): Promise<{ estado: string; glosa: string }> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const res = expectStatus(await get('/tax/dte/estado', { tenant, trackid }), 200);
      if (FINAL.has(res.body.estado)) return res.body;
      check(Date.now() < deadline, `the envío ${trackid} is still ${res.body.estado} after ${withinMs / MINUTE} min`);
      await sleep(15_000);
    }
  }

  // Shared steps, each done once per run.
  let lista: Promise<{ body: { ambiente: string; descargado_en: string; filas: number }; llamadas: number }> | undefined;
  let caf: Promise<{ caf: Caf; caf_id: string }> | undefined;
  let recepcion: Promise<string> | undefined;
  let emitida: { emision_id: string; folio: number; trackid: string } | undefined;

  /** POST /tax/contribuyente/autorizados/refresh (once): maullin's ce_empresas_dwnld in the certificate session. */
  function descargarLista() {
    lista ??= (async () => {
      const before = await siiCalls('contribuyentesAutorizados');
      const res = expectStatus(await post('/tax/contribuyente/autorizados/refresh'), 200);
      return { body: res.body, llamadas: (await siiCalls('contribuyentesAutorizados')) - before };
    })();
    return lista;
  }

  /** POST /tax/caf/upload of SII_INTEGRATION_CAF_FILE (once); a database kept between runs already has it (409). */
  function cafSubido() {
    caf ??= (async () => {
      const file = ENV.SII_INTEGRATION_CAF_FILE as string;
      const bytes = readFileSync(file);
      const parsed = parseCaf(bytes);
      check(parsed.td === 33, `SII_INTEGRATION_CAF_FILE is a CAF of type ${parsed.td}; these tests emit a factura 33`);
      check(parsed.idk === 100, `SII_INTEGRATION_CAF_FILE has IDK ${parsed.idk}, not maullin's (100)`);
      check(normalizeRut(parsed.re) === tenant, `SII_INTEGRATION_CAF_FILE belongs to ${parsed.re}, not to ${tenant}`);
      const res = expectStatus(
        await http().post('/tax/caf/upload').set('X-Internal-Key', KEY).field('tenant', tenant).attach('file', bytes, basename(file)),
        201,
        409,
      );
      if (res.status === 201) {
        expect(res.body).toMatchObject({ tenant, tipo_dte: 33, desde: parsed.desde, hasta: parsed.hasta, vigente: true });
        return { caf: parsed, caf_id: res.body.caf_id as string };
      }
      check(res.body.error === 'caf_overlap', `CAF upload answered 409 ${res.body.error}`);
      const status = expectStatus(await get('/tax/caf/status', { tenant }), 200);
      const cafs = (status.body.tipos as { cafs: { caf_id: string; tipo_dte: number; desde: number; hasta: number }[] }[]).flatMap(
        (t) => t.cafs,
      );
      const stored = cafs.find((c) => c.tipo_dte === 33 && c.desde === parsed.desde && c.hasta === parsed.hasta);
      check(stored, `the CAF ${parsed.desde}-${parsed.hasta} overlaps another stored CAF of type 33`);
      return { caf: parsed, caf_id: stored.caf_id };
    })();
    return caf;
  }

  /** POST /tax/recepcion/dte of SII_INTEGRATION_RECEPCION_FILE (once): the recepcion_id of its first 33, 34 or 43. */
  function recepcionId() {
    recepcion ??= (async () => {
      const file = ENV.SII_INTEGRATION_RECEPCION_FILE as string;
      const xml = readFileSync(file);
      const res = expectStatus(
        await post('/tax/recepcion/dte', { tenant, xml_base64: xml.toString('base64'), nombre_archivo: basename(file) }),
        200,
        201,
      );
      const docs = res.body.documentos as { recepcion_id: string; tipo_dte: number }[];
      const doc = docs.find((d) => [33, 34, 43].includes(d.tipo_dte));
      check(doc, `SII_INTEGRATION_RECEPCION_FILE has no DTE of type 33, 34 or 43 (${docs.map((d) => d.tipo_dte).join(', ')})`);
      return doc.recepcion_id;
    })();
    return recepcion;
  }

  // ---- DTE web services: token, QueryEstUp ---------------------------------------------------------------------------

  // Needs: the base settings only.
  needs()(
    'token: CrSeed.getSeed and GetTokenFromSeed.getToken (seed signed by the signing service), then the cache',
    async () => {
      const first = expectStatus(await post('/tax/auth/token', { tenant }), 200);
      expect(first.body).toMatchObject({ tenant, environment: 'cert', cached: false });
      expect(first.body.expires_at).toMatch(INSTANT);
      const again = expectStatus(await post('/tax/auth/token', { tenant }), 200);
      expect(again.body.cached).toBe(true);
    },
    MINUTE,
  );

  // Needs: SII_INTEGRATION_TRACKID, the TRACKID of an upload of the tenant (e.g. from maullin's upload history).
  needs('SII_INTEGRATION_TRACKID')(
    'QueryEstUp: GET /tax/dte/estado reads the state of an upload',
    async () => {
      const trackid = (ENV.SII_INTEGRATION_TRACKID as string).trim();
      const res = expectStatus(await get('/tax/dte/estado', { tenant, trackid }), 200);
      expect(res.body.trackid).toBe(trackid);
      expect(res.body.estado).toMatch(/^[A-Z]{3}$/);
      expect(typeof res.body.glosa).toBe('string');
      for (const d of res.body.documentos as Record<string, unknown>[]) {
        expect(d).toEqual({
          tipo_dte: expect.any(Number),
          informados: expect.any(Number),
          aceptados: expect.any(Number),
          rechazados: expect.any(Number),
          reparos: expect.any(Number),
        });
      }
    },
    MINUTE,
  );

  // ---- The portal session -------------------------------------------------------------------------------------------

  // Needs: the base settings; the signing service must implement POST /portal/session (TLS client-certificate login at
  // herculesr.sii.cl). The gateway has no route of its own for the login (every portal route opens it on first use), so
  // this test calls the gateway's SignerClient exactly as SesionCertificado does: a refused login is told apart from a
  // page that fails. It opens one of the holder's at most 10 portal sessions.
  needs()(
    "portal login: the signing service's certificate login (POST /portal/session) gives a session of the certificate's holder",
    async () => {
      const signer = app.get(SignerClient);
      const settings = app.get<TaxSettings>(TAX_SETTINGS);
      const { holder_rut } = await signer.certificate();
      const session = await signer.portalSession(new URL('/', settings.siiPortalBaseUrl).toString());
      expect(session.rut).toBe(holder_rut);
      expect(session.cookies.length).toBeGreaterThan(0);
      for (const c of session.cookies) expect(c.domain.replace(/^\./, '')).toMatch(/(^|\.)sii\.cl$/);
      // The cookies peers take as a session (docs/research/sources/README.md §1.2).
      const names = session.cookies.map((c) => c.name);
      check(
        names.some((n) => n === 'TOKEN' || n === 'CSESSIONID' || n.startsWith('NETSCAPE_LIVEWIRE.')),
        `no session cookie among ${names.join(', ')}`,
      );
    },
    MINUTE,
  );

  // ---- Taxpayer sources ---------------------------------------------------------------------------------------------

  // Needs: the base settings (no browser: a plain GET of maullin's /cvc_cgi/dte/ce_empresas_dwnld with the session's
  // cookies). The list's size on maullin is not documented (palena's is about 150 MB): allow minutes.
  needs()(
    "list of DTE-authorized taxpayers: POST /tax/contribuyente/autorizados/refresh downloads maullin's ce_empresas_dwnld",
    async () => {
      const { body, llamadas } = await descargarLista();
      check(llamadas >= 1, 'contribuyentesAutorizados did not answer ok');
      expect(body).toEqual({ ambiente: 'cert', descargado_en: expect.stringMatching(INSTANT), filas: expect.any(Number) });
      expect(body.filas).toBeGreaterThan(0);
      const stored = expectStatus(await get('/tax/contribuyente/autorizados'), 200);
      expect(stored.body).toEqual(body);
    },
    15 * MINUTE,
  );

  // Needs: SII_INTEGRATION_RUT_TERCERO, another company authorized to issue DTEs in certification (it must be in
  // maullin's list); the list downloaded by the test above, or earlier (SII_INTEGRATION_DATABASE_URL).
  needs('SII_INTEGRATION_RUT_TERCERO')(
    'taxpayer source "contribuyentes autorizados": a third party through GET /tax/contribuyente/datos?tenant=&rut=',
    async () => {
      const rut = normalizeRut(ENV.SII_INTEGRATION_RUT_TERCERO);
      const stored = expectStatus(await get('/tax/contribuyente/autorizados'), 200);
      if (stored.body.filas === 0) await descargarLista();
      const res = expectStatus(await get('/tax/contribuyente/datos', { tenant, rut }), 200, 404);
      check(res.status === 200, `${rut} is not in maullin's list of DTE-authorized taxpayers (404 ${res.body.error})`);
      expect(res.body).toMatchObject({ rut, fuente: 'contribuyentes_autorizados', estado: 'autorizado_dte', giros: [] });
      expect(res.body.razon_social).toEqual(expect.stringMatching(/\S/));
      expect(res.body.autorizacion_dte).toEqual({
        numero_resolucion: expect.any(Number),
        fecha_resolucion: res.body.autorizacion_dte.fecha_resolucion === null ? null : expect.stringMatching(DATE),
        correo_intercambio: res.body.autorizacion_dte.correo_intercambio === null ? null : expect.any(String),
      });
    },
    15 * MINUTE,
  );

  // Needs: Chromium. The tenant's own data come from its carpeta tributaria (zeus.sii.cl, /dii_cgi/carpeta_tributaria/
  // cte_creditos_00.cgi) in the certificate session: the day's visit, shared with the carpeta page test below.
  needs(BROWSER)(
    'taxpayer source "carpeta tributaria": the tenant\'s own data through GET /tax/contribuyente/datos?tenant=',
    async () => {
      const res = expectStatus(await get('/tax/contribuyente/datos', { tenant }), 200);
      expect(res.body).toMatchObject({ rut: tenant, fuente: 'carpeta_tributaria' });
      expect(res.body.razon_social).toEqual(expect.stringMatching(/\S/));
      expect(typeof res.body.estado).toBe('string');
      for (const g of res.body.giros as { codigo: string; descripcion: string }[]) {
        expect(g.codigo).toMatch(/^(\d{6})?$/);
        expect(g.descripcion).toEqual(expect.stringMatching(/\S/));
      }
      for (const r of res.body.representantes as { rut: string; nombre: string }[]) expect(r.rut).toMatch(RUT);
      if (res.body.inicio_actividades !== undefined) expect(res.body.inicio_actividades).toMatch(DATE);
    },
    3 * MINUTE,
  );

  // ---- Portal pages (browser) ---------------------------------------------------------------------------------------

  // Needs: Chromium. The carpeta page, its F29 frames and its PDF, in one visit per RUT and day.
  needs(BROWSER)(
    'carpeta tributaria page: POST /tax/scrape/carpeta/json and POST /tax/scrape/carpeta (PDF)',
    async () => {
      const json = expectStatus(await post('/tax/scrape/carpeta/json', { tenant }), 200);
      expect(tryNormalizeRut(json.body.encabezado.rut)).toBe(tenant);
      expect(json.body.encabezado.nombre).toEqual(expect.stringMatching(/\S/));
      expect(Array.isArray(json.body.contribuyente.actividades)).toBe(true);
      expect(Array.isArray(json.body.declaraciones_iva)).toBe(true);
      expect(json.body.scraped_at).toMatch(INSTANT);
      const pdf = expectStatus(
        await http().post('/tax/scrape/carpeta').set('X-Internal-Key', KEY).send({ tenant }).buffer(true).parse(rawBody),
        200,
      );
      expect(pdf.headers['content-type']).toContain('application/pdf');
      expect((pdf.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    },
    3 * MINUTE,
  );

  // Needs: Chromium; optional SII_INTEGRATION_RUT_REGISTRO, a company of the Registro de Empresas y Sociedades (without
  // it the tenant, which the registry may not have: then 404 empresa_not_found, the page's "no registra" answer).
  // The page's structure is the project's own reading (docs/research/sii-protocol.md §9): unverified until this test passes.
  for (const pagina of ['empresa', 'historial'] as const) {
    needs(BROWSER)(
      `company registry page (/cgi_res/${pagina}.cgi): GET /tax/registro/empresa/{rut}${pagina === 'historial' ? '/historial' : ''}`,
      async () => {
        const rut = ENV.SII_INTEGRATION_RUT_REGISTRO?.trim() ? normalizeRut(ENV.SII_INTEGRATION_RUT_REGISTRO) : tenant;
        const path = `/tax/registro/empresa/${rut}${pagina === 'historial' ? '/historial' : ''}`;
        const res = expectStatus(await get(path, { tenant }), ...(ENV.SII_INTEGRATION_RUT_REGISTRO?.trim() ? [200] : [200, 404]));
        if (res.status === 404) {
          expect(res.body.error).toBe('empresa_not_found');
          process.stdout.write(`tax-gateway SII integration: the registry has no record of ${rut} (set SII_INTEGRATION_RUT_REGISTRO)\n`);
          return;
        }
        expect(res.body.fetched_at).toMatch(INSTANT);
        if (pagina === 'empresa') {
          expect(res.body.empresa).toMatchObject({ rut, socios: expect.any(Array), administradores: expect.any(Array) });
          expect(res.body.empresa.razon_social).toEqual(expect.stringMatching(/\S/));
        } else {
          expect(res.body.rut).toBe(rut);
          for (const m of res.body.modificaciones as Record<string, string>[]) {
            expect(m).toEqual({
              fecha: expect.stringMatching(DATE),
              tipo: expect.any(String),
              descripcion: expect.any(String),
              actuacion: expect.any(String),
            });
          }
        }
      },
      3 * MINUTE,
    );
  }

  // Needs: Chromium. The SII mailbox list (/cgi_buzon/notificaciones.cgi); reading the list marks nothing read.
  // The page's structure is the project's own reading (docs/research/sii-protocol.md §9).
  needs(BROWSER)(
    'SII mailbox page (/cgi_buzon/notificaciones.cgi): GET /tax/notificaciones',
    async () => {
      const res = expectStatus(await get('/tax/notificaciones', { tenant }), 200);
      expect(res.body).toMatchObject({ rut: tenant, fetched_at: expect.stringMatching(INSTANT), notificaciones: expect.any(Array) });
      for (const n of res.body.notificaciones as Record<string, unknown>[]) {
        expect(n).toEqual({
          id: expect.any(String),
          fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/),
          asunto: expect.any(String),
          remitente: expect.any(String),
          leida: expect.any(Boolean),
          cuerpo: null,
        });
      }
    },
    3 * MINUTE,
  );

  // Needs: Chromium and SII_INTEGRATION_NOTIFICACION_ID, the id of one of the tenant's notifications (opening it marks
  // it read on the portal, as a person opening it would: pick one already read).
  needs(BROWSER, 'SII_INTEGRATION_NOTIFICACION_ID')(
    'SII mailbox notification page (/cgi_buzon/notificacion.cgi): GET /tax/notificaciones/{notif_id}',
    async () => {
      const id = (ENV.SII_INTEGRATION_NOTIFICACION_ID as string).trim();
      const res = expectStatus(await get(`/tax/notificaciones/${encodeURIComponent(id)}`, { tenant }), 200);
      expect(res.body.notificacion).toMatchObject({ id, asunto: expect.any(String) });
      expect(res.body.notificacion.cuerpo).toEqual(expect.stringMatching(/\S/));
    },
    3 * MINUTE,
  );

  // Needs: Chromium. The documents the SII issued (/cgi_buzon/documentos.cgi) and, when there is one, its PDF.
  needs(BROWSER)(
    'SII documents page (/cgi_buzon/documentos.cgi): GET /tax/documentos and GET /tax/documentos/{doc_id}/pdf',
    async () => {
      const res = expectStatus(await get('/tax/documentos', { tenant }), 200);
      expect(res.body).toMatchObject({ rut: tenant, documentos: expect.any(Array) });
      const docs = res.body.documentos as { id: string; fecha: string; tipo: string; titulo: string; numero: string | null }[];
      for (const d of docs)
        expect(d).toMatchObject({ id: expect.any(String), fecha: expect.stringMatching(DATE), tipo: expect.any(String) });
      if (docs.length === 0) {
        process.stdout.write('tax-gateway SII integration: the tenant has no SII documents; the PDF was not asked\n');
        return;
      }
      const pdf = expectStatus(
        await http()
          .get(`/tax/documentos/${encodeURIComponent(docs[0].id)}/pdf`)
          .query({ tenant })
          .set('X-Internal-Key', KEY)
          .buffer(true)
          .parse(rawBody),
        200,
      );
      expect((pdf.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    },
    3 * MINUTE,
  );

  // Needs: SII_INTEGRATION_GENERAR_SET=1. maullin's pe_generar1 (confirm the company) and pe_generar2 (generate) in the
  // certificate session (no browser). Peers report that every generation gives NEW atención numbers and amounts
  // (docs/research/sources/README.md §3.1): do not run this while the company is answering a set already obtained.
  needs(flag('SII_INTEGRATION_GENERAR_SET'))(
    'certification set pages (maullin pe_generar1, pe_generar2): GET /tax/certificacion/sets',
    async () => {
      const before = await siiCalls('setDePruebas');
      const res = expectStatus(await get('/tax/certificacion/sets', { tenant }), 200);
      check((await siiCalls('setDePruebas')) > before, 'setDePruebas did not answer ok');
      expect(res.body.tenant).toBe(tenant);
      const [basico] = res.body.sets as { set: string; numero_atencion: string; casos: Record<string, unknown>[] }[];
      expect(basico).toMatchObject({ set: 'BASICO', numero_atencion: expect.stringMatching(/^\d+$/) });
      expect(basico.casos.length).toBeGreaterThan(0);
      for (const c of basico.casos) {
        expect(c).toEqual({
          caso: expect.stringMatching(/^\d+-\d+$/),
          documento: expect.any(String),
          tipo_dte: c.tipo_dte === null ? null : expect.any(Number),
          soportado: expect.any(Boolean),
        });
      }
      expect(basico.casos.some((c) => c.tipo_dte === 33)).toBe(true);
    },
    3 * MINUTE,
  );

  // ---- Folios and emission ------------------------------------------------------------------------------------------

  // Needs: Chromium and SII_INTEGRATION_CAF_FILE (a CAF 33 of the tenant from maullin's timbraje page). The folio query
  // page (/cvc_cgi/dte/of_consulta_folios.cgi, asked on SII_PORTAL_BASE_URL) for the folios after the counter; its
  // structure is the project's own reading (libs/portal parseConsultaFolios), unverified until this test passes. In a
  // fresh database the counter starts at the CAF's first folio: the resync moves it past folios earlier runs used.
  needs(BROWSER, 'SII_INTEGRATION_CAF_FILE')(
    'folio query page (of_consulta_folios.cgi): POST /tax/caf/resync after POST /tax/caf/upload',
    async () => {
      const { caf: cafFile, caf_id } = await cafSubido();
      const before = await counted('scrape_runs_total', { kind: 'folios', outcome: 'ok' });
      let row: { caf_id: string; siguiente_antes: number; siguiente: number; conocidos_por_sii: number[] } | undefined;
      // Each resync looks 10 folios past the counter; a few rounds move it past earlier runs' folios.
      for (let round = 0; round < 5; round++) {
        const res = expectStatus(await post('/tax/caf/resync', { tenant, tipo_dte: 33 }), 200);
        expect(res.body.tenant).toBe(tenant);
        row = (res.body.cafs as NonNullable<typeof row>[]).find((c) => c.caf_id === caf_id);
        check(row, `the resync did not list the uploaded CAF ${caf_id}`);
        expect(row).toMatchObject({ tipo_dte: 33, desde: cafFile.desde, hasta: cafFile.hasta, pendientes: expect.any(Array) });
        expect(row.siguiente).toBeGreaterThanOrEqual(row.siguiente_antes);
        for (const f of row.conocidos_por_sii) expect(Number.isInteger(f)).toBe(true);
        if (row.siguiente === row.siguiente_antes) break;
      }
      check((await counted('scrape_runs_total', { kind: 'folios', outcome: 'ok' })) > before, 'the folio page was not read');
      check(row && row.siguiente <= cafFile.hasta, `every folio of the CAF ${cafFile.desde}-${cafFile.hasta} is used: download a new CAF`);
    },
    5 * MINUTE,
  );

  // Needs: Chromium (the tenant's own data for the Emisor), SII_INTEGRATION_CAF_FILE, SII_INTEGRATION_FCH_RESOL (the
  // certification authorization date: the Caratula's FchResol, NroResol 0) and SII_INTEGRATION_RECEPTOR (a real
  // receptor, e.g. 60803000-K, the SII itself). Consumes one folio of the CAF for good.
  needs(
    BROWSER,
    'SII_INTEGRATION_CAF_FILE',
    'SII_INTEGRATION_FCH_RESOL',
    'SII_INTEGRATION_RECEPTOR',
  )(
    'DTEUpload: PUT /tax/emisores/{tenant}, then POST /tax/dte/emitir of one factura 33 gets a TRACKID',
    async () => {
      const fecha = (ENV.SII_INTEGRATION_FCH_RESOL as string).trim();
      const emisor = expectStatus(await put(`/tax/emisores/${tenant}`, { fecha_resolucion: fecha, numero_resolucion: 0 }), 200);
      expect(emisor.body).toMatchObject({ tenant, fecha_resolucion: fecha, numero_resolucion: 0 });
      const { caf: cafFile } = await cafSubido();
      const receptor = receptorDe(ENV.SII_INTEGRATION_RECEPTOR as string);
      const before = await siiCalls('DTEUpload');
      const res = expectStatus(
        await post('/tax/dte/emitir', {
          tenant,
          tipo_dte: 33,
          receptor,
          detalle: [{ nombre: 'Servicio de prueba de integracion', cantidad: 1, precio_unitario: 1000 }],
        }),
        201,
      );
      check((await siiCalls('DTEUpload')) > before, 'DTEUpload did not answer ok');
      expect(res.body).toMatchObject({ tipo_dte: 33, estado: 'uploaded', montos: { neto: 1000, iva: 190, total: 1190 } });
      expect(res.body.trackid).toMatch(/^\d{1,20}$/);
      expect(res.body.folio).toBeGreaterThanOrEqual(cafFile.desde);
      expect(res.body.folio).toBeLessThanOrEqual(cafFile.hasta);
      expect(res.body.receptor).toMatchObject({ rut: receptor.rut, razon_social_fuente: expect.stringMatching(/^(sii|solicitud)$/) });
      emitida = { emision_id: res.body.emision_id, folio: res.body.folio, trackid: res.body.trackid };
    },
    5 * MINUTE,
  );

  // Needs: what the DTEUpload test needs (it must have emitted in this run). Waits for the envío to be processed (EPR;
  // maullin takes from a minute to much longer), then POST /tax/caf/resync asks getEstDte about the accepted factura
  // (the one HTTP route that calls QueryEstDte; the reconciler, off here, is the other caller). The resync also reads
  // the folio page, whose own test is above.
  needs(
    BROWSER,
    'SII_INTEGRATION_CAF_FILE',
    'SII_INTEGRATION_FCH_RESOL',
    'SII_INTEGRATION_RECEPTOR',
  )(
    'QueryEstDte: after EPR, POST /tax/caf/resync asks getEstDte what the SII registered of the factura',
    async () => {
      check(emitida, 'the DTEUpload test did not emit in this run');
      const final = await estadoFinal(emitida.trackid, 20 * MINUTE);
      check(final.estado === 'EPR', `the envío ${emitida.trackid} ended ${final.estado} (${final.glosa}): no document to ask about`);
      const detalle = expectStatus(await get(`/tax/dte/get/${emitida.emision_id}`), 200);
      check(
        detalle.body.resultado !== 'rechazado',
        `the SII rejected the factura (${detalle.body.glosa}); QueryEstDte is asked only of accepted documents`,
      );
      const before = await siiCalls('getEstDte');
      const res = await post('/tax/caf/resync', { tenant, tipo_dte: 33 });
      check(
        (await siiCalls('getEstDte')) > before,
        `getEstDte did not answer ok (the resync answered ${res.status}: ${JSON.stringify(res.body)})`,
      );
      expectStatus(res, 200);
      const pendientes = (res.body.cafs as { pendientes: { folio: number; motivo: string }[] }[]).flatMap((c) => c.pendientes);
      const nuestro = pendientes.find((p) => p.folio === emitida?.folio);
      // DOK and the like leave nothing pending; FAU (not registered yet) lists it as no_recibido.
      if (nuestro) expect(nuestro.motivo).toBe('no_recibido');
    },
    25 * MINUTE,
  );

  // ---- RCV register (portal JSON services on www4c.sii.cl) ----------------------------------------------------------

  // Needs: the base settings; optional SII_INTEGRATION_RCV_PERIODO (YYYY-MM, default this month). The detail services
  // are asked only for types the summary lists: with SII_INTEGRATION_RCV_PERIODO given, that month must have documents.
  const periodo = ENV.SII_INTEGRATION_RCV_PERIODO?.trim() || santiagoDate().slice(0, 7);
  for (const [tipo, detalle, resumenes] of [
    ['venta', 'getDetalleVenta', 1],
    ['compra', 'getDetalleCompra', 4],
  ] as const) {
    needs()(
      `RCV ${tipo}s: getResumen and ${detalle} of ${periodo} through GET /tax/rcv/libro?tipo=${tipo}`,
      async () => {
        const resumenAntes = await siiCalls('getResumen');
        const detalleAntes = await siiCalls(detalle);
        const res = expectStatus(await get('/tax/rcv/libro', { tenant, periodo, tipo }), 200);
        check((await siiCalls('getResumen')) - resumenAntes >= resumenes, `getResumen did not answer ok ${resumenes} time(s)`);
        expect(res.body).toMatchObject({
          tenant,
          periodo,
          tipo,
          consultado_at: expect.stringMatching(INSTANT),
          resumen: {
            coincide: expect.any(Number),
            solo_sii: expect.any(Number),
            solo_gateway: expect.any(Number),
            difiere: expect.any(Number),
          },
        });
        const delSii = (res.body.documentos as Record<string, unknown>[]).filter((d) => d.estado !== 'solo_gateway');
        for (const d of delSii) {
          expect(d).toMatchObject({
            tipo_dte: expect.any(Number),
            folio: expect.any(Number),
            rut_contraparte: expect.stringMatching(RUT),
            fecha_emision: expect.stringMatching(DATE),
            estado_rcv: expect.stringMatching(/^(REGISTRO|PENDIENTE|RECLAMADO|NO_INCLUIR)$/),
          });
        }
        if (ENV.SII_INTEGRATION_RCV_PERIODO?.trim()) check(delSii.length > 0, `the ${tipo}s register of ${periodo} has no document`);
        if (delSii.length > 0) check((await siiCalls(detalle)) > detalleAntes, `${detalle} did not answer ok`);
        else process.stdout.write(`tax-gateway SII integration: no ${tipo}s in ${periodo}; ${detalle} was not asked\n`);
      },
      3 * MINUTE,
    );
  }

  // ---- RegistroReclamoDTE (ws2.sii.cl) ------------------------------------------------------------------------------

  // Needs: SII_INTEGRATION_RECEPCION_FILE, an EnvioDTE a supplier sent to the tenant through maullin (types 33, 34, 43),
  // received first with POST /tax/recepcion/dte. consultarFechaRecepcionSii, then listarEventosHistDoc: read only.
  needs('SII_INTEGRATION_RECEPCION_FILE')(
    'RegistroReclamoDTE consultarFechaRecepcionSii and listarEventosHistDoc: GET /tax/recepcion/{id}/eventos',
    async () => {
      const id = await recepcionId();
      const fechaAntes = await siiCalls('consultarFechaRecepcionSii');
      const listarAntes = await siiCalls('listarEventosHistDoc', ['ok', 'rejected']);
      const res = expectStatus(await get(`/tax/recepcion/${id}/eventos`), 200);
      check((await siiCalls('consultarFechaRecepcionSii')) > fechaAntes, 'consultarFechaRecepcionSii did not answer ok');
      check(res.body.fecha_recepcion_sii !== null, 'the SII has no record of that DTE (the supplier never sent it to maullin)');
      check((await siiCalls('listarEventosHistDoc', ['ok', 'rejected'])) > listarAntes, 'listarEventosHistDoc did not answer');
      expect(res.body).toMatchObject({
        recepcion_id: id,
        fecha_recepcion_sii: expect.stringMatching(INSTANT),
        plazo_hasta: expect.stringMatching(INSTANT),
        plazo_vigente: expect.any(Boolean),
        registrados: expect.any(Array),
      });
      for (const e of res.body.eventos as Record<string, unknown>[]) {
        expect(e).toEqual({
          codigo: expect.stringMatching(/^[A-Z]{3}$/),
          descripcion: expect.any(String),
          rut_responsable: expect.stringMatching(RUT),
          fecha: expect.stringMatching(INSTANT),
        });
      }
    },
    3 * MINUTE,
  );

  // Needs: SII_INTEGRATION_RECEPCION_FILE of a DTE the SII received less than 8 days ago, and SII_INTEGRATION_ACEPTAR=1:
  // registers ACD for it in maullin's RCV, which cannot be undone. A later run gets 409 evento_ya_registrado from the
  // SII, which is also its real answer; a refusal before ingresarAceptacionReclamoDoc was asked fails the test.
  needs('SII_INTEGRATION_RECEPCION_FILE', flag('SII_INTEGRATION_ACEPTAR'))(
    'RegistroReclamoDTE ingresarAceptacionReclamoDoc: POST /tax/recepcion/{id}/aceptar {accion: ACD}',
    async () => {
      const id = await recepcionId();
      const before = await siiCalls('ingresarAceptacionReclamoDoc', ['ok', 'rejected']);
      const res = expectStatus(await post(`/tax/recepcion/${id}/aceptar`, { accion: 'ACD' }), 201, 409);
      check(
        (await siiCalls('ingresarAceptacionReclamoDoc', ['ok', 'rejected'])) > before,
        `ingresarAceptacionReclamoDoc was not asked: ${res.body.error} (${res.body.detail}); give a DTE the SII received in the last 8 days`,
      );
      if (res.status === 201) {
        expect(res.body).toMatchObject({
          recepcion_id: id,
          accion: 'ACD',
          sii_respuesta: expect.any(String),
          fecha_recepcion_sii: expect.stringMatching(INSTANT),
        });
      } else {
        expect(res.body.error).toMatch(/^(evento_ya_registrado|evento_rechazado|plazo_vencido|no_recibido_sii)$/);
        expect(res.body).toMatchObject({ sii_cod_resp: expect.any(Number), sii_desc_resp: expect.any(String) });
      }
    },
    3 * MINUTE,
  );
});
