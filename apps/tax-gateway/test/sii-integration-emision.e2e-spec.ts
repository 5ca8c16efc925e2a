import { santiagoDate } from '@lib/dte';
import { integrationRun } from './support/sii-integration-run';

import {
  BROWSER,
  DATE,
  ENV,
  INSTANT,
  MINUTE,
  RUT,
  check,
  describeReal,
  expectStatus,
  flag,
  needs,
  receptorDe,
} from './support/sii-integration';

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
// This file: the folio page, emission and what follows it (QueryEstDte, the RCV, RegistroReclamoDTE); the other real
// operations are in sii-integration.e2e-spec.ts. Tests run in file order and share the app: the emission reuses the
// CAF the folio page test uploaded, QueryEstDte follows the emission's envío.

describeReal('SII certification environment: folios, emission, RCV (SII_INTEGRATION=1)', () => {
  const { tenant, get, post, put, counted, siiCalls, estadoFinal, cafSubido, recepcionId } = integrationRun();
  // What the emission needs: Chromium (the tenant's own data for the Emisor), the CAF, FchResol and a real receptor.
  const EMISION_NEEDS = [BROWSER, 'SII_INTEGRATION_CAF_FILE', 'SII_INTEGRATION_FCH_RESOL', 'SII_INTEGRATION_RECEPTOR'] as const;
  let emitida: { emision_id: string; folio: number; trackid: string } | undefined;

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
  needs(...EMISION_NEEDS)(
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
          forma_pago: 1,
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
  needs(...EMISION_NEEDS)(
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
  // registers ACD for it in maullin's RCV, which cannot be undone. A later run gets 409 evento_already_registered from the
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
        expect(res.body.error).toMatch(/^(evento_already_registered|evento_refused|plazo_expired|not_received_by_sii)$/);
        expect(res.body).toMatchObject({ sii_cod_resp: expect.any(Number), sii_desc_resp: expect.any(String) });
      }
    },
    3 * MINUTE,
  );
});
