import request from 'supertest';
import { setBasico } from '@lib/sii-fake';
import { parseDteDocuments, validateXsd } from '@lib/dte';
import { JobQueue } from '../src/jobs/job-queue';
import { Gateway, KEY, prepareEmisor, rut, startGateway } from './support/harness';
import { xmllintEnvio } from './support/independent-checks';

// The certification set end to end: the sim hands out the SET BASICO, the gateway emits its eight cases in one
// EnvioDTE with their SET references, and the SII stand-in processes the envelope.
describe('certification sets (e2e)', () => {
  let gw: Gateway;
  const tenant = rut(76_950_100);
  const sets = () => request(gw.http).get('/tax/certificacion/sets').query({ tenant }).set('X-Internal-Key', KEY);
  const run = (body: object, rutEmisor = tenant) =>
    request(gw.http)
      .post('/tax/certificacion/run')
      .set('X-Internal-Key', KEY)
      .send({ tenant: rutEmisor, set: 'BASICO', ...body });
  /** Queues the run, waits for its job to end (the queue's signal), and answers the job as GET /tax/jobs/{job_id} shows it. */
  const runJob = async (body: object, rutEmisor = tenant) => {
    const queued = await run(body, rutEmisor).expect(202);
    expect(queued.body).toMatchObject({
      tipo: 'certificacion.run',
      tenant: rutEmisor,
      estado: expect.stringMatching(/^(queued|running|done)$/),
    });
    expect(queued.headers.location).toBe(`/tax/jobs/${queued.body.job_id}`);
    await gw.app.get(JobQueue).settled(queued.body.job_id);
    return (await request(gw.http).get(queued.headers.location).set('X-Internal-Key', KEY).expect(200)).body;
  };
  const emision = async (id: string) => (await request(gw.http).get(`/tax/dte/get/${id}`).set('X-Internal-Key', KEY).expect(200)).body;

  beforeAll(async () => {
    gw = await startGateway();
    await prepareEmisor(gw, tenant, 30, [33, 56, 61]);
  }, 120_000);

  afterAll(async () => {
    await gw?.close();
  });

  it('lists the SET BASICO with its eight cases, all issued by the platform', async () => {
    const res = await sets().expect(200);
    expect(res.body.sets).toHaveLength(1);
    expect(res.body.sets[0]).toMatchObject({ set: 'BASICO', numero_atencion: expect.stringMatching(/^\d+$/) });
    expect(res.body.sets[0].casos.map((c: { tipo_dte: number; soportado: boolean }) => [c.tipo_dte, c.soportado])).toEqual([
      [33, true],
      [33, true],
      [33, true],
      [33, true],
      [61, true],
      [61, true],
      [61, true],
      [56, true],
    ]);
  });

  it('runs as a job: the eight cases in ONE envelope, in order, each with its SET reference, followed to EPR by the reconciler', async () => {
    const uploadsBefore = gw.authority.uploads.size;
    const job = await runJob({});
    expect(job).toMatchObject({ estado: 'done', error: null, total: 10, hechos: 10 });
    const res = { body: job.resultado };
    const atencion = res.body.numero_atencion;
    // Each case and book was reported as it was reached.
    expect(job.items.map((i: { item: string; estado: string }) => [i.item, i.estado])).toEqual([
      ...Array.from({ length: 8 }, (_, i) => [`CASO ${atencion}-${i + 1}`, 'uploaded']),
      ['SET LIBRO DE VENTAS', 'signed'],
      ['SET LIBRO DE COMPRAS', 'signed'],
    ]);
    expect(res.body).toMatchObject({ estado: 'uploaded', error: null, trackid: expect.stringMatching(/^\d{10}$/) });
    const casos = () => res.body.casos.map((c: { caso: string; tipo_dte: number; folio: number }) => [c.caso, c.tipo_dte, c.folio]);
    expect(casos()).toEqual([
      [`${atencion}-1`, 33, 1],
      [`${atencion}-2`, 33, 2],
      [`${atencion}-3`, 33, 3],
      [`${atencion}-4`, 33, 4],
      [`${atencion}-5`, 61, 1],
      [`${atencion}-6`, 61, 2],
      [`${atencion}-7`, 61, 3],
      [`${atencion}-8`, 56, 1],
    ]);
    expect(res.body.casos.map((c: { resultado: string; reparos: boolean | null }) => [c.resultado, c.reparos])).toEqual(
      Array(8).fill(['pendiente', null]),
    );
    // The reconciler follows the envío, not the job: once the SII's clock is past processing, every case is EPR and accepted.
    gw.clock.offsetMs += 60_000;
    expect((await gw.reconcile()).failed).toBe(0);
    for (const c of res.body.casos) expect(await emision(c.emision_id)).toMatchObject({ estado: 'EPR', resultado: 'aceptado' });

    expect(gw.authority.uploads.size).toBe(uploadsBefore + 1);
    const upload = gw.authority.uploads.get(res.body.trackid);
    expect(upload?.documents.map((d) => [d.tipo, d.folio, d.result])).toEqual([
      [33, 1, 'DOK'],
      [33, 2, 'DOK'],
      [33, 3, 'DOK'],
      [33, 4, 'DOK'],
      [61, 1, 'DOK'],
      [61, 2, 'DOK'],
      [61, 3, 'DOK'],
      [56, 1, 'DOK'],
    ]);
    const got = await request(gw.http).get(`/tax/dte/get/${res.body.casos[0].emision_id}`).set('X-Internal-Key', KEY).expect(200);
    const envio = Buffer.from(got.body.xml_base64, 'base64');
    expect((await xmllintEnvio(envio)).code).toBe(0);
    const dtes = parseDteDocuments(envio);
    expect(dtes.map((d) => d.referencias[0])).toEqual(
      dtes.map((_, i) => expect.objectContaining({ tipo_doc: 'SET', razon: `CASO ${atencion}-${i + 1}` })),
    );
    // The notes reference the documents of their cases: case 6 corrects case 2's amounts, case 8 annuls case 5.
    expect(dtes[5].referencias[1]).toMatchObject({ tipo_doc: '33', folio: '2', codigo: 3 });
    expect(dtes[7].referencias[1]).toMatchObject({ tipo_doc: '61', folio: '1', codigo: 1 });
    expect(dtes[4].referencias[1]).toMatchObject({ tipo_doc: '33', folio: '1', codigo: 2 });
    expect(dtes[4].montos.total).toBe(0);

    // The SET LIBRO DE VENTAS gets its book: generated ESPECIAL with the set's atención number, ready to send.
    expect(res.body.libro_ventas).toMatchObject({ folio_notificacion: Number(atencion) + 1, estado: 'signed', error: null });
    const libro = await request(gw.http).get(`/tax/libros/${res.body.libro_ventas.libro_id}`).set('X-Internal-Key', KEY).expect(200);
    expect(libro.body).toMatchObject({ tipo: 'venta', tipo_libro: 'ESPECIAL', documentos: 8 });
    expect(Buffer.from(libro.body.xml_base64, 'base64').toString('latin1')).toContain(
      `<FolioNotificacion>${Number(atencion) + 1}</FolioNotificacion>`,
    );

    // The SET LIBRO DE COMPRAS gets its book from the set's documents, with the proportionality factor.
    expect(res.body.libro_compras).toMatchObject({ folio_notificacion: Number(atencion) + 2, estado: 'signed', error: null });
    const compras = await request(gw.http).get(`/tax/libros/${res.body.libro_compras.libro_id}`).set('X-Internal-Key', KEY).expect(200);
    expect(compras.body).toMatchObject({ tipo: 'compra', tipo_libro: 'ESPECIAL', documentos: 7 });
    const xmlCompras = Buffer.from(compras.body.xml_base64, 'base64');
    expect(xmlCompras.toString('latin1')).toMatch(/<FctProp>0\.\d{3}<\/FctProp><TotCredIVAUsoComun>\d+<\/TotCredIVAUsoComun>/);
    expect(xmlCompras.toString('latin1')).toMatch(/<MntIVA>0<\/MntIVA><IVAUsoComun>\d+<\/IVAUsoComun>/);
    expect(await validateXsd(xmlCompras, 'LibroCV')).toEqual({ valid: true, errors: [] });
    // Both books, uploaded, are cuadrados at the SII stand-in (its totals rules: libs/sii-fake/src/libro-upload.ts).
    for (const id of [res.body.libro_ventas.libro_id, res.body.libro_compras.libro_id]) {
      await request(gw.http).post(`/tax/libros/enviar/${id}`).set('X-Internal-Key', KEY).expect(200);
    }
    gw.clock.offsetMs += 60_000;
    await gw.reconcile();
    for (const id of [res.body.libro_ventas.libro_id, res.body.libro_compras.libro_id]) {
      const final = await request(gw.http).get(`/tax/libros/${id}`).set('X-Internal-Key', KEY).expect(200);
      expect(final.body).toMatchObject({ estado: 'LOK', glosa: 'Libro Cuadrado' });
    }

    // The PDF of one document of the envelope is that document's.
    const pdf = await request(gw.http).get(`/tax/dte/${res.body.casos[5].emision_id}/pdf`).set('X-Internal-Key', KEY);
    expect(pdf.status).toBe(200);
  });

  it('reports a case the platform does not issue, and the cases that depend on it, without skipping them', async () => {
    const text = setBasico(tenant);
    const changed = text.replace(
      'NOTA DE CREDITO ELECTRONICA\r\nREFERENCIA\t\tFACTURA ELECTRONICA CORRESPONDIENTE A CASO',
      'GUIA DE DESPACHO ELECTRONICA\r\nREFERENCIA\t\tFACTURA ELECTRONICA CORRESPONDIENTE A CASO',
    );
    expect(changed).not.toBe(text);
    const job = await runJob({ set_base64: Buffer.from(changed, 'latin1').toString('base64') });
    const byCaso = job.resultado.casos.map((c: { estado: string; error: string | null }) => [c.estado, c.error === null]);
    expect(byCaso[4]).toEqual(['no_soportado', false]);
    expect(byCaso[7]).toEqual(['no_soportado', false]); // the debit note annuls case 5
    expect(job.resultado.casos.filter((c: { estado: string }) => c.estado === 'uploaded')).toHaveLength(6);
    expect(job.items[4]).toMatchObject({ estado: 'no_soportado', detalle: expect.stringContaining('GUIA DE DESPACHO') });
  });

  it('ends the job failed with the problem when the set cannot be issued (no CAF for the notes), and uploads nothing', async () => {
    const sinNotas = rut(76_950_101);
    await prepareEmisor(gw, sinNotas, 30, [33]);
    const before = gw.authority.uploads.size;
    const job = await runJob({ set_base64: Buffer.from(setBasico(sinNotas), 'latin1').toString('base64') }, sinNotas);
    expect(job).toMatchObject({
      estado: 'failed',
      resultado: null,
      error: { status: 409, error: 'caf_missing' },
      finished_at: expect.any(String),
    });
    expect(gw.authority.uploads.size).toBe(before);
  });

  it('refuses a text that is not a set with 422 set_invalid and emits nothing', async () => {
    const before = gw.authority.uploads.size;
    const res = await run({ set_base64: Buffer.from('hola').toString('base64') }).expect(422);
    expect(res.body.error).toBe('set_invalid');
    expect(gw.authority.uploads.size).toBe(before);
    expect(
      await request(gw.http).get('/tax/jobs/5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d').set('X-Internal-Key', KEY).expect(404),
    ).toMatchObject({
      body: { error: 'job_not_found' },
    });
  });
});
