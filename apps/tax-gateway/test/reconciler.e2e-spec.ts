import { createHash } from 'node:crypto';
import { HttpResponse, http } from 'msw';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { EmisionReconciler } from '../src/dte/emision-reconciler';
import { Gateway, KEY, SII_BASE, emitir, facturaBody, registerEmisor, rut, simCaf, startGateway, uploadCaf } from './support/harness';

// A crash between signing and upload leaves a row `signed` with its exact bytes: the reconciler works
// from that database state alone (what survives a restart), uploads those bytes once, then follows the envío.
describe('reconciler (e2e)', () => {
  let gw: Gateway;
  const tenant = rut(76_800_100);
  const db = () => gw.app.get(DataSource);

  beforeAll(async () => {
    gw = await startGateway();
    await registerEmisor(gw, tenant).expect(200);
    await uploadCaf(gw, tenant, await simCaf(gw, tenant, 33, 1, 5)).expect(201);
  });

  afterAll(async () => {
    await gw?.close();
  });

  it('uploads a DTE left signed by a crash exactly once, with its stored bytes and folio, and follows it to EPR', async () => {
    gw.msw.use(http.post(`${SII_BASE}/cgi_dte/UPL/DTEUpload`, () => HttpResponse.error()));
    let id: string;
    try {
      id = (await emitir(gw, facturaBody(tenant))).body.emision_id;
    } finally {
      gw.msw.resetHandlers();
    }
    // The state a crash right after signing leaves: signed, no trackid, untouched for a while.
    await db().query(
      `UPDATE dte_emission SET estado = 'signed', trackid = NULL, updated_at = now() - interval '10 minutes' WHERE id = $1`,
      [id],
    );
    const reconciler = gw.app.get(EmisionReconciler);

    expect(await reconciler.runOnce()).toMatchObject({ uploaded: 1, failed: 0 });
    expect(await reconciler.runOnce(0)).toMatchObject({ uploaded: 0 }); // nothing left to upload: never twice
    const [row] = await db().query('SELECT estado, trackid, folio::int AS folio, xml FROM dte_emission WHERE id = $1', [id]);
    expect(row).toMatchObject({ folio: 1, trackid: expect.stringMatching(/^\d+$/) });
    const sha = createHash('sha256').update(row.xml).digest('hex');
    expect([...gw.authority.uploads.values()].filter((u) => u.sha256 === sha)).toHaveLength(1);

    // Following: QueryEstUp records the SII's estado; the fake's clock moves past its processing time.
    gw.clock.offsetMs = 60_000;
    expect(await reconciler.runOnce()).toMatchObject({ followed: 1, failed: 0 });
    const [{ estado }] = await db().query('SELECT estado FROM dte_emission WHERE id = $1', [id]);
    expect(estado).toBe('EPR');
    const pending = await request(gw.http).get('/tax/dte/pending').query({ tenant }).set('X-Internal-Key', KEY).expect(200);
    expect(pending.body.pendientes).toEqual([]);
    expect(await reconciler.runOnce()).toEqual({ uploaded: 0, followed: 0, failed: 0 }); // EPR is final
    gw.clock.offsetMs = 0;
  });
});
