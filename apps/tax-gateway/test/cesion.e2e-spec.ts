import { HttpResponse, http } from 'msw';
import request from 'supertest';
import { EnvioReconciler } from '../src/reconciler/envio-reconciler';
import * as harness from './support/harness';
import { xmllint, xmlsecVerifyEmbedded } from './support/independent-checks';

// The cesión of an accepted factura to a factoring company through the SII's registry (RPETC stand-in): the AEC checked by
// independent tools, the registry's judgement followed by the reconciler, and the AEC received by the factoring company.
describe('cesión (AEC) e2e', () => {
  let gw: harness.Gateway;
  const tenant = harness.rut(76_500_300);
  const factoring = harness.rut(96_500_301);
  const cesionario = {
    rut: factoring,
    razon_social: 'Factoring del Sur S.A.',
    direccion: 'Huérfanos 800, Santiago',
    email: 'ops@factoring.cl',
  };
  const ceder = (body: object) => request(gw.http).post('/tax/cesion/ceder').set('X-Internal-Key', harness.KEY).send(body);
  const cuerpo = (folio: number, extra: object = {}) => ({
    tenant,
    tipo_dte: 33,
    folio,
    cesionario,
    email: 'cobranza@empresa.cl',
    ...extra,
  });
  let aec: Buffer;

  beforeAll(async () => {
    gw = await harness.startGateway({ env: { THROTTLE_ENABLED: 'false' } });
    await harness.prepareEmisor(gw, tenant, 10);
  }, 120_000);

  afterAll(async () => {
    await gw?.close();
  });

  it('refuses a document the SII has not accepted yet, one never issued, and a type that cannot be assigned', async () => {
    const emitida = await harness.emitir(gw, harness.facturaBody(tenant)).expect(201);
    expect((await ceder(cuerpo(emitida.body.folio)).expect(409)).body.error).toBe('dte_not_accepted');
    expect((await ceder(cuerpo(99)).expect(404)).body.error).toBe('emision_not_found');
    expect((await ceder({ ...cuerpo(1), tipo_dte: 61 }).expect(400)).body.error).toBe('validation_failed');
    await harness.waitForFinalEstado(gw, tenant, emitida.body.trackid);
  });

  it('refuses an accepted factura whose 8 days for the receipt have not passed, unless the receipt was given on paper', async () => {
    expect((await ceder(cuerpo(1)).expect(409)).body.error).toBe('acuse_recibo_missing');
    const res = await ceder(cuerpo(1, { declaracion_jurada: true, monto: 100_000 }));
    expect({ status: res.status, body: res.status === 201 ? undefined : res.body }).toEqual({ status: 201, body: undefined });
    expect(res.body).toMatchObject({
      rol: 'cedente',
      tipo_dte: 33,
      folio: 1,
      seq: 1,
      rut_cedente: tenant,
      rut_cesionario: factoring,
      monto: 100_000,
    });
    expect(res.body.estado).toBe('uploaded');
    expect(res.body.trackid).toMatch(/^\d+$/);
    const envio = [...gw.authority.aecEnvios.values()].find((e) => e.trackId === res.body.trackid);
    aec = envio?.archivo as Buffer;
    expect(aec.toString('latin1')).toContain('<DeclaracionJurada>Se declara bajo juramento que');
    expect((await xmllint(aec, 'AEC_v10.xsd')).output).toContain('validates');
    for (const padre of ['AEC', 'DTECedido', 'Cesion', 'DTE']) {
      const check = await xmlsecVerifyEmbedded(aec, `//*[local-name()='${padre}']/*[local-name()='Signature']`);
      expect({ padre, code: check.code }).toEqual({ padre, code: 0 });
    }
    expect((await ceder(cuerpo(1, { declaracion_jurada: true })).expect(409)).body.error).toBe('cesion_already_registered');
    await gw.app.get(EnvioReconciler).runOnce();
    const seguida = await request(gw.http).get(`/tax/cesion/${res.body.cesion_id}`).set('X-Internal-Key', harness.KEY).expect(200);
    expect(seguida.body).toMatchObject({ estado: 'EOK', resultado: 'aceptado' });
    expect(seguida.body.historial.map((h: { estado: string }) => h.estado)).toEqual(
      expect.arrayContaining(['signed', 'uploading', 'uploaded', 'EOK']),
    );
  });

  it('answers 422 for an amount above the total or a due date before the document, and keeps an upload that failed for the reconciler', async () => {
    const emitida = await harness.emitir(gw, harness.facturaBody(tenant)).expect(201);
    await harness.waitForFinalEstado(gw, tenant, emitida.body.trackid);
    await gw.app.get(EnvioReconciler).runOnce(); // the document's outcome (aceptado) as the reconciler records it
    const folio = emitida.body.folio as number;
    const monto = await ceder(cuerpo(folio, { declaracion_jurada: true, monto: 999_999_999 })).expect(422);
    expect(monto.body).toMatchObject({ error: 'monto_cesion_exceeds_total', errors: [{ field: 'monto' }] });
    const fecha = await ceder(cuerpo(folio, { declaracion_jurada: true, ultimo_vencimiento: '2020-01-01' })).expect(422);
    expect(fecha.body).toMatchObject({ error: 'vencimiento_before_emision', errors: [{ field: 'ultimo_vencimiento' }] });
    let intentos = 0;
    gw.msw.use(
      http.post(`${harness.SII_BASE}/cgi_rtc/RTC/RTCAnotEnvio.cgi`, () => {
        intentos++;
        return new HttpResponse('<html><body>Error Interno</body></html>', { status: 500, headers: { 'content-type': 'text/html' } });
      }),
    );
    let fallida: { cesion_id: string };
    try {
      const res = await ceder(cuerpo(folio, { declaracion_jurada: true })).expect(502);
      expect(res.body).toMatchObject({ error: 'sii_bad_response', cesion_id: expect.any(String) });
      fallida = res.body;
      // The document is taken by that cesión: another request names it instead of building a second AEC.
      expect((await ceder(cuerpo(folio, { declaracion_jurada: true })).expect(409)).body.error).toBe('cesion_already_registered');
    } finally {
      gw.msw.resetHandlers();
    }
    expect(intentos).toBeGreaterThanOrEqual(1);
    const antes = await request(gw.http).get(`/tax/cesion/${fallida.cesion_id}`).set('X-Internal-Key', harness.KEY).expect(200);
    expect(antes.body).toMatchObject({ estado: 'upload_failed', trackid: null });
    // An upload that may have reached the SII waits for a person: the reconciler leaves it; POST .../reenviar sends the same bytes.
    await gw.app.get(EnvioReconciler).runOnce();
    expect(
      (await request(gw.http).get(`/tax/cesion/${fallida.cesion_id}`).set('X-Internal-Key', harness.KEY).expect(200)).body.estado,
    ).toBe('upload_failed');
    const reenviada = await request(gw.http)
      .post(`/tax/cesion/${fallida.cesion_id}/reenviar`)
      .set('X-Internal-Key', harness.KEY)
      .expect(200);
    expect(reenviada.body).toMatchObject({ estado: 'uploaded', trackid: expect.stringMatching(/^\d+$/) });
    expect(
      (await request(gw.http).post(`/tax/cesion/${fallida.cesion_id}/reenviar`).set('X-Internal-Key', harness.KEY).expect(409)).body.error,
    ).toBe('not_resendable');
    // The reconciler follows the registry's states pass by pass to EOK.
    const estados: string[] = [];
    for (let pasada = 0; pasada < 20 && estados.at(-1) !== 'EOK'; pasada++) {
      await gw.app.get(EnvioReconciler).runOnce();
      estados.push(
        (await request(gw.http).get(`/tax/cesion/${fallida.cesion_id}`).set('X-Internal-Key', harness.KEY).expect(200)).body.estado,
      );
    }
    const despues = await request(gw.http).get(`/tax/cesion/${fallida.cesion_id}`).set('X-Internal-Key', harness.KEY).expect(200);
    expect(despues.body).toMatchObject({ estado: 'EOK', resultado: 'aceptado', trackid: expect.stringMatching(/^\d+$/) });
    expect(despues.body.historial.map((h: { estado: string }) => h.estado)).toEqual(
      expect.arrayContaining(['signed', 'uploading', 'upload_failed', 'uploaded', 'EOK']),
    );
  });

  it('lets the factoring company receive the AEC: checked, kept and confirmed with the registry', async () => {
    const recibir = (body: object) => request(gw.http).post('/tax/cesion/recibir').set('X-Internal-Key', harness.KEY).send(body);
    const otro = await recibir({ tenant: harness.rut(77_000_100), aec_base64: aec.toString('base64') }).expect(422);
    expect(otro.body.error).toBe('cesionario_mismatch');
    const basura = await recibir({ tenant: factoring, aec_base64: Buffer.from('<AEC/>').toString('base64') }).expect(422);
    expect(basura.body.error).toBe('aec_invalid');
    const alterado = Buffer.from(aec.toString('latin1').replace('<MontoCesion>100000<', '<MontoCesion>100001<'), 'latin1');
    expect((await recibir({ tenant: factoring, aec_base64: alterado.toString('base64') }).expect(422)).body.error).toBe(
      'aec_signature_invalid',
    );
    const res = await recibir({ tenant: factoring, aec_base64: aec.toString('base64') }).expect(201);
    expect(res.body).toMatchObject({
      rol: 'cesionario',
      rut_emisor: tenant,
      folio: 1,
      rut_cesionario: factoring,
      estado: 'EOK',
      resultado: 'aceptado',
    });
  });

  it('lets the factoring company, now the holder, assign the document on: SeqCesion 2 with the earlier blocks byte for byte', async () => {
    const segundo = {
      rut: harness.rut(96_500_302),
      razon_social: 'Fondo de Inversión Norte',
      direccion: 'Apoquindo 3000, Las Condes',
      email: 'fondo@norte.cl',
    };
    const reasignar = (body: object) =>
      ceder({ tenant: factoring, rut_emisor: tenant, tipo_dte: 33, folio: 1, cesionario: segundo, email: 'ops@factoring.cl', ...body });
    expect((await reasignar({ folio: 2 }).expect(409)).body.error).toBe('cesion_not_current');
    await harness.registerEmisor(gw, factoring).expect(200);
    const res = await reasignar({});
    expect({ status: res.status, body: res.status === 201 ? undefined : res.body }).toEqual({ status: 201, body: undefined });
    expect(res.body).toMatchObject({
      rol: 'cedente',
      rut_emisor: tenant,
      seq: 2,
      rut_cedente: factoring,
      rut_cesionario: segundo.rut,
      monto: 100_000,
    });
    const envio = [...gw.authority.aecEnvios.values()].find((e) => e.trackId === res.body.trackid);
    const nuevo = envio?.archivo as Buffer;
    const texto = nuevo.toString('latin1');
    // The DTECedido and the first cesión exactly as the AEC received carried them; the first had a DeclaracionJurada, so the second does.
    const bloque = (xml: string, tag: string) => new RegExp(`<${tag}[\\s>][\\s\\S]*?</${tag}>`).exec(xml)?.[0];
    expect(bloque(texto, 'DTECedido')).toBe(bloque(aec.toString('latin1'), 'DTECedido'));
    expect(texto).toContain(bloque(aec.toString('latin1'), 'Cesion') as string);
    expect(texto.match(/<DeclaracionJurada>/g)).toHaveLength(2);
    expect((await xmllint(nuevo, 'AEC_v10.xsd')).output).toContain('validates');
    expect((await xmlsecVerifyEmbedded(nuevo, "/*[local-name()='AEC']/*[local-name()='Signature']")).code).toBe(0);
    // While the registry judges it, the factoring company still holds the document, and its cesión is live.
    expect((await reasignar({}).expect(409)).body.error).toBe('cesion_already_registered');
    await gw.app.get(EnvioReconciler).runOnce();
    const seguida = await request(gw.http).get(`/tax/cesion/${res.body.cesion_id}`).set('X-Internal-Key', harness.KEY).expect(200);
    expect({ estado: seguida.body.estado, glosa: seguida.body.glosa }).toEqual({ estado: 'EOK', glosa: 'Envio Aceptado' });
    // Registered: the factoring company assigned it on, once.
    expect((await reasignar({}).expect(409)).body.error).toBe('cesion_already_registered');
  });
});
