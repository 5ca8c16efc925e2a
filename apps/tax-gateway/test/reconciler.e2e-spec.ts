import { createHash } from 'node:crypto';
import { HttpResponse, http } from 'msw';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { EnvioReconciler } from '../src/reconciler/envio-reconciler';
import { emitir, facturaBody, Gateway, KEY, prepareEmisor, rut, SII_BASE, startGateway } from './support/harness';

// A crash between signing and upload leaves a row `signed` with its exact bytes: the reconciler works
// from that database state alone (what survives a restart), uploads those bytes once, then follows the envío.
describe('reconciler (e2e)', () => {
  let gw: Gateway;
  const tenant = rut(76_800_100);
  const db = () => gw.app.get(DataSource);

  /** An emission whose upload failed, left as a crash right after signing leaves it: signed, no trackid, untouched for a while. */
  async function emitLeftSigned(): Promise<string> {
    gw.msw.use(http.post(`${SII_BASE}/cgi_dte/UPL/DTEUpload`, () => HttpResponse.error()));
    let id: string;
    try {
      id = (await emitir(gw, facturaBody(tenant))).body.emision_id;
    } finally {
      gw.msw.resetHandlers();
    }
    await db().query(
      `UPDATE dte_emission SET estado = 'signed', trackid = NULL, updated_at = now() - interval '10 minutes' WHERE id = $1`,
      [id],
    );
    return id;
  }

  beforeAll(async () => {
    gw = await startGateway();
    await prepareEmisor(gw, tenant, 10);
  });

  afterAll(async () => {
    await gw?.close();
  });

  it('uploads a DTE left signed by a crash exactly once, with its stored bytes and folio, and follows it to EPR', async () => {
    const id = await emitLeftSigned();
    const reconciler = gw.app.get(EnvioReconciler);

    expect(await reconciler.runOnce()).toMatchObject({ uploaded: 1, failed: 0 });
    // The SII stand-in has not processed the envío yet, however long this machine takes between the passes.
    gw.clock.offsetMs = -60_000;
    expect(await reconciler.runOnce(0)).toMatchObject({ uploaded: 0 }); // nothing left to upload: never twice
    const [row] = await db().query('SELECT estado, trackid, folio::int AS folio, xml FROM dte_emission WHERE id = $1', [id]);
    expect(row).toMatchObject({ folio: 1, trackid: expect.stringMatching(/^\d+$/) });
    const sha = createHash('sha256').update(row.xml).digest('hex');
    expect([...gw.authority.uploads.values()].filter((u) => u.sha256 === sha)).toHaveLength(1);

    // Following: QueryEstUp records the SII's estado; the fake's clock moves past its processing time.
    gw.clock.offsetMs = 60_000;
    // The same pass follows the envío to EPR and then confirms the accepted document with QueryEstDte.
    expect(await reconciler.runOnce()).toMatchObject({ followed: 1, confirmed: 1, failed: 0 });
    const [{ estado }] = await db().query('SELECT estado FROM dte_emission WHERE id = $1', [id]);
    expect(estado).toBe('EPR');
    const pending = await request(gw.http).get('/tax/dte/pending').query({ tenant }).set('X-Internal-Key', KEY).expect(200);
    expect(pending.body.pendientes).toEqual([]);
    // EPR is final for the envío, DOK for the document: nothing more to ask.
    expect(await reconciler.runOnce()).toEqual({ uploaded: 0, followed: 0, confirmed: 0, failed: 0 });
    const got = await request(gw.http).get(`/tax/dte/get/${id}`).set('X-Internal-Key', KEY).expect(200);
    expect(got.body).toMatchObject({ estado: 'EPR', resultado: 'aceptado', estado_sii: 'DOK', estado_sii_glosa: 'DTE Recibido' });
    gw.clock.offsetMs = 0;
  });

  it('an EPR that counts the document rejected marks it rechazado, lists it as pending and never asks QueryEstDte', async () => {
    const res = await emitir(gw, facturaBody(tenant)).expect(201);
    const judged = gw.authority.uploads.get(res.body.trackid)?.documents[0];
    if (!judged) throw new Error('the SII stand-in lost the upload');
    Object.assign(judged, { result: 'RCH', detail: '(DET) Suma de lineas afectas distinta de MntNeto' });
    gw.clock.offsetMs = 60_000;
    try {
      const estado = await request(gw.http).get('/tax/dte/estado').query({ tenant, trackid: res.body.trackid }).set('X-Internal-Key', KEY);
      expect(estado.body).toMatchObject({ estado: 'EPR', documentos: [{ tipo_dte: 33, rechazados: 1 }] });
      const got = await request(gw.http).get(`/tax/dte/get/${res.body.emision_id}`).set('X-Internal-Key', KEY).expect(200);
      expect(got.body).toMatchObject({ resultado: 'rechazado', estado_sii: null });
      const pending = await request(gw.http).get('/tax/dte/pending').query({ tenant }).set('X-Internal-Key', KEY).expect(200);
      expect(pending.body.pendientes).toEqual([expect.objectContaining({ emision_id: res.body.emision_id, motivo: 'rejected' })]);
      expect(await gw.app.get(EnvioReconciler).runOnce()).toMatchObject({ confirmed: 0, failed: 0 });
    } finally {
      gw.clock.offsetMs = 0;
    }
  });

  it('a document the SII has not registered (FAU) is asked again only after a doubling delay', async () => {
    const res = await emitir(gw, facturaBody(tenant)).expect(201);
    gw.clock.offsetMs = 60_000;
    try {
      await request(gw.http).get('/tax/dte/estado').query({ tenant, trackid: res.body.trackid }).set('X-Internal-Key', KEY).expect(200);
      gw.authority.uploads.delete(res.body.trackid);
      const reconciler = gw.app.get(EnvioReconciler);
      expect(await reconciler.runOnce()).toMatchObject({ confirmed: 1, failed: 0 });
      const [first] = await db().query('SELECT consultas, estado_sii, proxima_consulta FROM dte_emission WHERE id = $1', [
        res.body.emision_id,
      ]);
      expect(first).toMatchObject({ consultas: 1, estado_sii: null });
      expect(first.proxima_consulta.getTime() - Date.now()).toBeGreaterThan(50_000);
      expect(await reconciler.runOnce()).toMatchObject({ confirmed: 0 }); // not due yet
      await db().query(`UPDATE dte_emission SET proxima_consulta = now() - interval '1 second' WHERE id = $1`, [res.body.emision_id]);
      expect(await reconciler.runOnce()).toMatchObject({ confirmed: 1 });
      const [second] = await db().query('SELECT consultas, proxima_consulta FROM dte_emission WHERE id = $1', [res.body.emision_id]);
      // Twice the first delay (base 60 s, then 120 s).
      expect(second.consultas).toBe(2);
      expect(second.proxima_consulta.getTime() - Date.now()).toBeGreaterThan(110_000);
    } finally {
      gw.clock.offsetMs = 0;
    }
  });

  it('survives a process restart between signing and upload: the new process uploads the document once, same folio and bytes', async () => {
    // The crash: the row is `signed` with its bytes; then a new process boots on the same database.
    const id = await emitLeftSigned();
    const [before] = await db().query('SELECT folio::int AS folio, xml_sha256 FROM dte_emission WHERE id = $1', [id]);
    await gw.restart();
    const reconciler = gw.app.get(EnvioReconciler);
    expect(await reconciler.runOnce()).toMatchObject({ uploaded: 1, failed: 0 });
    expect(await reconciler.runOnce(0)).toMatchObject({ uploaded: 0 });
    const [after] = await db().query('SELECT estado, folio::int AS folio, xml_sha256, trackid FROM dte_emission WHERE id = $1', [id]);
    // Uploaded, and already followed by the same passes.
    expect(after.estado).toMatch(/^(uploaded|REC|SOK|CRT|FOK|PDR|EPR)$/);
    expect(after).toMatchObject({
      folio: before.folio,
      xml_sha256: before.xml_sha256,
      trackid: expect.stringMatching(/^\d+$/),
    });
    expect([...gw.authority.uploads.values()].filter((u) => u.sha256 === before.xml_sha256)).toHaveLength(1);
    expect(
      (await db().query('SELECT count(*)::int AS n FROM dte_emission WHERE folio = $1 AND tenant = $2', [before.folio, tenant]))[0].n,
    ).toBe(1);
  });

  it('takes the SII\'s "already received" (STATUS 99) as the earlier upload once QueryEstUp confirms its trackid', async () => {
    const res = await emitir(gw, facturaBody(tenant)).expect(201);
    // The SII received it, and the process stopped before recording the answer: the row is as a crash leaves it.
    await db().query(
      `UPDATE dte_emission SET estado = 'signed', trackid = NULL, updated_at = now() - interval '10 minutes' WHERE id = $1`,
      [res.body.emision_id],
    );
    expect(await gw.reconcile()).toMatchObject({ uploaded: 1, failed: 0 });
    const [row] = await db().query('SELECT estado, trackid, xml FROM dte_emission WHERE id = $1', [res.body.emision_id]);
    expect(row).toMatchObject({ estado: 'uploaded', trackid: res.body.trackid });
    const sha = createHash('sha256').update(row.xml).digest('hex');
    expect([...gw.authority.uploads.values()].filter((u) => u.sha256 === sha)).toHaveLength(1);
  });

  it('leaves a STATUS 99 without a trackid the SII confirms as upload_failed, 502 sii_already_received', async () => {
    const res = await emitir(gw, facturaBody(tenant)).expect(201);
    await db().query(`UPDATE dte_emission SET estado = 'upload_failed', trackid = NULL WHERE id = $1`, [res.body.emision_id]);
    const noventaYNueve = '<RECEPCIONDTE><STATUS>99</STATUS><DETAIL><ERROR>Archivo ya recibido</ERROR></DETAIL></RECEPCIONDTE>';
    gw.msw.use(http.post(`${SII_BASE}/cgi_dte/UPL/DTEUpload`, () => HttpResponse.text(noventaYNueve), { once: true }));
    const again = await request(gw.http).post(`/tax/dte/${res.body.emision_id}/reenviar`).set('X-Internal-Key', KEY).expect(502);
    expect(again.body).toMatchObject({ error: 'sii_already_received', sii_status: '99', sii_details: ['Archivo ya recibido'] });
    const [row] = await db().query('SELECT estado, trackid FROM dte_emission WHERE id = $1', [res.body.emision_id]);
    expect(row).toEqual({ estado: 'upload_failed', trackid: null });
  });
});
