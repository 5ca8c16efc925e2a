import request from 'supertest';
import { setBasico } from '@lib/sii-fake';
import { parseDteDocuments, validateXsd } from '@lib/dte';
import { Gateway, KEY, prepareEmisor, rut, startGateway } from './support/harness';
import { xmllintEnvio } from './support/independent-checks';

// The certification set end to end: the sim hands out the SET BASICO, the gateway emits its eight cases in one
// EnvioDTE with their SET references, and the SII stand-in processes the envelope.
describe('certification sets (e2e)', () => {
  let gw: Gateway;
  const tenant = rut(76_950_100);
  const sets = () => request(gw.http).get('/tax/certificacion/sets').query({ tenant }).set('X-Internal-Key', KEY);
  const run = (body: object) =>
    request(gw.http)
      .post('/tax/certificacion/run')
      .set('X-Internal-Key', KEY)
      .send({ tenant, set: 'BASICO', ...body });

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

  it('emits the eight cases in ONE envelope, in order, each with its SET reference, and follows it to EPR', async () => {
    const uploadsBefore = gw.authority.uploads.size;
    const res = await run({}).expect(200);
    const atencion = res.body.numero_atencion;
    expect(res.body).toMatchObject({ estado: 'EPR', error: null, trackid: expect.stringMatching(/^\d{10}$/) });
    expect(
      res.body.casos.map((c: { caso: string; tipo_dte: number; folio: number; estado: string; resultado: string }) => [
        c.caso,
        c.tipo_dte,
        c.folio,
        c.estado,
        c.resultado,
      ]),
    ).toEqual([
      [`${atencion}-1`, 33, 1, 'EPR', 'aceptado'],
      [`${atencion}-2`, 33, 2, 'EPR', 'aceptado'],
      [`${atencion}-3`, 33, 3, 'EPR', 'aceptado'],
      [`${atencion}-4`, 33, 4, 'EPR', 'aceptado'],
      [`${atencion}-5`, 61, 1, 'EPR', 'aceptado'],
      [`${atencion}-6`, 61, 2, 'EPR', 'aceptado'],
      [`${atencion}-7`, 61, 3, 'EPR', 'aceptado'],
      [`${atencion}-8`, 56, 1, 'EPR', 'aceptado'],
    ]);
    expect(res.body.casos.map((c: { reparos: boolean | null }) => c.reparos)).toEqual(Array(8).fill(false));

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
    expect(res.body.libro_ventas).toMatchObject({ folio_notificacion: Number(atencion) + 1, estado: 'generado', error: null });
    const libro = await request(gw.http).get(`/tax/libros/${res.body.libro_ventas.libro_id}`).set('X-Internal-Key', KEY).expect(200);
    expect(libro.body).toMatchObject({ tipo: 'venta', tipo_libro: 'ESPECIAL', documentos: 8 });
    expect(Buffer.from(libro.body.xml_base64, 'base64').toString('latin1')).toContain(
      `<FolioNotificacion>${Number(atencion) + 1}</FolioNotificacion>`,
    );

    // The SET LIBRO DE COMPRAS gets its book from the set's documents, with the proportionality factor.
    expect(res.body.libro_compras).toMatchObject({ folio_notificacion: Number(atencion) + 2, estado: 'generado', error: null });
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
    const res = await run({ set_base64: Buffer.from(changed, 'latin1').toString('base64') }).expect(200);
    const byCaso = res.body.casos.map((c: { estado: string; error: string | null }) => [c.estado, c.error === null]);
    expect(byCaso[4]).toEqual(['no_soportado', false]);
    expect(byCaso[7]).toEqual(['no_soportado', false]); // the debit note annuls case 5
    expect(res.body.casos.filter((c: { estado: string }) => c.estado === 'EPR')).toHaveLength(6);
  });

  it('refuses a text that is not a set with 422 set_invalid and emits nothing', async () => {
    const before = gw.authority.uploads.size;
    const res = await run({ set_base64: Buffer.from('hola').toString('base64') }).expect(422);
    expect(res.body.error).toBe('set_invalid');
    expect(gw.authority.uploads.size).toBe(before);
  });
});
