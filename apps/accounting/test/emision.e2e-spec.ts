import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TEST_KEYS, closeTestApp } from '@lib/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { santiagoDate } from '@lib/dte';
import { bootAccounting, client, count, createEmpresa } from './support/api';
import { SeguimientoService } from '../src/emision/seguimiento.service';
import { EmitirStub, installEmitirStub } from './support/emitir-stub';
import { GatewayStub, startGatewayStub } from './support/gateway-stub';

// POST /contable/emit-dte against the gateway's HTTP contract (msw) on real PostgreSQL.
describe('POST /contable/emit-dte (e2e)', () => {
  let app: NestFastifyApplication;
  let gw: GatewayStub;
  let stub: EmitirStub;
  let api: ReturnType<typeof client>;
  let empresaId: string;
  const receptor = {
    rut: '76.543.210-3',
    razon_social: 'Comercial Los Aromos Limitada',
    giro: 'Comercio',
    direccion: 'Av. Los Aromos 123',
    comuna: 'Santiago',
  };
  const factura = (extra: object = {}) => ({
    empresa_id: empresaId,
    tipo_dte: 33,
    forma_pago: 1,
    fecha_emision: '2025-05-10',
    receptor,
    detalle: [{ nombre: 'Consultoría', cantidad: 2, precio_unitario: 50_000 }],
    ...extra,
  });
  const emit = (body: object, key?: string) => {
    const r = request(app.getHttpServer()).post('/contable/emit-dte').set('X-Internal-Key', TEST_KEYS.admin);
    return (key ? r.set('Idempotency-Key', key) : r).send(body);
  };
  const written = async () => [await count(app, 'documento_emitido'), await count(app, 'asiento')];
  const lines = async (asientoId: string) =>
    (await api.get(`/contable/asientos/${asientoId}`).expect(200)).body.lineas.map(
      (l: { cuenta_nombre: string; debe: number; haber: number }) => [l.cuenta_nombre, l.debe, l.haber],
    );

  beforeAll(async () => {
    gw = startGatewayStub();
    stub = installEmitirStub(gw.server);
    app = await bootAccounting();
    api = client(app);
    empresaId = await createEmpresa(app, '76086428-5');
  });

  afterAll(async () => {
    await closeTestApp(app);
    gw.server.close();
  });

  afterEach(() => {
    stub.failures = [];
  });

  it('emits a factura 33 through the gateway with the accounting key and books Clientes / Ventas / IVA Débito Fiscal', async () => {
    const res = await emit(factura()).expect(201);
    expect(stub.calls.at(-1)).toEqual({
      key: TEST_KEYS.accounting,
      body: expect.objectContaining({
        tenant: '76086428-5',
        tipo_dte: 33,
        forma_pago: 1,
        fecha_emision: '2025-05-10',
        receptor: { ...receptor, rut: '76543210-3' },
      }),
    });
    // Nothing of the gateway's contract is lost on the way, and accounting's own field stays home.
    expect(stub.calls.at(-1)?.body).not.toHaveProperty('empresa_id');
    expect(res.body).toMatchObject({
      empresa_id: empresaId,
      tipo_dte: 33,
      folio: 1,
      fecha_emision: '2025-05-10',
      receptor: { rut: '76543210-3', razon_social: receptor.razon_social },
      neto: 100_000,
      exento: 0,
      iva: 19_000,
      total: 119_000,
      trackid: '1001',
      estado: 'uploaded',
      resultado: 'pendiente',
      asiento_numero: 1,
    });
    expect(await lines(res.body.asiento_id)).toEqual([
      ['Clientes', 119_000, 0],
      ['Ventas', 0, 100_000],
      ['IVA Débito Fiscal', 0, 19_000],
    ]);
    const [doc] = await app
      .get(DataSource)
      .query('SELECT emision_id, trackid, created_by FROM documento_emitido WHERE id = $1', [res.body.id]);
    expect(doc).toEqual({ emision_id: res.body.emision_id, trackid: '1001', created_by: 'admin' });
    const audit = await api.get(`/contable/auditoria?empresa_id=${empresaId}`).expect(200);
    expect(audit.body.registros).toEqual(
      expect.arrayContaining([expect.objectContaining({ accion: 'emitir_dte', entidad_id: res.body.id, resultado: 'ok' })]),
    );
  });

  it('books a 34 as Clientes / Ventas exempt, and a 61 reversing the accounts', async () => {
    const exenta = await emit(factura({ tipo_dte: 34, detalle: [{ nombre: 'Curso', cantidad: 1, precio_unitario: 30_000 }] })).expect(201);
    expect(await lines(exenta.body.asiento_id)).toEqual([
      ['Clientes', 30_000, 0],
      ['Ventas', 0, 30_000],
    ]);
    const nc = await emit(
      factura({
        tipo_dte: 61,
        detalle: [{ nombre: 'Descuento', cantidad: 1, precio_unitario: 10_000 }],
        referencias: [{ tipo_doc: '33', folio: '1', fecha: '2025-05-10', codigo: 3, razon: 'Descuento' }],
      }),
    ).expect(201);
    expect(nc.body).toMatchObject({ tipo_dte: 61, neto: 10_000, iva: 1_900, total: 11_900 });
    expect(await lines(nc.body.asiento_id)).toEqual([
      ['Clientes', 0, 11_900],
      ['Ventas', 10_000, 0],
      ['IVA Débito Fiscal', 1_900, 0],
    ]);
  });

  it('books the additional taxes of a factura (ILA) as Retenciones por Pagar, not as sales', async () => {
    const res = await emit(
      factura({ detalle: [{ nombre: 'Vino reserva', cantidad: 1, precio_unitario: 10_000, codigo_impuesto_adicional: 25 }] }),
    ).expect(201);
    expect(res.body).toMatchObject({ neto: 10_000, iva: 1_900, total: 13_950 });
    expect(await lines(res.body.asiento_id)).toEqual([
      ['Clientes', 13_950, 0],
      ['Ventas', 0, 10_000],
      ['IVA Débito Fiscal', 0, 1_900],
      ['Retenciones por Pagar', 0, 2_050],
    ]);
  });

  it('sends today (America/Santiago) as the date when none is given, so the entry has the DTE date', async () => {
    const res = await emit(factura({ fecha_emision: undefined })).expect(201);
    expect(stub.calls.at(-1)?.body.fecha_emision).toBe(santiagoDate());
    expect(res.body.fecha_emision).toBe(santiagoDate());
  });

  describe('gateway errors book nothing and are passed on', () => {
    it.each([
      ['4xx as is', { status: 409, body: { error: 'caf_missing', detail: 'No CAF for 33' } }, 409, 'caf_missing'],
      [
        '422 with errors[]',
        { status: 422, body: { error: 'dte_invalid', detail: 'bad', errors: [{ field: 'receptor.razon_social', message: 'x' }] } },
        422,
        'dte_invalid',
      ],
      [
        '429 with Retry-After',
        { status: 429, body: { error: 'rate_limited', detail: 'slow down' }, headers: { 'retry-after': '12' } },
        429,
        'rate_limited',
      ],
      ['503 outage upstream', { status: 503, body: { error: 'sii_unavailable', detail: 'SII down' } }, 503, 'sii_unavailable'],
      ['504', { status: 504, body: { error: 'sii_timeout', detail: 'slow SII' } }, 504, 'sii_timeout'],
      ['500 becomes 502', { status: 500, body: { error: 'xsd_invalid', detail: 'xsd' } }, 502, 'xsd_invalid'],
      ['401 (our key) becomes 502', { status: 401, body: { error: 'unauthorized', detail: 'key' } }, 502, 'gateway_auth_failed'],
    ] as const)('%s', async (_name, failure, status, error) => {
      const before = await written();
      stub.failures = [failure];
      const res = await emit(factura()).expect(status);
      expect(res.body.error).toBe(error);
      if (error === 'dte_invalid') expect(res.body.errors).toEqual([{ field: 'receptor.razon_social', message: 'x' }]);
      if (error === 'rate_limited') expect(res.headers['retry-after']).toBe('12');
      expect(await written()).toEqual(before);
    });

    it('503 gateway_unavailable when the gateway cannot be reached', async () => {
      stub.failures = ['network-error'];
      const res = await emit(factura()).expect(503);
      expect(res.body.error).toBe('gateway_unavailable');
    });
  });

  it('refuses a date in a closed period before calling the gateway', async () => {
    await api.post('/contable/periodos/2025-02/cerrar', { empresa_id: empresaId }).expect(201);
    const calls = stub.calls.length;
    const res = await emit(factura({ fecha_emision: '2025-02-10' }), 'closed-1').expect(409);
    expect(res.body.error).toBe('period_closed');
    expect(stub.calls.length).toBe(calls);
  });

  it('answers 404 for an unknown empresa and 400 for a bad body, without calling the gateway', async () => {
    const calls = stub.calls.length;
    await emit(factura({ empresa_id: '00000000-0000-4000-8000-000000000000' })).expect(404);
    expect((await emit(factura({ tipo_dte: 39 })).expect(400)).body.error).toBe('validation_failed');
    // The gateway issues guías 52; accounting has no sale rule for one and does not ask for it.
    expect((await emit(factura({ tipo_dte: 52, ind_traslado: 1 })).expect(400)).body.errors).toEqual([
      expect.objectContaining({ field: 'tipo_dte' }),
    ]);
    expect(stub.calls.length).toBe(calls);
  });

  describe('Idempotency-Key', () => {
    it('two concurrent requests with one key emit once: one 201, the other 409 pending; a later retry replays', async () => {
      const [calls, before] = [stub.calls.length, await written()];
      const gate = stub.hold();
      const body = factura({ detalle: [{ nombre: 'Licencia', cantidad: 1, precio_unitario: 20_000 }] });
      const requests = [emit(body, 'emit-conc-1'), emit(body, 'emit-conc-1')].map((r) => r.then((res) => res)); // then() sends now
      await gate.arrived; // one request holds the key and waits at the gateway
      expect((await Promise.race(requests)).status).toBe(409); // the other one is answered meanwhile
      gate.release();
      const answers = await Promise.all(requests);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      expect(answers.find((a) => a.status === 409)?.body.error).toBe('idempotency_key_pending');
      expect(stub.calls.length).toBe(calls + 1);
      expect(await written()).toEqual([before[0] + 1, before[1] + 1]);

      const first = answers.find((a) => a.status === 201)?.body;
      const replay = await emit(body, 'emit-conc-1').expect(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(first);
      expect(stub.calls.length).toBe(calls + 1);

      const reused = await emit({ ...body, fecha_emision: '2025-05-11' }, 'emit-conc-1').expect(409);
      expect(reused.body.error).toBe('idempotency_key_reused');
    });

    it('a refusal that emitted nothing releases the key: the fixed retry emits', async () => {
      stub.failures = [{ status: 409, body: { error: 'caf_missing', detail: 'upload a CAF' } }];
      await emit(factura(), 'emit-release-1').expect(409);
      const res = await emit(factura(), 'emit-release-1').expect(201);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    });

    it('a failed upload that consumed a folio is the final answer: the retry replays it and never emits again', async () => {
      const calls = stub.calls.length;
      stub.failures = [
        {
          status: 502,
          body: { error: 'sii_rejected', detail: 'STATUS 7', emision_id: '3f0b8a52-0f55-4a55-9d43-1d0b3c1c2a10', folio: 9, tipo_dte: 33 },
        },
      ];
      const first = await emit(factura(), 'emit-upload-1').expect(502);
      expect(first.body).toMatchObject({ error: 'sii_rejected', emision_id: '3f0b8a52-0f55-4a55-9d43-1d0b3c1c2a10', folio: 9 });
      const again = await emit(factura(), 'emit-upload-1').expect(502);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toMatchObject({ error: 'sii_rejected', emision_id: '3f0b8a52-0f55-4a55-9d43-1d0b3c1c2a10', folio: 9 });
      expect(stub.calls.length).toBe(calls + 1);
    });
  });

  it('keeps a DTE emitted while its period was being closed, without entry and with a warning', async () => {
    const gate = stub.hold();
    const pending = emit(factura({ fecha_emision: '2025-03-20' }), 'emit-race-1').then((r) => r); // then() sends it now
    await gate.arrived; // the period was open when checked; the DTE is at the gateway now
    await api.post('/contable/periodos/2025-03/cerrar', { empresa_id: empresaId }).expect(201);
    gate.release();
    const res = await pending;
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ fecha_emision: '2025-03-20', asiento_id: null });
    expect(res.body.advertencia).toMatch(/period_closed/);
    const [a] = await app
      .get(DataSource)
      .query("SELECT resultado FROM auditoria WHERE accion = 'emitir_dte' AND entidad_id = $1", [res.body.id]);
    expect(a.resultado).toBe('sin_asiento:period_closed');
  });

  it('follows an emitted DTE to the outcome the gateway publishes: a rejected one is reversed once, none is followed after', async () => {
    const db = app.get(DataSource);
    const seguimiento = app.get(SeguimientoService);
    const aceptada = (await emit(factura({ fecha_emision: santiagoDate() })).expect(201)).body;
    const rechazada = (await emit(factura({ fecha_emision: santiagoDate() })).expect(201)).body;
    const pendiente = (await emit(factura({ fecha_emision: santiagoDate() })).expect(201)).body;
    const procesado = { estado: 'EPR', glosa: 'Envio Procesado' };
    stub.detalles.set(aceptada.emision_id, { ...procesado, trackid: aceptada.trackid, resultado: 'aceptado_con_reparos' });
    stub.detalles.set(rechazada.emision_id, { ...procesado, trackid: rechazada.trackid, resultado: 'rechazado' });
    stub.detalles.set(pendiente.emision_id, {
      estado: 'SOK',
      glosa: 'Schema Validado',
      trackid: pendiente.trackid,
      resultado: 'pendiente',
    });

    const run = await seguimiento.sync();
    expect(run).toMatchObject({ rechazados: 1, fallidos: 0 });
    const seguidos = await db.query('SELECT estado, resultado FROM documento_emitido WHERE id = ANY($1) ORDER BY created_at', [
      [aceptada.id, rechazada.id, pendiente.id],
    ]);
    expect(seguidos.map((r: { estado: string; resultado: string }) => [r.estado, r.resultado])).toEqual([
      ['EPR', 'aceptado_con_reparos'],
      ['EPR', 'rechazado'],
      ['SOK', 'pendiente'],
    ]);
    const reversals = await db.query("SELECT glosa FROM asiento WHERE reversa_de = $1 AND origen = 'reversa'", [rechazada.asiento_id]);
    expect(reversals).toEqual([{ glosa: expect.stringContaining('rechazado por el SII') }]);
    expect(await db.query('SELECT 1 FROM asiento WHERE reversa_de = $1', [aceptada.asiento_id])).toEqual([]);

    // Final outcomes are not followed again (the pending one is), and a reversal is never posted twice.
    expect(await seguimiento.sync()).toMatchObject({ revisados: 1, rechazados: 0 });
    expect(await db.query('SELECT count(*)::int AS n FROM asiento WHERE reversa_de = $1', [rechazada.asiento_id])).toEqual([{ n: 1 }]);
  });
});
