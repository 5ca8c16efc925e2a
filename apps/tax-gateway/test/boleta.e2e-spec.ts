import { http, HttpResponse } from 'msw';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EnvioBuilder } from '../src/dte/envio-builder';
import { EnvioPipeline } from '../src/envio/envio-pipeline';
import { JobQueue } from '../src/jobs/job-queue';
import { Gateway, KEY, getBytes, prepareEmisor, simCaf, startGateway } from './support/harness';
import { tedVerifies, xmllint, xmlsecVerify } from './support/independent-checks';

const TENANT = '76086428-5';
const ENVELOPE = "/*[local-name()='EnvioBOLETA']/*[local-name()='Signature']";
const DOCUMENTO = "/*[local-name()='DTE']/*[local-name()='Signature']";
const RESOLUCION = { fchResol: '2014-08-22', nroResol: 0 };

/** A boleta 39 of one IVA-included line of 11 900 pesos: neto 10 000, IVA 1 900 (docs/research/boletas.md §2.1). */
const boleta = (overrides: Record<string, unknown> = {}) => ({
  tenant: TENANT,
  tipo_dte: 39,
  detalle: [{ nombre: 'Café grano 1 kg', cantidad: 1, precio_unitario: 11_900 }],
  ...overrides,
});

describe("boletas (e2e: real PostgreSQL, dev signer, the SII stand-in's boleta services)", () => {
  let gw: Gateway;
  let certificatePem: string;
  let caf39: Buffer;
  let holderRut: string;
  const emitir = (body: object) => request(gw.http).post('/tax/boleta/emitir').set('X-Internal-Key', KEY).send(body);
  const enviar = () => request(gw.http).post('/tax/boleta/enviar').set('X-Internal-Key', KEY).send({ tenant: TENANT }).expect(200);
  const get = (id: string) => request(gw.http).get(`/tax/dte/get/${id}`).set('X-Internal-Key', KEY).expect(200);
  const envelopeOf = async (trackid: string): Promise<Buffer> =>
    (await gw.app.get(DataSource).query('SELECT xml FROM boleta_envio WHERE trackid = $1', [trackid]))[0].xml;
  /** The stand-in's envío states last 10 ms each: a second later every envío is final. */
  const finishEnvios = () => (gw.clock.offsetMs += 1000);

  beforeAll(async () => {
    // The wait before an envío is long here: each test sends with POST /tax/boleta/enviar, never on a timer.
    gw = await startGateway({ env: { BOLETA_ENVIO_ESPERA_MS: '60000' } });
    await prepareEmisor(gw, TENANT, 2000, [41]);
    caf39 = await simCaf(gw, TENANT, 39, 1, 2000);
    await request(gw.http)
      .post('/tax/caf/upload')
      .set('X-Internal-Key', KEY)
      .field('tenant', TENANT)
      .attach('file', caf39, 'caf39.xml')
      .expect(201);
    const cert = await request(gw.signer.url).get('/sign/certificate').set('X-Internal-Key', gw.signer.key).expect(200);
    certificatePem = cert.body.certificate_pem;
    holderRut = cert.body.holder_rut;
  }, 120_000);

  afterAll(async () => {
    await gw?.close();
  });

  it('answers a boleta signed, to the anonymous consumer, with its IVA-included totals; its DTE verifies with xmlsec1 and its TED', async () => {
    const res = await emitir(boleta()).expect(201);
    expect(res.body).toMatchObject({
      tipo_dte: 39,
      estado: 'signed',
      trackid: null,
      montos: { neto: 10_000, exento: 0, iva: 1_900, total: 11_900 },
      receptor: { rut: '66666666-6', razon_social: '', razon_social_fuente: 'solicitud' },
    });
    const dte = Buffer.from((await get(res.body.emision_id)).body.xml_base64, 'base64');
    expect(dte.toString('latin1')).toMatch(
      /^<\?xml version="1.0" encoding="ISO-8859-1"\?>\n<DTE version="1.0" xmlns="http:\/\/www.sii.cl\/SiiDte">/,
    );
    expect((await xmlsecVerify(dte, certificatePem, DOCUMENTO)).code).toBe(0);
    expect(tedVerifies(dte.toString('latin1'), caf39.toString('latin1'))).toBe(true);
  });

  it('sends concurrent boletas together in one EnvioBOLETA that xmllint and xmlsec1 accept, and follows it to EPR: aceptado', async () => {
    const bodies = Array.from({ length: 12 }, (_, i) =>
      boleta(i % 3 === 0 ? { tipo_dte: 41, detalle: [{ nombre: 'Entrada museo', cantidad: 2, precio_unitario: 3_000 }] } : {}),
    );
    const emitted = await Promise.all(bodies.map((b) => emitir(b).expect(201)));
    expect(new Set(emitted.map((r) => `${r.body.tipo_dte}/${r.body.folio}`)).size).toBe(12);
    const { envios } = (await enviar()).body;
    expect(envios).toHaveLength(1);
    // The boleta of the first test waited too: 13 in one envelope.
    expect(envios[0]).toMatchObject({ boletas: 13, trackid: expect.stringMatching(/^\d{15}$/) });
    const envelope = await envelopeOf(envios[0].trackid);
    expect((await xmllint(envelope, 'EnvioBOLETA_v11.xsd')).output).toContain('validates');
    expect((await xmlsecVerify(envelope, certificatePem, ENVELOPE)).code).toBe(0);
    for (const n of [1, 7, 13]) {
      const firma = `(//*[local-name()='DTE'])[${n}]/*[local-name()='Signature']`;
      expect(await xmlsecVerify(envelope, certificatePem, firma)).toMatchObject({ code: 0 });
    }
    for (const r of emitted) expect((await get(r.body.emision_id)).body).toMatchObject({ estado: 'uploaded', trackid: envios[0].trackid });

    finishEnvios();
    const estado = await request(gw.http)
      .get('/tax/boleta/estado')
      .query({ tenant: TENANT, trackid: envios[0].trackid })
      .set('X-Internal-Key', KEY)
      .expect(200);
    expect(estado.body).toMatchObject({ estado: 'EPR', observadas: [] });
    const porDte = await request(gw.http)
      .get('/tax/dte/estado')
      .query({ tenant: TENANT, trackid: envios[0].trackid })
      .set('X-Internal-Key', KEY);
    expect(porDte.body).toMatchObject({ status: 409, error: 'trackid_of_boleta_envio' });
    expect(estado.body.estadistica).toEqual([
      { tipo_dte: 39, informados: 9, aceptados: 9, rechazados: 0, reparos: 0 },
      { tipo_dte: 41, informados: 4, aceptados: 4, rechazados: 0, reparos: 0 },
    ]);
    for (const r of emitted) expect((await get(r.body.emision_id)).body).toMatchObject({ estado: 'EPR', resultado: 'aceptado' });
    expect(await enviar().then((r) => r.body.envios)).toEqual([]);
    // The reconciler then asks the boleta service what it registered of each (docs/research/boletas.md §1.5).
    expect(await gw.reconcile()).toMatchObject({ confirmed: 13, failed: 0 });
    expect((await get(emitted[0].body.emision_id)).body).toMatchObject({
      estado_sii: 'DOK',
      estado_sii_glosa: 'Documento Recibido por el SII. Datos Coinciden con los Registrados',
    });
  });

  it("records the SII's rejection of one boleta (already received) on that boleta alone, in the SII's words", async () => {
    const a = await emitir(boleta()).expect(201);
    const b = await emitir(boleta()).expect(201);
    // Boleta `a` reached the SII before, and its process stopped before recording it: the same bytes in an envío of their own.
    const dte = Buffer.from((await get(a.body.emision_id)).body.xml_base64, 'base64').toString('latin1');
    const antes = await gw.app.get(EnvioBuilder).envioBoleta([dte], { rutEmisor: TENANT, rutEnvia: holderRut }, RESOLUCION);
    await gw.app.get(EnvioPipeline).uploadBoletas({ tenant: TENANT, rutEnvia: holderRut, filename: 'antes.xml', xml: antes });
    const { envios } = (await enviar()).body;
    expect(envios).toMatchObject([{ boletas: 2, trackid: expect.any(String) }]);
    finishEnvios();
    expect(await gw.reconcile()).toMatchObject({ followed: 1, failed: 0 });
    const rechazada = (await get(a.body.emision_id)).body;
    expect(rechazada).toMatchObject({ estado: 'EPR', resultado: 'rechazado', trackid: envios[0].trackid });
    expect(rechazada.glosa).toMatch(
      /^Dte Rechazado; \[DTE\] \(DTE\) Boleta tipo 39 folio \d+ de 76086428-5 ya recibida|^Dte Rechazado; \[DTE\] .*ya recibida/,
    );
    expect((await get(b.body.emision_id)).body).toMatchObject({ estado: 'EPR', resultado: 'aceptado', glosa: null });
  });

  it('keeps a boleta whose upload failed, and sends it again on request with the same bytes and folio', async () => {
    gw.msw.use(http.post('https://pangal.sii.cl/*', () => HttpResponse.text('Internal Server Error', { status: 500 }), { once: true }));
    const a = await emitir(boleta()).expect(201);
    const { envios } = (await enviar()).body;
    expect(envios).toEqual([{ envio_id: expect.any(String), boletas: 1, trackid: null, error: 'sii_bad_response' }]);
    const failed = (await get(a.body.emision_id)).body;
    expect(failed).toMatchObject({ estado: 'upload_failed', trackid: null });
    const again = await request(gw.http).post(`/tax/boleta/${a.body.emision_id}/reenviar`).set('X-Internal-Key', KEY).expect(200);
    expect(again.body).toMatchObject({
      emision_id: a.body.emision_id,
      folio: a.body.folio,
      estado: 'uploaded',
      trackid: expect.stringMatching(/^\d{15}$/),
    });
    expect((await get(a.body.emision_id)).body.xml_base64).toBe(failed.xml_base64);
    await request(gw.http).post(`/tax/boleta/${a.body.emision_id}/reenviar`).set('X-Internal-Key', KEY).expect(409);
    const porDte = await request(gw.http).post(`/tax/dte/${a.body.emision_id}/reenviar`).set('X-Internal-Key', KEY).expect(409);
    expect(porDte.body.detail).toContain(`POST /tax/boleta/${a.body.emision_id}/reenviar`);
  });

  it("sends the others when one stored boleta breaks the envelope's XSD, and keeps that one upload_failed with the XSD's words", async () => {
    const [buena, mala] = [await emitir(boleta()).expect(201), await emitir(boleta()).expect(201)];
    // A stored boleta damaged after its signing (never by the gateway): without IndServicio, EnvioBOLETA_v11.xsd refuses it.
    await gw.app
      .get(DataSource)
      .query(
        `UPDATE dte_emission SET xml = convert_to(replace(convert_from(xml, 'LATIN1'), '<IndServicio>3</IndServicio>', ''), 'LATIN1') WHERE id = $1`,
        [mala.body.emision_id],
      );
    const { envios } = (await enviar()).body;
    expect(envios).toEqual([
      { envio_id: expect.any(String), boletas: 1, trackid: expect.stringMatching(/^\d{15}$/) },
      { envio_id: null, boletas: 1, trackid: null, error: 'xsd_invalid' },
    ]);
    expect((await get(buena.body.emision_id)).body).toMatchObject({ estado: 'uploaded', trackid: envios[0].trackid });
    const rota = (await get(mala.body.emision_id)).body;
    expect(rota).toMatchObject({ estado: 'upload_failed', trackid: null, error: { error: 'xsd_invalid', status: 500 } });
    expect(JSON.stringify(rota.error.xsd_errors)).toMatch(/IndServicio/);
  });

  it("sends the boletas left behind (a restart before their envío) at the reconciler's pass", async () => {
    const a = await emitir(boleta()).expect(201);
    // As if the process that signed it had stopped two minutes ago, its timer with it.
    await gw.app
      .get(DataSource)
      .query(`UPDATE dte_emission SET created_at = now() - interval '10 minutes' WHERE id = $1`, [a.body.emision_id]);
    expect(await gw.reconcile()).toMatchObject({ uploaded: 1, failed: 0 });
    expect((await get(a.body.emision_id)).body).toMatchObject({ estado: 'uploaded', trackid: expect.stringMatching(/^\d{15}$/) });
  });

  it('two gateway processes sending at once never put one boleta in two envíos', async () => {
    const second = await gw.second();
    const emitted = [];
    for (let i = 0; i < 40; i++) emitted.push((await emitir(boleta()).expect(201)).body);
    const send = (app: typeof second) =>
      request(app.getHttpServer()).post('/tax/boleta/enviar').set('X-Internal-Key', KEY).send({ tenant: TENANT });
    const [uno, dos] = await Promise.all([send(gw.app), send(second)]);
    const envios = [...uno.body.envios, ...dos.body.envios];
    expect(envios.reduce((n: number, e: { boletas: number }) => n + e.boletas, 0)).toBe(40);
    const folios = envios.flatMap(
      (e: { trackid: string }) => gw.authority.boletaEnvios.get(e.trackid)?.documents.map((d) => d.folio) ?? [],
    );
    expect(folios.sort((x, y) => x - y)).toEqual(emitted.map((b) => b.folio).sort((x, y) => x - y));
    for (const b of emitted) expect((await get(b.emision_id)).body.estado).toBe('uploaded');
  });

  it('issues a lote as a job: each boleta reported, a refused one beside the others, all sent together', async () => {
    const lote = {
      tenant: TENANT,
      boletas: [
        boleta(),
        { tipo_dte: 39, detalle: [{ nombre: 'Entrada', cantidad: 1, precio_unitario: 3_000, exento: true }] },
        boleta(),
      ].map(({ tenant: _t, ...b }: Record<string, unknown>) => b),
    };
    const queued = await request(gw.http).post('/tax/boleta/lote').set('X-Internal-Key', KEY).send(lote).expect(202);
    expect(queued.headers.location).toBe(`/tax/jobs/${queued.body.job_id}`);
    await gw.app.get(JobQueue).settled(queued.body.job_id);
    const job = (await request(gw.http).get(`/tax/jobs/${queued.body.job_id}`).set('X-Internal-Key', KEY).expect(200)).body;
    expect(job).toMatchObject({ estado: 'done', total: 4, hechos: 4 });
    expect(job.items.map((i: { item: string; estado: string }) => [i.item, i.estado])).toEqual([
      ['boleta 0', 'signed'],
      ['boleta 1', 'refused'],
      ['boleta 2', 'signed'],
      ['envio', 'uploaded'],
    ]);
    expect(job.resultado.boletas[1]).toMatchObject({ indice: 1, emision_id: null, error: { error: 'dte_invalid', status: 422 } });
    expect(job.resultado.envios).toEqual([{ envio_id: expect.any(String), boletas: 2, trackid: expect.stringMatching(/^\d{15}$/) }]);
  });

  it('prints a boleta on an 80 mm roll and on letter, titled as a boleta', async () => {
    const res = await emitir(boleta({ receptor: { rut: '12345678-5', razon_social: 'Juana Pérez' } })).expect(201);
    for (const formato of ['termica', 'carta']) {
      const pdf = (await getBytes(gw, `/tax/dte/${res.body.emision_id}/pdf`, { formato }).expect(200)).body as Buffer;
      const dir = mkdtempSync(join(tmpdir(), 'boleta-pdf-'));
      writeFileSync(join(dir, 'b.pdf'), pdf);
      const text = execFileSync('pdftotext', ['-layout', join(dir, 'b.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toMatch(/BOLETA ELECTR[ÓO]NICA/i);
      expect(text).toContain(`${res.body.folio}`);
      expect(text).toMatch(/11\.900/);
    }
  });
});
