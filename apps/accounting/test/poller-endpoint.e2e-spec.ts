import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TEST_KEYS, closeTestApp } from '@lib/testing';
import { DataSource } from 'typeorm';
import { client, count, createEmpresa } from './support/api';
import { dteXml, envioXml, facturaXml, OFFICIAL_EXAMPLE, RESPUESTA_DTE, XML_BOMB } from './support/dte-fixtures';
import { GatewayStub, startGatewayStub } from './support/gateway-stub';
import { bootWithPoller, delivery, postDelivery } from './support/poller-api';

// POST /contable/poller/recibir-dte on real PostgreSQL: one transaction per message (Message-ID row,
// facturas, entries), duplicates, concurrent deliveries, message-level problems as 422.
describe('POST /contable/poller/recibir-dte (e2e)', () => {
  let app: NestFastifyApplication;
  let gw: GatewayStub;
  let aromos: string; // 77777777-7, receptor of the SII's own example
  let andes: string; // 76086428-5
  const PROVEEDOR = '79555444-0';
  const tables = ['mensaje_procesado', 'factura', 'asiento', 'linea_asiento'];
  const counts = async () => Promise.all(tables.map((t) => count(app, t)));

  beforeAll(async () => {
    gw = startGatewayStub();
    app = await bootWithPoller();
    aromos = await createEmpresa(app, '77777777-7');
    andes = await createEmpresa(app, '76086428-5');
  });

  afterAll(async () => {
    await closeTestApp(app);
    gw.server.close();
  });

  it('is only for the poller caller (403 for others, 401 without key)', async () => {
    const body = delivery('<auth@x>', [OFFICIAL_EXAMPLE]);
    expect((await postDelivery(app, body, TEST_KEYS.admin).expect(403)).body.error).toBe('forbidden_caller');
    await postDelivery(app, body, 'wrong-key').expect(401);
    expect(await count(app, 'mensaje_procesado')).toBe(0);
  });

  it('books a message by the receptor RUT: message row, factura and entry in one go', async () => {
    const res = await postDelivery(app, delivery('<m1@proveedor.example>', [OFFICIAL_EXAMPLE])).expect(201);
    expect(res.body).toMatchObject({
      status: 'processed',
      message_id: '<m1@proveedor.example>',
      documentos: 1,
      facturas_nuevas: 1,
      sin_empresa: [],
    });
    expect(res.body.resultados).toHaveLength(1);
    expect(res.body.resultados[0]).toMatchObject({ empresa_id: aromos, documentos: 1 });
    expect(res.body.resultados[0].facturas[0]).toMatchObject({
      tipo_dte: 33,
      folio: 60,
      total: 119_000,
      duplicada: false,
      asiento_numero: 1,
    });
    expect(await counts()).toEqual([1, 1, 1, 3]);
    const [f] = await app.get(DataSource).query('SELECT origen, created_by FROM factura');
    expect(f).toEqual({ origen: 'poller', created_by: 'poller' });
    const audit = await client(app).get(`/contable/auditoria?empresa_id=${aromos}`).expect(200);
    const acciones = audit.body.registros.map(
      (r: { accion: string; entidad: string; caller: string }) => `${r.caller}:${r.accion}:${r.entidad}`,
    );
    expect(acciones).toEqual(expect.arrayContaining(['poller:poller_recibir_dte:mensaje', 'poller:recibir_dte:factura']));
  });

  it('answers a repeated Message-ID with 200 duplicate and writes nothing', async () => {
    const before = await counts();
    const res = await postDelivery(app, delivery('<m1@proveedor.example>', [OFFICIAL_EXAMPLE])).expect(200);
    expect(res.body).toMatchObject({ status: 'duplicate', message_id: '<m1@proveedor.example>' });
    expect(res.body.mensaje_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await counts()).toEqual(before);
  });

  it('books two concurrent deliveries of one message once: one processed, the other duplicate', async () => {
    const before = await counts();
    const xml = facturaXml({ folio: 501, fecha: '2025-05-02', emisor: PROVEEDOR, receptor: '76086428-5' });
    const body = delivery('<concurrent@proveedor.example>', [xml]);
    const answers = await Promise.all([postDelivery(app, body), postDelivery(app, body)]);
    expect(answers.map((a) => `${a.status}:${a.body.status}`).sort()).toEqual(['200:duplicate', '201:processed']);
    expect(await counts()).toEqual([before[0] + 1, before[1] + 1, before[2] + 1, before[3] + 3]);
  });

  it('books ten concurrent deliveries of different messages for one named empresa without a deadlock', async () => {
    // Each transaction inserts its message row (FOR KEY SHARE on the empresa through the foreign key)
    // and then locks the empresa: with FOR UPDATE they waited on each other and PostgreSQL aborted all
    // but one with 40P01 (500). Two poller instances deliver exactly like this.
    const before = await counts();
    const bodies = Array.from({ length: 10 }, (_, i) =>
      delivery(
        `<parallel-${i}@proveedor.example>`,
        [facturaXml({ folio: 700 + i, fecha: '2025-05-02', emisor: PROVEEDOR, receptor: '76086428-5' })],
        andes,
      ),
    );
    const answers = await Promise.all(bodies.map((b) => postDelivery(app, b)));
    expect(answers.map((a) => `${a.status}:${a.body.status}`)).toEqual(Array(10).fill('201:processed'));
    const numeros = answers.map((a) => a.body.resultados[0].facturas[0].asiento_numero).sort((x: number, y: number) => x - y);
    expect(new Set(numeros).size).toBe(10);
    expect(numeros[9] - numeros[0]).toBe(9); // gap-free entry numbers under concurrency
    expect(await counts()).toEqual([before[0] + 10, before[1] + 10, before[2] + 10, before[3] + 30]);
  });

  it('registers a DTE already received under another Message-ID as duplicada, without a second entry', async () => {
    const before = await counts();
    const res = await postDelivery(app, delivery('<forwarded@x>', [OFFICIAL_EXAMPLE])).expect(200);
    expect(res.body).toMatchObject({ status: 'processed', facturas_nuevas: 0 });
    expect(res.body.resultados[0].facturas[0]).toMatchObject({ folio: 60, duplicada: true });
    expect(await counts()).toEqual([before[0] + 1, before[1], before[2], before[3]]);
  });

  it('skips attachments that are not DTEs and books the others; routes one EnvioDTE to two empresas', async () => {
    const a = dteXml({ tipo: 34, folio: 7, fecha: '2025-05-03', emisor: PROVEEDOR, receptor: '77777777-7', exento: 5_000, total: 5_000 });
    const b = facturaXml({ folio: 8, fecha: '2025-05-03', emisor: PROVEEDOR, receptor: '76086428-5' });
    const c = facturaXml({ folio: 9, fecha: '2025-05-03', emisor: PROVEEDOR, receptor: '76543210-3' });
    const res = await postDelivery(app, delivery('<mixed@x>', [RESPUESTA_DTE, envioXml([a, b, c])])).expect(201);
    expect(res.body.adjuntos_ignorados).toEqual([expect.objectContaining({ filename: 'adjunto-0.xml', motivo: 'no_es_dte' })]);
    expect(res.body.resultados.map((r: { empresa_id: string }) => r.empresa_id).sort()).toEqual([aromos, andes].sort());
    expect(res.body.sin_empresa).toEqual([
      expect.objectContaining({ folio: 9, rut_receptor: '76543210-3', motivo: 'receptor_desconocido' }),
    ]);
    expect(res.body).toMatchObject({ documentos: 3, facturas_nuevas: 2 });
  });

  it('with empresa_id verifies for that empresa: a DTE for another receptor is refused with the gateway reasons (422)', async () => {
    const other = facturaXml({ folio: 10, fecha: '2025-05-03', emisor: PROVEEDOR, receptor: '76086428-5' });
    const before = await counts();
    const res = await postDelivery(app, delivery('<named@x>', [other], aromos)).expect(422);
    expect(res.body).toMatchObject({ error: 'dte_rejected', rechazados: [expect.objectContaining({ folio: 10, estado_recepcion: 3 })] });
    expect(res.body.rechazados[0].motivos[0].verificacion).toBe('receptor');
    expect(gw.recepciones.at(-1)).toMatchObject({ tenant: '77777777-7', key: TEST_KEYS.accounting });
    expect(await counts()).toEqual(before);
  });

  it('a DTE the gateway does not verify (TED) is not booked: 422 dte_rejected, the message is not remembered', async () => {
    const xml = facturaXml({ folio: 11, fecha: '2025-05-03', emisor: PROVEEDOR, receptor: '76086428-5' });
    gw.rechazar.set(`${PROVEEDOR}|33|11`, { verificacion: 'ted_firma', ok: false, detalle: 'FRMT does not verify with the CAF key' });
    const before = await counts();
    try {
      const res = await postDelivery(app, delivery('<ted@x>', [xml])).expect(422);
      expect(res.body.rechazados[0].motivos).toEqual([{ verificacion: 'ted_firma', detalle: 'FRMT does not verify with the CAF key' }]);
    } finally {
      gw.rechazar.clear();
    }
    expect(await counts()).toEqual(before);
  });

  it('a gateway outage answers 503 gateway_unavailable (the poller keeps the message) and writes nothing; it books once the gateway is back', async () => {
    const xml = facturaXml({ folio: 12, fecha: '2025-05-03', emisor: PROVEEDOR, receptor: '76086428-5' });
    const before = await counts();
    gw.down = true;
    try {
      expect((await postDelivery(app, delivery('<outage@x>', [xml])).expect(503)).body.error).toBe('gateway_unavailable');
    } finally {
      gw.down = false;
    }
    expect(await counts()).toEqual(before);
    const res = await postDelivery(app, delivery('<outage@x>', [xml])).expect(201);
    expect(res.body.facturas_nuevas).toBe(1);
  });

  describe('message-level problems are 422 (never 404) and write nothing', () => {
    const dte = () =>
      dteXml({ tipo: 33, folio: 900, fecha: '2025-05-04', emisor: PROVEEDOR, receptor: '77777777-7', neto: 100, iva: 19, total: 119 });
    it.each([
      ['no DTE in the attachments', () => delivery('<p1@x>', [RESPUESTA_DTE, 'not xml at all']), 'no_dte'],
      ['an XML bomb (even beside a valid DTE)', () => delivery('<p2@x>', [dte(), XML_BOMB]), 'invalid_dte'],
      [
        'no empresa for the receptor RUT',
        () =>
          delivery('<p3@x>', [dteXml({ tipo: 33, folio: 1, fecha: '2025-05-04', emisor: PROVEEDOR, receptor: '76543210-3', total: 10 })]),
        'empresa_not_found',
      ],
      ['an unknown empresa_id', () => delivery('<p4@x>', [dte()], '00000000-0000-4000-8000-000000000000'), 'empresa_not_found'],
      [
        'a DTE with an invalid RUT',
        () =>
          delivery('<p5@x>', [
            dteXml({ tipo: 33, folio: 2, fecha: '2025-05-04', emisor: '79555444-1', receptor: '77777777-7', total: 10 }),
          ]),
        'invalid_dte',
      ],
    ])('%s', async (_name, body, error) => {
      const before = await counts();
      const res = await postDelivery(app, body()).expect(422);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.error).toBe(error);
      expect(await counts()).toEqual(before);
    });

    it('a refused message is not remembered: the same Message-ID is refused again, and the refusal is audited', async () => {
      await postDelivery(app, delivery('<p4b@x>', [dte()], '00000000-0000-4000-8000-000000000000')).expect(422);
      await postDelivery(app, delivery('<p4b@x>', [dte()], '00000000-0000-4000-8000-000000000000')).expect(422);
      const [{ n }] = await app
        .get(DataSource)
        .query("SELECT count(*)::int AS n FROM auditoria WHERE accion = 'poller_recibir_dte' AND resultado = 'empresa_not_found'");
      expect(n).toBeGreaterThanOrEqual(2);
    });

    it('400 for a malformed body', async () => {
      const res = await postDelivery(app, { message_id: '', received_at: 'ayer', attachments: [] }).expect(400);
      expect(res.body.error).toBe('validation_failed');
    });
  });

  it('answers 409 period_closed for a DTE dated in a closed period (the poller retries), writing nothing', async () => {
    await client(app).post('/contable/periodos/2025-01/cerrar', { empresa_id: andes }).expect(201);
    const before = await counts();
    const xml = facturaXml({ folio: 77, fecha: '2025-01-15', emisor: PROVEEDOR, receptor: '76086428-5' });
    const res = await postDelivery(app, delivery('<closed@x>', [xml])).expect(409);
    expect(res.body.error).toBe('period_closed');
    expect(await counts()).toEqual(before);
  });
});
