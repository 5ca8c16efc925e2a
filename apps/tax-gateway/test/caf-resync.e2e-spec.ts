import request from 'supertest';
import { emitir, facturaBody, Gateway, KEY, prepareEmisor, rut, startGateway } from './support/harness';

// POST /tax/caf/resync against the SII stand-in: QueryEstDte tells what the SII registered of each consumed folio, and
// the portal's folio query page (real Chromium) what it holds of the folios after the counter and of those to annul.
describe('POST /tax/caf/resync (e2e)', () => {
  let gw: Gateway;
  const tenant = rut(76_900_100);

  /** A document of the tenant the SII received from another system (not through this gateway). */
  function usedElsewhere(folio: number): void {
    gw.authority.recordUpload({
      trackId: String(9_000_000_000 + folio),
      rutSender: '11111111-1',
      rutCompany: tenant,
      fileName: 'otro-sistema.xml',
      sha256: `otro-${folio}`,
      receivedAt: new Date(Date.now() - 3_600_000),
      finalState: 'EPR',
      documents: [
        {
          emisor: tenant,
          tipo: 33,
          folio,
          receptor: '77777777-7',
          razonSocialEmisor: 'Emisor',
          razonSocialReceptor: 'Receptor',
          fechaEmision: '2026-01-02',
          montos: { exento: 0, neto: 1000, iva: 190, total: 1190 },
          referencias: [],
          result: 'DOK',
        },
      ],
    });
  }

  beforeAll(async () => {
    gw = await startGateway();
    await prepareEmisor(gw, tenant, 20);
  });

  afterAll(async () => {
    await gw?.close();
  });

  it('moves the counter past folios another system used and lists folios to resend and to annul', async () => {
    const emitted = [];
    for (let i = 0; i < 3; i++) emitted.push((await emitir(gw, facturaBody(tenant)).expect(201)).body);
    expect(emitted.map((e) => e.folio)).toEqual([1, 2, 3]);
    const judged = gw.authority.uploads.get(emitted[1].trackid)?.documents[0];
    if (!judged) throw new Error('the SII stand-in lost the upload');
    judged.result = 'RCH';
    gw.clock.offsetMs = 60_000;
    try {
      for (const e of emitted) {
        await request(gw.http).get('/tax/dte/estado').query({ tenant, trackid: e.trackid }).set('X-Internal-Key', KEY).expect(200);
      }
      gw.authority.uploads.delete(emitted[2].trackid); // accepted at EPR, then lost by the SII
      usedElsewhere(4);
      usedElsewhere(5);
      usedElsewhere(7); // not contiguous: reported, the counter stops at 6

      const res = await request(gw.http).post('/tax/caf/resync').set('X-Internal-Key', KEY).send({ tenant, tipo_dte: 33 }).expect(200);
      expect(res.body.cafs).toHaveLength(1);
      expect(res.body.cafs[0]).toMatchObject({
        tipo_dte: 33,
        desde: 1,
        hasta: 20,
        siguiente_antes: 4,
        siguiente: 6,
        consumidos: 3,
        conocidos_por_sii: [4, 5, 7],
      });
      expect(res.body.cafs[0].pendientes.map((p: { folio: number; motivo: string }) => [p.folio, p.motivo])).toEqual([
        [2, 'a_anular'],
        [3, 'no_recibido'],
      ]);
    } finally {
      gw.clock.offsetMs = 0;
    }
    expect((await emitir(gw, facturaBody(tenant)).expect(201)).body.folio).toBe(6);
    const again = await request(gw.http).post('/tax/caf/resync').set('X-Internal-Key', KEY).send({ tenant }).expect(200);
    expect(again.body.cafs[0]).toMatchObject({ siguiente_antes: 7, siguiente: 8, conocidos_por_sii: [7] });

    // Once the company annulled folio 2 on sii.cl, the page says so and it is no longer listed.
    await gw.authority.handle({
      method: 'POST',
      url: '/sim/folios/anular',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ rut: tenant, tipo_dte: 33, folio: 2 })),
    });
    const annulled = await request(gw.http).post('/tax/caf/resync').set('X-Internal-Key', KEY).send({ tenant }).expect(200);
    expect(annulled.body.cafs[0].pendientes.map((p: { folio: number }) => p.folio)).not.toContain(2);
  });

  it('refuses a bad tenant or type with 400', async () => {
    await request(gw.http).post('/tax/caf/resync').set('X-Internal-Key', KEY).send({ tenant: '1-2' }).expect(400);
    await request(gw.http).post('/tax/caf/resync').set('X-Internal-Key', KEY).send({ tenant, tipo_dte: 30 }).expect(400);
  });
});
