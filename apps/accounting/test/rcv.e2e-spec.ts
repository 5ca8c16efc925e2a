import { DataSource } from 'typeorm';
import type { DocumentoRcvView, EstadoRcv } from '@lib/contracts';
import { santiagoDate } from '@lib/dte';
import { RcvMensualService } from '../src/rcv/rcv-mensual.service';
import { Books, bootWithEmpresa, count, createEmpresa, shutdown } from './support/api';
import { dteXml } from './support/dte-fixtures';
import { emitirFactura, installEmitirStub } from './support/emitir-stub';

// The RCV reconciliation (docs/accounting.md "RCV reconciliation") against the gateway's GET /tax/rcv/libro contract (msw), on real
// PostgreSQL: each kind of difference, confirmed or dismissed, and nothing written when the gateway fails.
describe('RCV reconciliation (e2e)', () => {
  let b: Books;
  const TENANT = '76086428-5';
  const AROMOS = '76543210-3';
  const ROBLE = '78123456-7';
  const PERIODO = '2026-10';
  const montos = { exento: 0, neto: 10_000, iva: 1_900, total: 11_900 };
  const registro = (folio: number, rut: string, estado_rcv: EstadoRcv, sii = montos): DocumentoRcvView => ({
    tipo_dte: 33,
    folio,
    rut_contraparte: rut,
    razon_social: rut === AROMOS ? 'Comercial Los Aromos Limitada' : 'Ferreteria El Roble SpA',
    fecha_emision: '2026-10-05',
    estado: 'solo_sii',
    estado_rcv,
    sii,
    gateway: null,
    diferencias: [],
  });
  const receive = (folio: number, rut: string) =>
    b.api
      .post('/contable/recibir-dte', {
        empresa_id: b.empresaId,
        xml: dteXml({ tipo: 33, folio, fecha: '2026-10-05', emisor: rut, receptor: TENANT, ...montos }),
      })
      .expect(201);
  const conciliar = (periodo = PERIODO) => b.api.post('/contable/rcv/conciliar', { empresa_id: b.empresaId, periodo });
  type Diferencia = { id: string; folio: number; clase: string; estado: string; asiento_id: string | null };
  const byFolio = (body: { diferencias: Diferencia[] }, folio: number, clase: string) =>
    body.diferencias.find((d) => d.folio === folio && d.clase === clase) as Diferencia;
  const written = async () => [await count(b.app, 'asiento'), await count(b.app, 'factura'), await count(b.app, 'rcv_diferencia')];
  const lineas = async (asientoId: string) =>
    (await b.api.get(`/contable/asientos/${asientoId}`).expect(200)).body.lineas.map(
      (l: { cuenta_nombre: string; debe: number; haber: number }) => `${l.cuenta_nombre} ${l.debe} ${l.haber}`,
    );

  beforeAll(async () => {
    b = await bootWithEmpresa(TENANT);
    for (const [folio, rut] of [
      [101, AROMOS],
      [102, AROMOS],
      [103, ROBLE],
      [104, AROMOS],
    ] as const) {
      await receive(folio, rut);
    }
    b.gw.rcv.set(`${TENANT}|${PERIODO}|compra`, [
      registro(101, AROMOS, 'REGISTRO'),
      registro(102, AROMOS, 'RECLAMADO'),
      registro(104, AROMOS, 'REGISTRO', { ...montos, iva: 1_800, total: 11_800 }),
      registro(201, ROBLE, 'REGISTRO'),
      registro(202, ROBLE, 'PENDIENTE'),
    ]);
  });

  afterAll(() => shutdown(b));

  it('finds each kind of difference from the purchases register of the month, and nothing for a matching purchase', async () => {
    const res = await conciliar().expect(200);
    expect(b.gw.rcvQueries.sort()).toEqual([`${TENANT}|${PERIODO}|compra`, `${TENANT}|${PERIODO}|venta`]);
    expect(res.body).toMatchObject({ empresa_id: b.empresaId, periodo: PERIODO, documentos_rcv: 5 });
    expect(res.body.resumen).toEqual({ pendientes: 4, confirmadas: 0, descartadas: 0, superadas: 0 });
    expect(
      res.body.diferencias.map(
        (d: { clase: string; folio: number; rut_contraparte: string }) => `${d.clase} ${d.folio} ${d.rut_contraparte}`,
      ),
    ).toEqual([`reclamado 102 ${AROMOS}`, `no_registrado 103 ${ROBLE}`, `montos_distintos 104 ${AROMOS}`, `no_contabilizado 201 ${ROBLE}`]);
    expect(byFolio(res.body, 104, 'montos_distintos')).toMatchObject({
      diferencias: [
        { campo: 'iva', rcv: 1_800, libros: 1_900 },
        { campo: 'total', rcv: 11_800, libros: 11_900 },
      ],
    });
    const again = await b.api.get(`/contable/rcv/conciliacion?empresa_id=${b.empresaId}&periodo=${PERIODO}`).expect(200);
    expect(again.body.diferencias).toEqual(res.body.diferencias);
  });

  it('confirming a registered purchase books it from the RCV data, once', async () => {
    const { body } = await conciliar().expect(200);
    const d = byFolio(body, 201, 'no_contabilizado');
    const res = await b.api.post(`/contable/rcv/diferencias/${d.id}/confirmar`, {}).expect(200);
    expect(res.body).toMatchObject({
      estado: 'confirmada',
      resuelta_por: 'admin',
      documento_id: expect.any(String),
      asiento_id: expect.any(String),
    });
    expect(await lineas(res.body.asiento_id)).toEqual(['Costo de Ventas 10000 0', 'IVA Crédito Fiscal 1900 0', 'Proveedores 0 11900']);
    const [factura] = await b.ds.query('SELECT origen, xml, folio::int AS folio, rut_emisor FROM factura WHERE id = $1', [
      res.body.documento_id,
    ]);
    expect(factura).toEqual({ origen: 'rcv', xml: null, folio: 201, rut_emisor: ROBLE });

    const before = await written();
    const twice = await b.api.post(`/contable/rcv/diferencias/${d.id}/confirmar`, {}).expect(409);
    expect(twice.body).toMatchObject({ error: 'diferencia_already_decided', estado: 'confirmada' });
    expect(await written()).toEqual(before);

    // Its document arrives later by mail: the same purchase, now with its XML, and no second entry.
    const xml = dteXml({ tipo: 33, folio: 201, fecha: '2026-10-05', emisor: ROBLE, receptor: TENANT, ...montos });
    const arrived = await b.api.post('/contable/recibir-dte', { empresa_id: b.empresaId, xml }).expect(200);
    expect(arrived.body.facturas).toEqual([expect.objectContaining({ id: res.body.documento_id, duplicada: true })]);
    const [conXml] = await b.ds.query('SELECT origen, xml IS NOT NULL AS xml, xml_sha256 IS NOT NULL AS sha FROM factura WHERE id = $1', [
      res.body.documento_id,
    ]);
    expect(conXml).toEqual({ origen: 'rcv', xml: true, sha: true });
    expect(await written()).toEqual(before);
  });

  it('a difference decided once stays decided', async () => {
    const { body } = await conciliar().expect(200);
    const d = body.diferencias.find((x: Diferencia) => x.estado === 'confirmada') as Diferencia;
    const before = await written();
    const twice = await b.api.post(`/contable/rcv/diferencias/${d.id}/confirmar`, {}).expect(409);
    expect(twice.body).toMatchObject({ error: 'diferencia_already_decided', estado: 'confirmada' });
    expect(await written()).toEqual(before);
  });

  it('confirming a claimed purchase reverses its entry once; the next run finds it no more', async () => {
    const { body } = await conciliar().expect(200);
    const d = byFolio(body, 102, 'reclamado');
    const res = await b.api.post(`/contable/rcv/diferencias/${d.id}/confirmar`, { fecha: '2026-10-31' }).expect(200);
    const reversal = (await b.api.get(`/contable/asientos/${res.body.asiento_id}`).expect(200)).body;
    const [{ asiento_id: original }] = await b.ds.query('SELECT asiento_id FROM factura WHERE folio = 102');
    expect(reversal).toMatchObject({ origen: 'reversa', reversa_de: original, fecha: '2026-10-31' });
    expect(reversal.glosa).toBe(`Reclamo en el RCV (RECLAMADO): Factura electrónica N° 102 de Comercial Los Aromos Limitada (${AROMOS})`);
    expect(await lineas(reversal.id)).toEqual(['Costo de Ventas 0 10000', 'IVA Crédito Fiscal 0 1900', 'Proveedores 11900 0']);

    const next = await conciliar().expect(200);
    expect(
      next.body.diferencias.filter((x: { estado: string }) => x.estado === 'pendiente').map((x: { folio: number }) => x.folio),
    ).toEqual([103, 104]);
    expect(next.body.resumen).toEqual({ pendientes: 2, confirmadas: 2, descartadas: 0, superadas: 0 });
  });

  it('dismissing needs a reason and posts nothing; a decided difference stays decided on the next run', async () => {
    const { body } = await conciliar().expect(200);
    const d = byFolio(body, 103, 'no_registrado');
    const before = await written();
    const bad = await b.api.post(`/contable/rcv/diferencias/${d.id}/descartar`, { motivo: '' }).expect(400);
    expect(bad.body.error).toBe('validation_failed');
    const res = await b.api
      .post(`/contable/rcv/diferencias/${d.id}/descartar`, { motivo: ' El proveedor aún no lo registra ' })
      .expect(200);
    expect(res.body).toMatchObject({ estado: 'descartada', motivo: 'El proveedor aún no lo registra', asiento_id: null });
    expect(await written()).toEqual(before);
    expect(byFolio((await conciliar().expect(200)).body, 103, 'no_registrado').estado).toBe('descartada');
  });

  it('a pending difference the register no longer shows is superada; it is pending again if it comes back', async () => {
    const docs = b.gw.rcv.get(`${TENANT}|${PERIODO}|compra`) as DocumentoRcvView[];
    const corrected = docs.map((x) => (x.folio === 104 ? registro(104, AROMOS, 'REGISTRO') : x));
    b.gw.rcv.set(`${TENANT}|${PERIODO}|compra`, corrected);
    expect(byFolio((await conciliar().expect(200)).body, 104, 'montos_distintos')).toMatchObject({ estado: 'superada' });
    b.gw.rcv.set(`${TENANT}|${PERIODO}|compra`, docs);
    expect(byFolio((await conciliar().expect(200)).body, 104, 'montos_distintos')).toMatchObject({
      estado: 'pendiente',
      resuelta_at: null,
    });
  });

  it('answers 503 and writes nothing while the gateway is down', async () => {
    const before = [...(await written()), await count(b.app, 'rcv_conciliacion')];
    b.gw.down = true;
    try {
      const res = await conciliar('2026-09').expect(503);
      expect(res.body.error).toBe('gateway_unavailable');
    } finally {
      b.gw.down = false;
    }
    expect([...(await written()), await count(b.app, 'rcv_conciliacion')]).toEqual(before);
    const none = await b.api.get(`/contable/rcv/conciliacion?empresa_id=${b.empresaId}&periodo=2026-09`).expect(404);
    expect(none.body.error).toBe('conciliacion_not_found');
  });

  it('reconciles the sales register too: a sale issued elsewhere is booked from the RCV data on confirmation, once', async () => {
    installEmitirStub(b.gw.server);
    const emitted = await emitirFactura(b.api, b.empresaId, { fecha: '2026-10-12', precio: 10_000 });
    const venta = (folio: number, sii = montos): DocumentoRcvView => ({
      ...registro(folio, AROMOS, 'REGISTRO', sii),
      fecha_emision: '2026-10-12',
    });
    b.gw.rcv.set(`${TENANT}|${PERIODO}|venta`, [venta(emitted.folio), venta(900, { exento: 0, neto: 50_000, iva: 9_500, total: 59_500 })]);

    const { body } = await conciliar().expect(200);
    const ventas = body.diferencias.filter((d: Diferencia & { libro: string }) => d.libro === 'venta');
    expect(ventas.map((d: Diferencia) => `${d.clase} ${d.folio}`)).toEqual(['no_contabilizado 900']);
    const res = await b.api.post(`/contable/rcv/diferencias/${ventas[0].id}/confirmar`, {}).expect(200);
    expect(res.body).toMatchObject({ libro: 'venta', estado: 'confirmada', documento_id: null });
    expect(await lineas(res.body.asiento_id)).toEqual(['Clientes 59500 0', 'Ventas 0 50000', 'IVA Débito Fiscal 0 9500']);
    const asiento = (await b.api.get(`/contable/asientos/${res.body.asiento_id}`).expect(200)).body;
    expect(asiento).toMatchObject({
      fecha: '2026-10-12',
      glosa: `Factura electrónica N° 900 a Comercial Los Aromos Limitada (${AROMOS}), registrada en el RCV`,
    });

    const before = await written();
    const next = await conciliar().expect(200);
    expect(next.body.diferencias.find((d: Diferencia & { libro: string }) => d.libro === 'venta' && d.folio === 900)).toMatchObject({
      estado: 'confirmada',
    });
    expect(await written()).toEqual(before);

    // The register stops listing our own sale (say the SII rejected it later): booked and not registered.
    b.gw.rcv.set(`${TENANT}|${PERIODO}|venta`, [venta(900, { exento: 0, neto: 50_000, iva: 9_500, total: 59_500 })]);
    const gone = await conciliar().expect(200);
    expect(
      gone.body.diferencias.find((d: Diferencia & { libro: string }) => d.libro === 'venta' && d.folio === emitted.folio),
    ).toMatchObject({
      clase: 'no_registrado',
      estado: 'pendiente',
      documento_id: emitted.id,
    });
  });

  it('the monthly run reconciles, from its day, each empresa whose previous month has no run made after the month ended', async () => {
    const mensual = b.app.get(RcvMensualService);
    const mes = santiagoDate().slice(0, 7);
    const [y, m] = mes.split('-').map(Number);
    const previo = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    const aromos = await createEmpresa(b.app, AROMOS);
    expect(await mensual.sync(`${mes}-09`)).toEqual({ periodo: null, conciliadas: 0, fallidas: 0 });

    b.gw.down = true;
    try {
      expect(await mensual.sync(`${mes}-10`)).toMatchObject({ periodo: previo, conciliadas: 0, fallidas: expect.any(Number) });
    } finally {
      b.gw.down = false;
    }
    await b.api.get(`/contable/rcv/conciliacion?empresa_id=${aromos}&periodo=${previo}`).expect(404);
    const seen = b.gw.rcvQueries.length;
    const run = await mensual.sync(`${mes}-10`);
    expect(run).toMatchObject({ periodo: previo, fallidas: 0 });
    expect(run.conciliadas).toBeGreaterThanOrEqual(1);
    expect(b.gw.rcvQueries.slice(seen)).toContain(`${AROMOS}|${previo}|compra`);
    await b.api.get(`/contable/rcv/conciliacion?empresa_id=${aromos}&periodo=${previo}`).expect(200);

    const after = b.gw.rcvQueries.length;
    expect(await mensual.sync(`${mes}-28`)).toEqual({ periodo: previo, conciliadas: 0, fallidas: 0 });
    expect(b.gw.rcvQueries.length).toBe(after);
  });

  it('a decision and a run on the same empresa wait for each other instead of deadlocking', async () => {
    // The run takes the empresa, then each difference it finds; a decision takes them in the same order (rcv.service.ts). To make
    // the other order deadlock every time, the run is held after the empresa (on its run row, locked here) while the decision
    // starts; each step waits on a query of the observed locks, no timer.
    const db = b.app.get(DataSource);
    const blocked = async (n: number) => {
      for (;;) {
        const [row] = await db.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
        );
        if (row.n >= n) return;
      }
    };
    const d = byFolio((await conciliar().expect(200)).body, 104, 'montos_distintos');
    expect(d.estado).toBe('pendiente');
    const holder = db.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    try {
      await holder.query(`SELECT 1 FROM rcv_conciliacion WHERE empresa_id = $1 AND periodo = $2 FOR UPDATE`, [b.empresaId, PERIODO]);
      const run = conciliar().then((res) => res);
      await blocked(1);
      const decision = b.api
        .post(`/contable/rcv/diferencias/${d.id}/descartar`, { motivo: 'Revisado con el proveedor' })
        .then((res) => res);
      await blocked(2);
      await holder.rollbackTransaction();
      const [ran, decided] = await Promise.all([run, decision]);
      expect([ran.status, decided.status, decided.body.estado]).toEqual([200, 200, 'descartada']);
    } finally {
      if (holder.isTransactionActive) await holder.rollbackTransaction();
      await holder.release();
    }
    expect(byFolio((await conciliar().expect(200)).body, 104, 'montos_distintos').estado).toBe('descartada');
  });

  it('refuses bad input with 4xx problems', async () => {
    expect((await conciliar('2026-13').expect(400)).body.error).toBe('validation_failed');
    expect((await conciliar('1899-01').expect(422)).body.error).toBe('periodo_out_of_range');
    const unknown = await b.api.post('/contable/rcv/conciliar', { empresa_id: '00000000-0000-4000-8000-000000000000', periodo: PERIODO });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'not_found']);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await b.api.post(`/contable/rcv/diferencias/${id}/confirmar`, {}).expect(404)).body.error).toBe('not_found');
    }
    const d = byFolio((await conciliar().expect(200)).body, 104, 'montos_distintos');
    expect((await b.api.post(`/contable/rcv/diferencias/${d.id}/confirmar`, { fecha: '2026-02-30' }).expect(400)).body.error).toBe(
      'validation_failed',
    );
  });
});
