import { http, passthrough } from 'msw';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { santiagoDate } from '@lib/dte';
import { emitir, facturaBody, Gateway, getBytes, KEY, prepareEmisor, registerEmisor, startGateway } from './support/harness';
import { xmllint, xmlsecVerify } from './support/independent-checks';

const TENANT = '76086428-5';
const RECEPTOR = '77777777-7';
const PERIODO = santiagoDate().slice(0, 7);

let gw: Gateway;
let certificatePem: string;
/** Expected totals per tipo_dte, summed from the emission answers. */
const expected = new Map<number, { tipo_dte: number; documentos: number; exento: number; neto: number; iva: number; total: number }>();

async function emit(body: object) {
  const res = await emitir(gw, body).expect(201);
  const t = expected.get(res.body.tipo_dte) ?? { tipo_dte: res.body.tipo_dte, documentos: 0, exento: 0, neto: 0, iva: 0, total: 0 };
  const m = res.body.montos;
  expected.set(res.body.tipo_dte, {
    ...t,
    documentos: t.documentos + 1,
    exento: t.exento + m.exento,
    neto: t.neto + m.neto,
    iva: t.iva + m.iva,
    total: t.total + m.total,
  });
  return res.body;
}

/**
 * Holds each book signature (the signer's POST /sign/xml) until every generation still `running` is either at its
 * signature or waiting in PostgreSQL for an advisory lock, then lets that round through. The requests thus meet at
 * their most exposed point (version chosen, nothing stored yet) however fast the machine is: without the per-period
 * lock all five sign the same version, and each round only one of them can store it.
 */
function holdSignatures(db: DataSource, running: () => number): void {
  let round = {};
  let atSigner = 0;
  const waitingForLock = async (): Promise<number> => {
    const [row] = await db.query(
      `SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    return row.n;
  };
  gw.msw.use(
    http.post(`${gw.signer.url}/sign/xml`, async () => {
      atSigner++;
      const mine = round;
      // Each pass waits on a query of the observed state; no timer.
      while (round === mine && atSigner + (await waitingForLock()) < running());
      if (round === mine) {
        round = {};
        atSigner = 0;
      }
      return passthrough();
    }),
  );
}

const generar = (body: object) => request(gw.http).post('/tax/libros/generar').set('X-Internal-Key', KEY).send(body);
const detail = (id: string) => request(gw.http).get(`/tax/libros/${id}`).set('X-Internal-Key', KEY).expect(200);

beforeAll(async () => {
  gw = await startGateway();
  await prepareEmisor(gw, TENANT, 20, [33, 34, 56, 61]);
  const hoy = santiagoDate();
  const f1 = await emit(facturaBody(TENANT));
  await emit(facturaBody(TENANT, { detalle: [{ nombre: 'Asesoría', cantidad: 3, precio_unitario: 12_345 }] }));
  await emit(facturaBody(TENANT, { tipo_dte: 34 }));
  await emit(facturaBody(TENANT, { tipo_dte: 61, referencias: [{ tipo_doc: '33', folio: String(f1.folio), fecha: hoy, codigo: 1 }] }));
  await emit(
    facturaBody(TENANT, {
      tipo_dte: 56,
      detalle: [{ nombre: 'Intereses por mora', cantidad: 1, precio_unitario: 5_000 }],
      referencias: [{ tipo_doc: '33', folio: String(f1.folio), fecha: hoy, codigo: 3, razon: 'Intereses' }],
    }),
  );
  const cert = await request(gw.signer.url).get('/sign/certificate').set('X-Internal-Key', gw.signer.key);
  certificatePem = cert.body.certificate_pem;
}, 120_000);

afterAll(async () => {
  await gw?.close();
});

describe('IECV books', () => {
  it('a libro de ventas with 33, 34, 56 and 61: XSD-valid, signed, totals equal the documents, sent until LOK', async () => {
    const res = await generar({ tenant: TENANT, tipo: 'venta', periodo: PERIODO }).expect(201);
    expect(res.body).toMatchObject({
      tenant: TENANT,
      tipo: 'venta',
      periodo: PERIODO,
      version: 1,
      estado: 'signed',
      resultado: 'pendiente',
      documentos: 5,
    });
    expect(res.body.totales).toEqual([...expected.values()].sort((a, b) => a.tipo_dte - b.tipo_dte));

    const book = await detail(res.body.libro_id);
    const xml = Buffer.from(book.body.xml_base64, 'base64');
    expect((await xmllint(xml, 'LibroCV_v10.xsd')).code).toBe(0);
    expect((await xmlsecVerify(xml, certificatePem, "/*[local-name()='LibroCompraVenta']/*[local-name()='Signature']")).code).toBe(0);
    const text = xml.toString('latin1');
    for (const t of expected.values()) {
      expect(text).toContain(`<TpoDoc>${t.tipo_dte}</TpoDoc><TotDoc>${t.documentos}</TotDoc>`);
    }

    const sent = await request(gw.http).post(`/tax/libros/enviar/${res.body.libro_id}`).set('X-Internal-Key', KEY).expect(200);
    expect(sent.body).toMatchObject({ estado: 'uploaded', resultado: 'pendiente', trackid: expect.stringMatching(/^\d{10}$/) });
    await request(gw.http)
      .post(`/tax/libros/enviar/${res.body.libro_id}`)
      .set('X-Internal-Key', KEY)
      .expect(409)
      .expect((r) => expect(r.body.error).toBe('libro_not_sendable'));

    // A read answers what is stored; the reconciler follows the book once the SII's clock is past its processing steps.
    expect((await detail(res.body.libro_id)).body.estado).toBe('uploaded');
    gw.clock.offsetMs += 60_000;
    expect((await gw.reconcile()).failed).toBe(0);
    const final = await detail(res.body.libro_id);
    expect(final.body).toMatchObject({ estado: 'LOK', glosa: 'Libro Cuadrado', resultado: 'aceptado' });
    expect(final.body.historial.map((h: { estado: string }) => h.estado)).toEqual(['signed', 'uploading', 'uploaded', 'LOK']);
  });

  it('generating the same period again keeps the earlier version', async () => {
    const again = await generar({ tenant: TENANT, tipo: 'venta', periodo: PERIODO }).expect(201);
    expect(again.body.version).toBeGreaterThanOrEqual(2);
    const list = await request(gw.http)
      .get('/tax/libros')
      .query({ tenant: TENANT, tipo: 'venta', periodo: PERIODO })
      .set('X-Internal-Key', KEY)
      .expect(200);
    expect(list.body.items.map((l: { version: number }) => l.version)).toEqual(expect.arrayContaining([1, again.body.version]));
    expect(list.body.items[0].libro_id).toBe(again.body.libro_id);
  });

  it('five concurrent generations of a new period on two gateway instances all succeed, versions 1 to 5', async () => {
    // A period with no book yet (the month before this one). The requests alternate between two instances on one
    // database, so only a lock held in PostgreSQL serializes them (docs/tax-gateway.md "Books").
    const [y, m] = PERIODO.split('-').map(Number);
    const periodo = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    const other = (await gw.second()).getHttpServer();
    let running = 5;
    holdSignatures(gw.app.get(DataSource), () => running);
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          request(i % 2 ? other : gw.http)
            .post('/tax/libros/generar')
            .set('X-Internal-Key', KEY)
            .send({ tenant: TENANT, tipo: 'venta', periodo })
            .then((res) => {
              running--;
              return res;
            }),
        ),
      );
      expect(answers.map((a) => [a.status, a.body.error])).toEqual(Array(5).fill([201, undefined]));
      expect(answers.map((a) => a.body.version).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
      expect(new Set(answers.map((a) => a.body.libro_id)).size).toBe(5);

      const list = await request(gw.http)
        .get('/tax/libros')
        .query({ tenant: TENANT, tipo: 'venta', periodo })
        .set('X-Internal-Key', KEY)
        .expect(200);
      expect(list.body.total).toBe(5);
      // Each stored book carries the version it was signed with.
      for (const a of answers) {
        const xml = Buffer.from((await detail(a.body.libro_id)).body.xml_base64, 'base64').toString('latin1');
        expect(xml).toContain(`ID="LIBRO_VENTA_${periodo.replace('-', '_')}_V${a.body.version}"`);
      }
    } finally {
      gw.msw.resetHandlers();
    }
  });

  it('a libro de compras holds the DTEs the tenant received and whose checks held', async () => {
    await registerEmisor(gw, RECEPTOR).expect(200);
    const emitted = await emitir(gw, facturaBody(TENANT)).expect(201);
    const env = await getBytes(gw, `/tax/dte/${emitted.body.emision_id}/intercambio`).expect(200);
    await request(gw.http)
      .post('/tax/recepcion/dte')
      .set('X-Internal-Key', KEY)
      .send({ tenant: RECEPTOR, xml_base64: (env.body as Buffer).toString('base64') })
      .expect(201);
    const res = await generar({ tenant: RECEPTOR, tipo: 'compra', periodo: PERIODO }).expect(201);
    expect(res.body.totales).toEqual([{ tipo_dte: 33, documentos: 1, exento: 0, neto: 119990, iva: 22798, total: 142788 }]);
    const xml = Buffer.from((await detail(res.body.libro_id)).body.xml_base64, 'base64');
    expect((await xmllint(xml, 'LibroCV_v10.xsd')).code).toBe(0);
    expect(xml.toString('latin1')).toContain(`<RUTDoc>${TENANT}</RUTDoc>`);
  });

  it('a rectification needs its authorization code; a tenant without issuer data cannot have a book', async () => {
    await generar({ tenant: TENANT, tipo: 'venta', periodo: PERIODO, tipo_libro: 'RECTIFICA' }).expect(400);
    const ok = await generar({
      tenant: TENANT,
      tipo: 'venta',
      periodo: PERIODO,
      tipo_libro: 'RECTIFICA',
      codigo_autorizacion: 'AB12',
    }).expect(201);
    const xml = Buffer.from((await detail(ok.body.libro_id)).body.xml_base64, 'base64').toString('latin1');
    expect(xml).toContain('<TipoLibro>RECTIFICA</TipoLibro>');
    expect(xml).toContain('<CodAutRec>AB12</CodAutRec>');
    await generar({ tenant: '96790240-3', tipo: 'venta', periodo: PERIODO })
      .expect(422)
      .expect((r) => expect(r.body.error).toBe('emisor_incomplete'));
  });
});
