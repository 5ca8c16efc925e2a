import { HttpResponse, http } from 'msw';
import request from 'supertest';
import { santiagoDate } from '@lib/dte';
import { EnvioReconciler } from '../src/reconciler/envio-reconciler';
import { SII_BREAKER } from '../src/sii/sii-http';
import { emitir, facturaBody, Gateway, KEY, prepareEmisor, rut, SII_BASE, startGateway } from './support/harness';

// An SII outage (issue 21): the upload service answering 503 pages opens its breaker; while open, an emission or a book is
// not sent but stays `signed`, answered 503 at once; the reconciler uploads the emission once the SII answers again.
describe('SII outage: the upload breaker (e2e)', () => {
  let gw: Gateway;
  const tenant = rut(76_800_300);
  const estadoOf = async (id: string) =>
    (await request(gw.http).get(`/tax/dte/get/${id}`).set('X-Internal-Key', KEY).expect(200)).body as {
      estado: string;
      trackid: string | null;
      historial: { estado: string }[];
    };

  beforeAll(async () => {
    gw = await startGateway();
    await prepareEmisor(gw, tenant, 20);
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await gw?.close();
  });

  it('stops uploading after five failures in a row, queues the next document, and uploads it once the SII is back', async () => {
    let uploads = 0;
    gw.msw.use(
      http.post(`${SII_BASE}/cgi_dte/UPL/DTEUpload`, () => {
        uploads++;
        return new HttpResponse('<html><body>Servicio no disponible</body></html>', {
          status: 503,
          headers: { 'content-type': 'text/html' },
        });
      }),
    );
    let queued: { emision_id: string };
    let libroId = '';
    try {
      for (let i = 0; i < SII_BREAKER.consecutiveFailures; i++) {
        const res = await emitir(gw, facturaBody(tenant));
        expect([res.status, res.body.error, res.body.estado]).toEqual([502, 'sii_bad_response', 'upload_failed']);
      }
      const res = await emitir(gw, facturaBody(tenant));
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe(String(SII_BREAKER.openSeconds));
      expect(res.body).toMatchObject({ error: 'sii_unavailable', enviado: false, estado: 'signed', folio: 6, tipo_dte: 33 });
      queued = res.body;
      expect(uploads).toBe(SII_BREAKER.consecutiveFailures);

      // A book goes through the same pipeline: refused unsent, it stays signed (sendable again), not upload_failed.
      const libro = await request(gw.http)
        .post('/tax/libros/generar')
        .set('X-Internal-Key', KEY)
        .send({ tenant, tipo: 'venta', periodo: santiagoDate().slice(0, 7) })
        .expect(201);
      libroId = libro.body.libro_id;
      const enviado = await request(gw.http).post(`/tax/libros/enviar/${libroId}`).set('X-Internal-Key', KEY);
      expect([enviado.status, enviado.body.error, enviado.body.enviado]).toEqual([503, 'sii_unavailable', false]);
      const libroAhora = await request(gw.http).get(`/tax/libros/${libroId}`).set('X-Internal-Key', KEY).expect(200);
      expect(libroAhora.body.historial.map((h: { estado: string }) => h.estado)).toEqual(['signed', 'uploading', 'signed']);
      expect(uploads).toBe(SII_BREAKER.consecutiveFailures);
    } finally {
      gw.msw.resetHandlers();
    }
    expect(await estadoOf(queued.emision_id)).toMatchObject({ estado: 'signed', trackid: null });

    // The SII answers again, but the breaker stays open for its time: the queued document waits.
    const reconciler = gw.app.get(EnvioReconciler);
    expect(await reconciler.runOnce(0)).toMatchObject({ uploaded: 0 });
    expect((await estadoOf(queued.emision_id)).estado).toBe('signed');

    // Only Date.now() moves (the breaker compares it with the instant it opened); sockets and timers stay real.
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + (SII_BREAKER.openSeconds + 1) * 1000);
    const atSii = gw.authority.uploads.size;
    expect(await reconciler.runOnce(0)).toMatchObject({ uploaded: 1, failed: 0 });
    expect(gw.authority.uploads.size - atSii).toBe(1);
    const uploaded = await estadoOf(queued.emision_id);
    expect(uploaded.estado).toBe('uploaded');
    expect(uploaded.trackid).toMatch(/^\d{10}$/);
    // Each try is in the history: the one the open breaker refused went back to signed.
    expect(uploaded.historial.map((h) => h.estado).slice(-4)).toEqual(['uploading', 'signed', 'uploading', 'uploaded']);
    // The five that failed with an answer wait for POST /tax/dte/{id}/reenviar, as before.
    expect(await reconciler.runOnce(0)).toMatchObject({ uploaded: 0 });
    // The book the breaker refused is sent as any book never sent.
    const libro = await request(gw.http).post(`/tax/libros/enviar/${libroId}`).set('X-Internal-Key', KEY).expect(200);
    expect(libro.body).toMatchObject({ estado: 'uploaded', trackid: expect.stringMatching(/^\d{10}$/) });
  }, 60_000);
});
