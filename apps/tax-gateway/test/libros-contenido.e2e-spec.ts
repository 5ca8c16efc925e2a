import { randomUUID } from 'node:crypto';
import { HttpResponse, http } from 'msw';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { santiagoDate } from '@lib/dte';
import { emitir, facturaBody, Gateway, getBytes, KEY, prepareEmisor, registerEmisor, rut, SII_BASE, startGateway } from './support/harness';

// Which documents an IECV book holds (sales: what the SII received and did not reject; purchases: LibroCV's types,
// no claimed document) and the purchases book's IVA de uso común and no recuperable, each book sent to the SII
// stand-in until its final state. The books' layout, versions and concurrency: libros.e2e-spec.ts.

const PERIODO = santiagoDate().slice(0, 7);

let gw: Gateway;

const generar = (body: object) => request(gw.http).post('/tax/libros/generar').set('X-Internal-Key', KEY).send(body);
const detail = (id: string) => request(gw.http).get(`/tax/libros/${id}`).set('X-Internal-Key', KEY).expect(200);

beforeAll(async () => {
  gw = await startGateway();
}, 120_000);

afterAll(async () => {
  await gw?.close();
});

/** Sends a stored book and reads it again once the stand-in's clock is past its processing and the reconciler followed it. */
async function enviarHastaFinal(libroId: string) {
  await request(gw.http).post(`/tax/libros/enviar/${libroId}`).set('X-Internal-Key', KEY).expect(200);
  gw.clock.offsetMs += 60_000;
  await gw.reconcile();
  return (await detail(libroId)).body;
}

const xmlDe = async (libroId: string) => Buffer.from((await detail(libroId)).body.xml_base64, 'base64').toString('latin1');
const detalleDe = (xml: string, tipo: number, folio: number) =>
  new RegExp(`<Detalle><TpoDoc>${tipo}</TpoDoc><NroDoc>${folio}</NroDoc>.*?</Detalle>`).exec(xml)?.[0];
const linea27 = { nombre: 'Vino', cantidad: 1, precio_unitario: 20_000, codigo_impuesto_adicional: 27 };

describe('which documents a book holds, and a purchases book with IVA de uso común and no recuperable', () => {
  const VENDEDOR = rut(76_700_101);
  const PROVEEDOR = rut(76_700_202);
  const COMPRADOR = rut(76_700_303);

  beforeAll(async () => {
    for (const t of [VENDEDOR, PROVEEDOR]) await prepareEmisor(gw, t, 10);
    await registerEmisor(gw, COMPRADOR).expect(200);
  }, 60_000);

  it('a libro de ventas leaves out a DTE whose upload failed and one the SII rejected, carries additional taxes, and reaches LOK', async () => {
    const aceptada = (await emitir(gw, facturaBody(VENDEDOR, { detalle: [linea27] })).expect(201)).body;
    expect(aceptada.montos.impuestos_adicionales).toEqual([{ codigo: 27, tasa: 10, monto: 2000 }]);

    gw.msw.use(http.post(`${SII_BASE}/cgi_dte/UPL/DTEUpload`, () => HttpResponse.error()));
    let noSubida;
    try {
      noSubida = await emitir(gw, facturaBody(VENDEDOR));
    } finally {
      gw.msw.resetHandlers();
    }
    expect(noSubida.status).toBeGreaterThanOrEqual(502);

    // The SII processes the next envío more than 6 months after the CAF's authorization: it accepts the envío and
    // rejects the document in it ("CAF Vencido", RCH), which the gateway records as resultado rechazado.
    const offset = gw.clock.offsetMs;
    gw.clock.offsetMs = offset + 200 * 86_400_000;
    let rechazada;
    try {
      rechazada = (await emitir(gw, facturaBody(VENDEDOR)).expect(201)).body;
      // Past the envío's processing steps on the SII's clock: one QueryEstUp finds EPR and records the result.
      gw.clock.offsetMs += 60_000;
      const final = await request(gw.http)
        .get('/tax/dte/estado')
        .query({ tenant: VENDEDOR, trackid: rechazada.trackid })
        .set('X-Internal-Key', KEY)
        .expect(200);
      expect(final.body).toMatchObject({ estado: 'EPR', documentos: [expect.objectContaining({ rechazados: 1 })] });
    } finally {
      gw.clock.offsetMs = offset;
    }
    const db = gw.app.get(DataSource);
    const estados = await db.query('SELECT folio, estado, resultado FROM dte_emission WHERE tenant = $1 ORDER BY folio', [VENDEDOR]);
    expect(estados.map((e: { folio: string; estado: string; resultado: string }) => [Number(e.folio), e.estado, e.resultado])).toEqual([
      [aceptada.folio, 'uploaded', 'pendiente'],
      [aceptada.folio + 1, 'upload_failed', 'pendiente'], // its folio stays consumed
      [rechazada.folio, 'EPR', 'rechazado'],
    ]);

    const res = await generar({ tenant: VENDEDOR, tipo: 'venta', periodo: PERIODO }).expect(201);
    const m = aceptada.montos;
    expect(res.body).toMatchObject({
      documentos: 1,
      totales: [{ tipo_dte: 33, documentos: 1, exento: m.exento, neto: m.neto, iva: m.iva, total: m.total }],
    });
    const xml = await xmlDe(res.body.libro_id);
    expect(detalleDe(xml, 33, aceptada.folio)).toContain(
      '<OtrosImp><CodImp>27</CodImp><TasaImp>10</TasaImp><MntImp>2000</MntImp></OtrosImp>',
    );
    expect(xml).toContain('<TotOtrosImp><CodImp>27</CodImp><TotMntImp>2000</TotMntImp></TotOtrosImp>');
    expect(detalleDe(xml, 33, aceptada.folio + 1)).toBeUndefined();
    expect(detalleDe(xml, 33, rechazada.folio)).toBeUndefined();
    expect(await enviarHastaFinal(res.body.libro_id)).toMatchObject({ estado: 'LOK', glosa: 'Libro Cuadrado' });
  });

  it('a libro de compras: uso común and no recuperable apart from MntIVA, a guía 52 and a claimed DTE left out, LOK', async () => {
    const db = gw.app.get(DataSource);
    const recibir = async (body: object) => {
      const emitted = (
        await emitir(gw, facturaBody(PROVEEDOR, { ...body, receptor: { ...facturaBody(PROVEEDOR).receptor, rut: COMPRADOR } })).expect(201)
      ).body;
      const env = await getBytes(gw, `/tax/dte/${emitted.emision_id}/intercambio`).expect(200);
      const res = await request(gw.http)
        .post('/tax/recepcion/dte')
        .set('X-Internal-Key', KEY)
        .send({ tenant: COMPRADOR, xml_base64: (env.body as Buffer).toString('base64') })
        .expect(201);
      expect(res.body.documentos[0].estado).toBe('recibido');
      return { ...emitted, recepcion_id: res.body.documentos[0].recepcion_id as string };
    };
    const usoComun = await recibir({});
    const noRecuperable = await recibir({});
    const conImpuesto = await recibir({ detalle: [linea27] });
    const reclamada = await recibir({});
    // As the reception records a document's Totales beyond the four amounts (recepcion.montos_detalle).
    await db.query('UPDATE recepcion SET montos_detalle = $2 WHERE id = $1', [
      conImpuesto.recepcion_id,
      JSON.stringify({
        impuestos_adicionales: conImpuesto.montos.impuestos_adicionales,
        iva_no_retenido: 0,
        credito_empresas_constructoras: 0,
        monto_base: 0,
        montos_brutos: false,
        comisiones: null,
      }),
    ]);
    await request(gw.http)
      .post(`/tax/recepcion/${reclamada.recepcion_id}/reclamar`)
      .set('X-Internal-Key', KEY)
      .send({ accion: 'RCD', motivo: 'Precio distinto' })
      .expect(201);
    // A guía de despacho received through the intercambio (TipoDTE 52), stored as the reception stores documents.
    await db.query(
      `INSERT INTO recepcion (id, envio_id, tenant, rut_emisor, razon_social_emisor, correo_emisor, tipo_dte, folio, fecha_emision,
         rut_receptor, neto, exento, iva, total, estado, estado_recepcion, glosa, verificaciones, estado_comercial)
       SELECT $2, envio_id, tenant, rut_emisor, razon_social_emisor, correo_emisor, 52, 900, fecha_emision,
         rut_receptor, neto, exento, iva, total, estado, estado_recepcion, glosa, verificaciones, estado_comercial
       FROM recepcion WHERE id = $1`,
      [usoComun.recepcion_id, randomUUID()],
    );

    const doc = (d: { folio: number }) => ({ tipo_dte: 33, folio: d.folio, rut_emisor: PROVEEDOR });
    const iva_compras = [
      { ...doc(usoComun), iva_uso_comun: true },
      { ...doc(noRecuperable), iva_no_recuperable: 3 },
    ];
    const body = { tenant: COMPRADOR, tipo: 'compra', periodo: PERIODO, iva_compras, factor_proporcionalidad: 0.575 };
    const res = await generar(body).expect(201);
    const [u, n, c] = [usoComun, noRecuperable, conImpuesto].map((d) => d.montos);
    expect(res.body.documentos).toBe(3);
    expect(res.body.totales).toEqual([
      {
        tipo_dte: 33,
        documentos: 3,
        exento: 0,
        neto: u.neto + n.neto + c.neto,
        iva: c.iva, // TotMntIVA: the recoverable IVA only
        total: u.total + n.total + c.total,
      },
    ]);
    const xml = await xmlDe(res.body.libro_id);
    expect(detalleDe(xml, 33, usoComun.folio)).toContain(
      `<MntIVA>0</MntIVA><IVAUsoComun>${u.iva}</IVAUsoComun><MntTotal>${u.total}</MntTotal>`,
    );
    expect(detalleDe(xml, 33, noRecuperable.folio)).toContain(
      `<MntIVA>0</MntIVA><IVANoRec><CodIVANoRec>3</CodIVANoRec><MntIVANoRec>${n.iva}</MntIVANoRec></IVANoRec>`,
    );
    expect(detalleDe(xml, 33, conImpuesto.folio)).toContain(
      `<MntIVA>${c.iva}</MntIVA><OtrosImp><CodImp>27</CodImp><TasaImp>10</TasaImp><MntImp>2000</MntImp></OtrosImp>`,
    );
    expect(detalleDe(xml, 33, reclamada.folio)).toBeUndefined();
    expect(detalleDe(xml, 52, 900)).toBeUndefined();
    const credito = Math.round((u.iva * 575) / 1000); // u.iva × 0.575: the integer product over 1000 is exact at a half
    expect(xml).toContain(
      `<TotIVAUsoComun>${u.iva}</TotIVAUsoComun><FctProp>0.575</FctProp><TotCredIVAUsoComun>${credito}</TotCredIVAUsoComun>`,
    );
    expect(await enviarHastaFinal(res.body.libro_id)).toMatchObject({ estado: 'LOK', glosa: 'Libro Cuadrado' });
  });

  it('refuses a classification of a document the book does not hold, conflicting lines and IVA de uso común without factor', async () => {
    const base = { tenant: COMPRADOR, tipo: 'compra', periodo: PERIODO, factor_proporcionalidad: '0.6' };
    const libros = async () =>
      (await request(gw.http).get('/tax/libros').query({ tenant: COMPRADOR }).set('X-Internal-Key', KEY)).body.total;
    const antes = await libros();
    const [{ folio }] = await gw.app
      .get(DataSource)
      .query('SELECT folio FROM recepcion WHERE tenant = $1 AND tipo_dte = 33 ORDER BY folio LIMIT 1', [COMPRADOR]);
    const ok = { tipo_dte: 33, folio: Number(folio), rut_emisor: PROVEEDOR };
    const claimed = await gw.app
      .get(DataSource)
      .query("SELECT r.folio FROM recepcion r JOIN recepcion_evento e ON e.recepcion_id = r.id WHERE r.tenant = $1 AND e.accion = 'RCD'", [
        COMPRADOR,
      ]);
    const faltante = await generar({ ...base, iva_compras: [ok, { ...ok, folio: Number(claimed[0].folio), iva_uso_comun: true }] }).expect(
      422,
    );
    expect(faltante.body).toMatchObject({ error: 'documento_not_found', errors: [{ field: 'iva_compras[1]' }] });
    const guia = await generar({ ...base, iva_compras: [{ ...ok, tipo_dte: 52, folio: 900, iva_no_recuperable: 1 }] }).expect(422);
    expect(guia.body).toMatchObject({ error: 'documento_not_found', errors: [{ field: 'iva_compras[0]' }] });
    const ambos = await generar({ ...base, iva_compras: [{ ...ok, iva_uso_comun: true, iva_no_recuperable: 1 }] }).expect(422);
    expect(ambos.body).toMatchObject({ error: 'iva_compra_conflict', errors: [{ field: 'iva_compras[0]' }] });
    const repetido = await generar({ ...base, iva_compras: [ok, { ...ok, iva_uso_comun: true }] }).expect(422);
    expect(repetido.body).toMatchObject({ error: 'iva_compra_conflict', errors: [{ field: 'iva_compras[1]' }] });
    const { factor_proporcionalidad: _f, ...sinFactor } = base;
    const factor = await generar({ ...sinFactor, iva_compras: [{ ...ok, iva_uso_comun: true }] }).expect(422);
    expect(factor.body.error).toBe('factor_proporcionalidad_required');
    expect(await libros()).toBe(antes);

    // Shapes: compra-only fields in a sales book, a factor with 4 decimals or above 1, more than 10 000 lines.
    await generar({ tenant: VENDEDOR, tipo: 'venta', periodo: PERIODO, factor_proporcionalidad: 0.5 }).expect(400);
    await generar({ tenant: VENDEDOR, tipo: 'venta', periodo: PERIODO, iva_compras: [] }).expect(400);
    await generar({ ...base, factor_proporcionalidad: 0.6005 }).expect(400);
    await generar({ ...base, factor_proporcionalidad: 1.5 }).expect(400);
    await generar({ ...base, iva_compras: [{ ...ok, iva_no_recuperable: 5 }] }).expect(400);
    await generar({ ...base, iva_compras: Array.from({ length: 10_001 }, (_, i) => ({ ...ok, folio: i + 1 })) }).expect(400);
  });

  it('a PARCIAL or FINAL send needs nro_segmento (400), writes it and reaches LOK', async () => {
    for (const tipo_envio of ['PARCIAL', 'FINAL']) {
      const sin = await generar({ tenant: VENDEDOR, tipo: 'venta', periodo: PERIODO, tipo_envio }).expect(400);
      expect(JSON.stringify(sin.body)).toContain('nro_segmento');
    }
    await generar({ tenant: VENDEDOR, tipo: 'venta', periodo: PERIODO, tipo_envio: 'PARCIAL', nro_segmento: 0 }).expect(400);
    const res = await generar({ tenant: VENDEDOR, tipo: 'venta', periodo: PERIODO, tipo_envio: 'PARCIAL', nro_segmento: 3 }).expect(201);
    expect(await xmlDe(res.body.libro_id)).toContain('<TipoEnvio>PARCIAL</TipoEnvio><NroSegmento>3</NroSegmento>');
    expect(await enviarHastaFinal(res.body.libro_id)).toMatchObject({ estado: 'LOK' });
  });
});
