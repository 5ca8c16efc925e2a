import { normalizeRut, tryNormalizeRut } from '@lib/rut';
import { TAX_SETTINGS, type TaxSettings } from '../src/settings/tax-settings';
import { SignerClient } from '../src/signer/signer-client';
import { integrationRun } from './support/sii-integration-run';

import { BROWSER, DATE, ENV, INSTANT, KEY, MINUTE, RUT, check, describeReal, expectStatus, flag, needs } from './support/sii-integration';
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
// This file: the token, QueryEstUp, the portal session, the taxpayer sources and the portal pages; the folio page,
// emission, the RCV and RegistroReclamoDTE are in sii-integration-emision.e2e-spec.ts. Tests run in file order and
// share the app: the third-party lookup uses the list the refresh test downloaded.

describeReal('SII certification environment (SII_INTEGRATION=1)', () => {
  const { tenant, app, http, get, post, siiCalls, descargarLista } = integrationRun();

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
      const conteo = Object.fromEntries(
        ['tipo_dte', 'informados', 'aceptados', 'rechazados', 'reparos'].map((k) => [k, expect.any(Number)]),
      );
      for (const d of res.body.documentos as Record<string, unknown>[]) expect(d).toEqual(conteo);
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
      const signer = app().get(SignerClient);
      const settings = app().get<TaxSettings>(TAX_SETTINGS);
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
});
