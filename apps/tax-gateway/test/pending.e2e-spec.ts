import { createHash } from 'node:crypto';
import { HttpResponse, http } from 'msw';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { emitir, facturaBody, Gateway, KEY, prepareEmisor, rut, SII_BASE, startGateway } from './support/harness';

// Pending DTEs and sending the stored bytes again (never a new folio, never new bytes).
describe('GET /tax/dte/pending and POST /tax/dte/{emision_id}/reenviar (e2e)', () => {
  let gw: Gateway;
  const tenant = rut(76_600_100);
  const pending = () => request(gw.http).get('/tax/dte/pending').query({ tenant }).set('X-Internal-Key', KEY).expect(200);
  const reenviar = (id: string) => request(gw.http).post(`/tax/dte/${id}/reenviar`).set('X-Internal-Key', KEY);
  let failedId = '';

  beforeAll(async () => {
    gw = await startGateway();
    await prepareEmisor(gw, tenant, 10);
  });

  afterAll(async () => {
    await gw?.close();
  });

  it('lists a DTE whose upload failed, with the reason, and not the ones uploaded', async () => {
    await emitir(gw, facturaBody(tenant)).expect(201);
    gw.msw.use(http.post(`${SII_BASE}/cgi_dte/UPL/DTEUpload`, () => HttpResponse.error()));
    try {
      const failed = await emitir(gw, facturaBody(tenant));
      expect(failed.status).toBeGreaterThanOrEqual(502);
      failedId = failed.body.emision_id;
    } finally {
      gw.msw.resetHandlers();
    }
    const { body } = await pending();
    expect(body.pendientes).toEqual([
      expect.objectContaining({
        emision_id: failedId,
        folio: 2,
        estado: 'upload_failed',
        motivo: 'upload_failed',
        detalle: expect.any(String),
      }),
    ]);
  });

  it('sends the same bytes again under the same folio, once, and the DTE is no longer pending', async () => {
    const stored = await request(gw.http).get(`/tax/dte/get/${failedId}`).set('X-Internal-Key', KEY).expect(200);
    const [first, second] = await Promise.all([reenviar(failedId), reenviar(failedId)]);
    const [ok, refused] = first.status === 200 ? [first, second] : [second, first];
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ emision_id: failedId, folio: 2, estado: 'uploaded', trackid: expect.stringMatching(/^\d+$/) });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('not_resendable');
    const sha = createHash('sha256').update(Buffer.from(stored.body.xml_base64, 'base64')).digest('hex');
    expect(gw.authority.uploads.get(ok.body.trackid)?.sha256).toBe(sha);
    expect((await pending()).body.pendientes).toEqual([]);
    expect((await reenviar(failedId).expect(409)).body.estado).toBe('uploaded');
  });

  it('lists a DTE the SII rejected: a whole-envío rejection, or an EPR whose counts show it rejected', async () => {
    const db = gw.app.get(DataSource);
    const a = (await emitir(gw, facturaBody(tenant)).expect(201)).body;
    const b = (await emitir(gw, facturaBody(tenant)).expect(201)).body;
    const c = (await emitir(gw, facturaBody(tenant)).expect(201)).body;
    // As GET /tax/dte/estado records QueryEstUp answers, with the resultado it maps (the fake only rejects malformed envíos).
    const counts = (rechazados: number) =>
      JSON.stringify([{ tipo_dte: 33, informados: 1, aceptados: 1 - rechazados, rechazados, reparos: 0 }]);
    await db.query(
      `UPDATE dte_emission SET estado = 'RCT', glosa = 'Rechazado por Error en Caratula', resultado = 'rechazado' WHERE id = $1`,
      [a.emision_id],
    );
    await db.query(`UPDATE dte_emission SET estado = 'EPR', documentos = $2, resultado = 'rechazado' WHERE id = $1`, [
      b.emision_id,
      counts(1),
    ]);
    await db.query(`UPDATE dte_emission SET estado = 'EPR', documentos = $2, resultado = 'aceptado' WHERE id = $1`, [
      c.emision_id,
      counts(0),
    ]);
    const listed = (await pending()).body.pendientes;
    expect(listed.map((p: { emision_id: string; motivo: string }) => [p.emision_id, p.motivo])).toEqual([
      [a.emision_id, 'rejected'],
      [b.emision_id, 'rejected'],
    ]);
    expect(listed[0].detalle).toBe('Rechazado por Error en Caratula');
    expect((await reenviar(a.emision_id).expect(409)).body.error).toBe('not_resendable');
  });

  it('answers 404 for an unknown emission and 400 for a bad query', async () => {
    expect((await reenviar('00000000-0000-4000-8000-000000000000').expect(404)).body.error).toBe('emission_not_found');
    await request(gw.http).get('/tax/dte/pending').query({ tenant, tipo_dte: 39 }).set('X-Internal-Key', KEY).expect(400);
  });
});
