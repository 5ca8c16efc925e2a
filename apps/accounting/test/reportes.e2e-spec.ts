import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { closeTestApp } from '@lib/testing';
import { bootAccounting, client, createEmpresa, postAsiento } from './support/api';
import { dteXml } from './support/dte-fixtures';
import { GatewayStub, startGatewayStub } from './support/gateway-stub';

type Line = [cuenta: string, debe: number, haber: number];
const l = (cuenta: string, debe: number, haber: number): Line => [cuenta, debe, haber];

/**
 * A small fixture of two fiscal years with figures computed by hand (see docs/accounting.md):
 * 2024 closes with a profit of 700.000 that the 2025 reports carry in Resultados Acumulados.
 */
const ENTRIES: [fecha: string, glosa: string, lineas: Line[]][] = [
  ['2024-06-01', 'Aporte de capital', [l('1.2', 10_000_000, 0), l('3.1', 0, 10_000_000)]],
  ['2024-09-10', 'Venta factura 1', [l('1.3', 1_190_000, 0), l('4.1', 0, 1_000_000), l('2.2', 0, 190_000)]],
  ['2024-11-20', 'Arriendo oficina', [l('5.2', 300_000, 0), l('1.2', 0, 300_000)]],
  ['2025-01-02', 'Giro a caja', [l('1.1', 500_000, 0), l('1.2', 0, 500_000)]],
  // 2025-01-15: the received factura 33 (neto 400.000, IVA 76.000) is booked through recibir-dte.
  ['2025-02-10', 'Venta factura 2', [l('1.3', 2_380_000, 0), l('4.1', 0, 2_000_000), l('2.2', 0, 380_000)]],
  ['2025-02-20', 'Cobro factura 1', [l('1.2', 1_190_000, 0), l('1.3', 0, 1_190_000)]],
  ['2025-03-05', 'Pago a proveedor', [l('2.1', 476_000, 0), l('1.2', 0, 476_000)]],
  ['2025-03-15', 'Intereses ganados', [l('1.2', 50_000, 0), l('4.2', 0, 50_000)]],
  ['2025-03-31', 'Gastos de oficina', [l('5.2', 250_000, 0), l('1.1', 0, 250_000)]],
];

describe('accounting: reports against hand-computed figures (e2e, real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let gw: GatewayStub;
  let api: ReturnType<typeof client>;
  let empresaId: string;
  const report = async (name: string, periodo: string, extra = '') =>
    (await api.get(`/contable/${name}?empresa_id=${empresaId}&periodo=${periodo}${extra}`).expect(200)).body;

  beforeAll(async () => {
    gw = startGatewayStub();
    app = await bootAccounting();
    api = client(app);
    empresaId = await createEmpresa(app, '76543210-3');
    for (const [fecha, glosa, lineas] of ENTRIES) await postAsiento(app, empresaId, fecha, glosa, lineas);
    await api
      .post('/contable/recibir-dte', {
        empresa_id: empresaId,
        xml: dteXml({
          tipo: 33,
          folio: 501,
          fecha: '2025-01-15',
          emisor: '79555444-0',
          receptor: '76543210-3',
          neto: 400_000,
          iva: 76_000,
          total: 476_000,
        }),
      })
      .expect(201);
    // A mistaken entry and its reversal: the sums grow, the balances do not change.
    const wrong = await api
      .post('/contable/asientos', {
        empresa_id: empresaId,
        fecha: '2025-03-20',
        glosa: 'Error',
        lineas: [
          { cuenta: '1.1', debe: 99_999 },
          { cuenta: '4.1', haber: 99_999 },
        ],
      })
      .expect(201);
    await api.post(`/contable/asientos/${wrong.body.id}/reversa`, {}).expect(201);
  });

  afterAll(async () => {
    await closeTestApp(app);
    gw.server.close();
  });

  it('balance 2025: eight columns, 2024 carried into Resultados Acumulados, inventory difference = result', async () => {
    const b = await report('balance', '2025');
    expect(b.totales).toEqual({
      sumas_debe: 16_411_998,
      sumas_haber: 16_411_998,
      saldo_deudor: 13_320_000,
      saldo_acreedor: 13_320_000,
      activo: 12_670_000,
      pasivo: 11_270_000,
      perdidas: 650_000,
      ganancias: 2_050_000,
    });
    expect(b.resultado_ejercicio).toBe(1_400_000);
    expect(b.cuadratura).toEqual({ sumas: true, saldos: true, inventario_resultado: true });
    const row = (codigo: string) => b.filas.find((f: { codigo: string }) => f.codigo === codigo);
    expect(row('1.2')).toMatchObject({ sumas_debe: 10_940_000, sumas_haber: 976_000, saldo_deudor: 9_964_000, activo: 9_964_000 });
    expect(row('3.2')).toMatchObject({ nombre: 'Resultados Acumulados', sumas_haber: 700_000, saldo_acreedor: 700_000, pasivo: 700_000 });
    expect(row('2.1')).toMatchObject({ sumas_debe: 476_000, sumas_haber: 476_000, saldo_deudor: 0, saldo_acreedor: 0 });
    expect(row('5.2')).toMatchObject({ sumas_debe: 250_000, perdidas: 250_000 });
  });

  it('balance 2025: the classified balance sheet balances', async () => {
    const { balance_general: g } = await report('balance', '2025');
    expect(g.activo.total).toBe(12_670_000);
    expect(g.pasivo.total).toBe(570_000);
    expect(g.patrimonio.cuentas).toEqual([
      { codigo: '3.1', nombre: 'Capital', saldo: 10_000_000 },
      { codigo: '3.2', nombre: 'Resultados Acumulados', saldo: 700_000 },
      { codigo: null, nombre: 'Resultado del ejercicio', saldo: 1_400_000 },
    ]);
    expect(g.total_pasivo_patrimonio).toBe(12_670_000);
    expect(g.cuadra).toBe(true);
  });

  it('balance 2025-02 runs from January 1 to the end of February', async () => {
    const b = await report('balance', '2025-02');
    expect([b.desde, b.hasta]).toEqual(['2025-01-01', '2025-02-28']);
    expect(b.totales).toMatchObject({ sumas_debe: 15_436_000, sumas_haber: 15_436_000 });
    expect(b.resultado_ejercicio).toBe(1_600_000);
  });

  it('balance 2024 shows the first year alone', async () => {
    const b = await report('balance', '2024');
    expect(b.totales).toMatchObject({ sumas_debe: 11_490_000, sumas_haber: 11_490_000, perdidas: 300_000, ganancias: 1_000_000 });
    expect(b.resultado_ejercicio).toBe(700_000);
  });

  it('estado de resultados for the year and for a month', async () => {
    expect(await report('estado-resultados', '2025')).toMatchObject({
      ingresos_explotacion: 2_000_000,
      costo_ventas: 400_000,
      margen_bruto: 1_600_000,
      gastos_operacion: 250_000,
      resultado_operacional: 1_350_000,
      otros_ingresos: 50_000,
      total_ingresos: 2_050_000,
      total_gastos: 650_000,
      resultado: 1_400_000,
    });
    expect(await report('estado-resultados', '2025-03')).toMatchObject({
      ingresos_explotacion: 0,
      gastos_operacion: 250_000,
      otros_ingresos: 50_000,
      resultado: -200_000,
    });
    expect((await report('estado-resultados', '2024')).resultado).toBe(700_000);
  });

  it('libro diario lists the entries of the period in order with their lines', async () => {
    const d = await report('libro-diario', '2025-02');
    expect(d.asientos.map((a: { glosa: string }) => a.glosa)).toEqual(['Venta factura 2', 'Cobro factura 1']);
    expect(d.asientos[0].lineas).toEqual([
      { linea: 1, cuenta: '1.3', cuenta_nombre: 'Clientes', debe: 2_380_000, haber: 0, glosa: null },
      { linea: 2, cuenta: '4.1', cuenta_nombre: 'Ventas', debe: 0, haber: 2_000_000, glosa: null },
      { linea: 3, cuenta: '2.2', cuenta_nombre: 'IVA Débito Fiscal', debe: 0, haber: 380_000, glosa: null },
    ]);
    expect(d.totales).toEqual({ asientos: 2, debe: 3_570_000, haber: 3_570_000 });
  });

  it('libro mayor: opening balance, running balance, closing balance', async () => {
    const m = await report('libro-mayor', '2025-03', '&cuenta=1.2');
    expect(m.cuentas).toHaveLength(1);
    expect(m.cuentas[0]).toMatchObject({
      codigo: '1.2',
      saldo_inicial: 10_390_000,
      total_debe: 50_000,
      total_haber: 476_000,
      saldo_final: 9_964_000,
    });
    expect(m.cuentas[0].movimientos.map((x: Record<string, unknown>) => [x.fecha, x.debe, x.haber, x.saldo])).toEqual([
      ['2025-03-05', 0, 476_000, 9_914_000],
      ['2025-03-15', 50_000, 0, 9_964_000],
    ]);
    const all = await report('libro-mayor', '2025-03');
    const ventas = all.cuentas.find((c: { codigo: string }) => c.codigo === '4.1');
    expect(ventas).toMatchObject({ saldo_inicial: -2_000_000, saldo_final: -2_000_000 });
    expect(ventas.movimientos).toHaveLength(2); // the mistaken entry and its reversal
    const ra = (await report('libro-mayor', '2025-01', '&cuenta=3.2')).cuentas[0];
    expect(ra).toMatchObject({ saldo_inicial: -700_000, movimientos: [] });
  });

  it('serves CSV when asked with Accept: text/csv', async () => {
    const res = await api.get(`/contable/balance?empresa_id=${empresaId}&periodo=2025`).set('Accept', 'text/csv').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('codigo,nombre,sumas_debe,sumas_haber,saldo_deudor,saldo_acreedor,activo,pasivo,perdidas,ganancias');
    expect(lines.at(-1)).toBe(',Totales,16411998,16411998,13320000,13320000,12670000,11270000,650000,2050000');
    const mayor = await api
      .get(`/contable/libro-mayor?empresa_id=${empresaId}&periodo=2025-03&cuenta=1.2`)
      .set('Accept', 'text/csv')
      .expect(200);
    expect(mayor.text).toContain('1.2,Banco,2025-03-15,');
  });

  it.each([['2025-13'], ['25'], ['2025-1']])('refuses periodo %s with 400', async (periodo) => {
    const res = await api.get(`/contable/balance?empresa_id=${empresaId}&periodo=${periodo}`).expect(400);
    expect(res.body.error).toBe('validation_failed');
  });

  it('answers 404 for an unknown empresa', async () => {
    await api.get('/contable/balance?empresa_id=00000000-0000-4000-8000-000000000000&periodo=2025').expect(404);
  });

  it('report reads are audited too', async () => {
    const { registros } = (await api.get(`/contable/auditoria?empresa_id=${empresaId}`).expect(200)).body;
    expect(registros.some((r: { accion: string }) => r.accion === 'consultar_balance')).toBe(true);
    expect(registros.some((r: { accion: string }) => r.accion === 'recibir_dte')).toBe(true);
  });
});
