import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { closeTestApp } from '@lib/testing';
import { bootAccounting, client, createEmpresa } from './support/api';
import { dteXml } from './support/dte-fixtures';
import { installEmitirStub } from './support/emitir-stub';
import { GatewayStub, startGatewayStub } from './support/gateway-stub';

// Libro de ingresos y egresos and F29 draft from documents emitted through POST /contable/emit-dte and
// received through POST /contable/recibir-dte. Figures computed by hand (see the comments).
describe('libro de ingresos y egresos and F29 draft (e2e, real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let gw: GatewayStub;
  let api: ReturnType<typeof client>;
  let empresaId: string;
  const PROVEEDOR = '79555444-0';
  const receptor = {
    rut: '76543210-3',
    razon_social: 'Comercial Los Aromos Limitada',
    giro: 'Comercio',
    direccion: 'Av. Los Aromos 123',
    comuna: 'Santiago',
  };

  const emit = async (tipo: number, fecha: string, precio: number, referencias?: object[]) => {
    const body = {
      empresa_id: empresaId,
      tipo_dte: tipo,
      fecha_emision: fecha,
      receptor,
      detalle: [{ nombre: 'Servicio', cantidad: 1, precio_unitario: precio }],
      referencias,
    };
    await api.post('/contable/emit-dte', body).expect(201);
  };
  const recibir = async (
    tipo: number,
    folio: number,
    fecha: string,
    m: { neto?: number; exento?: number; iva?: number; total: number },
  ) => {
    const xml = dteXml({ tipo, folio, fecha, emisor: PROVEEDOR, receptor: '76086428-5', ...m });
    await api.post('/contable/recibir-dte', { empresa_id: empresaId, xml }).expect(201);
  };
  const ref = [{ tipo_doc: '33', folio: '2', fecha: '2025-05-10', codigo: 3, razon: 'Descuento' }];

  beforeAll(async () => {
    gw = startGatewayStub();
    installEmitirStub(gw.server);
    app = await bootAccounting();
    api = client(app);
    empresaId = await createEmpresa(app, '76086428-5');
    // April: sale IVA 38.000, purchase IVA 57.000 -> remanente 19.000.
    await emit(33, '2025-04-05', 200_000);
    await recibir(33, 10, '2025-04-08', { neto: 300_000, iva: 57_000, total: 357_000 });
    // May: sales 19.000 - NC 1.900 = 17.100; purchases 9.500 - NC 950 = 8.550.
    await emit(33, '2025-05-10', 100_000);
    await emit(34, '2025-05-12', 30_000);
    await emit(61, '2025-05-20', 10_000, ref);
    await recibir(33, 11, '2025-05-15', { neto: 50_000, iva: 9_500, total: 59_500 });
    await recibir(61, 12, '2025-05-18', { neto: 5_000, iva: 950, total: 5_950 });
    await recibir(34, 13, '2025-05-25', { exento: 8_000, total: 8_000 });
    // A monthly IVA settlement (moves both IVA accounts): not a débito nor a crédito of May.
    await api
      .post('/contable/asientos', {
        empresa_id: empresaId,
        fecha: '2025-05-31',
        glosa: 'Liquidación IVA abril',
        lineas: [
          { cuenta: '2.2', debe: 10_000 },
          { cuenta: '1.4', haber: 10_000 },
        ],
      })
      .expect(201);
    // July: IVA 19.000 owed against the 10.450 carried -> pays 8.550, carries nothing.
    await emit(33, '2025-07-01', 100_000);
    // August: sale IVA 1.900, purchase IVA 3.800 -> carries 1.900.
    await emit(33, '2025-08-05', 10_000);
    await recibir(33, 14, '2025-08-06', { neto: 20_000, iva: 3_800, total: 23_800 });
  });

  afterAll(async () => {
    await closeTestApp(app);
    gw.server.close();
  });

  describe('GET /contable/libro-ingresos-egresos', () => {
    it('lists the month documents: emitted as ingresos, received as egresos, notas de crédito negative, with totals', async () => {
      const res = await api.get(`/contable/libro-ingresos-egresos?empresa_id=${empresaId}&periodo=2025-05`).expect(200);
      expect(res.body).toMatchObject({
        periodo: '2025-05',
        desde: '2025-05-01',
        hasta: '2025-05-31',
        regimen: 'pro_pyme_14d3',
        criterio: 'devengado',
      });
      const filas = res.body.filas.map((f: Record<string, unknown>) => [
        f.clasificacion,
        f.correlativo,
        f.fecha,
        f.tipo_dte,
        f.folio,
        f.rut_contraparte,
        f.neto,
        f.exento,
        f.iva,
        f.total,
        f.monto,
      ]);
      expect(filas).toEqual([
        ['ingreso', 1, '2025-05-10', 33, 2, '76543210-3', 100_000, 0, 19_000, 119_000, 100_000],
        ['ingreso', 2, '2025-05-12', 34, 1, '76543210-3', 0, 30_000, 0, 30_000, 30_000],
        ['ingreso', 3, '2025-05-20', 61, 1, '76543210-3', -10_000, 0, -1_900, -11_900, -10_000],
        ['egreso', 1, '2025-05-15', 33, 11, PROVEEDOR, 50_000, 0, 9_500, 59_500, 50_000],
        ['egreso', 2, '2025-05-18', 61, 12, PROVEEDOR, -5_000, 0, -950, -5_950, -5_000],
        ['egreso', 3, '2025-05-25', 34, 13, PROVEEDOR, 0, 8_000, 0, 8_000, 8_000],
      ]);
      expect(res.body.filas[2].tipo_documento).toBe('Nota de crédito electrónica');
      expect(res.body.totales).toEqual({
        ingresos: { documentos: 3, neto: 90_000, exento: 30_000, iva: 17_100, total: 137_100, monto: 120_000 },
        egresos: { documentos: 3, neto: 45_000, exento: 8_000, iva: 8_550, total: 61_550, monto: 53_000 },
        resultado: 67_000,
      });
    });

    it('covers a whole year with YYYY and answers CSV with Accept: text/csv', async () => {
      const year = await api.get(`/contable/libro-ingresos-egresos?empresa_id=${empresaId}&periodo=2025`).expect(200);
      expect([year.body.totales.ingresos.documentos, year.body.totales.egresos.documentos]).toEqual([6, 5]);
      expect(year.body.totales.ingresos.monto).toBe(200_000 + 120_000 + 100_000 + 10_000);
      const csv = await api
        .get(`/contable/libro-ingresos-egresos?empresa_id=${empresaId}&periodo=2025-05`)
        .set('Accept', 'text/csv')
        .expect(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      const rows = csv.text.trim().split('\r\n');
      expect(rows[0]).toBe(
        'clasificacion,correlativo,fecha,tipo_dte,tipo_documento,folio,rut_contraparte,razon_social,neto,exento,iva,total,monto',
      );
      expect(rows).toHaveLength(1 + 6 + 3);
      expect(rows.at(-1)).toBe('Resultado,,,,,,,,,,,,67000');
    });

    it('is empty for a month without documents, and audited as a read', async () => {
      const res = await api.get(`/contable/libro-ingresos-egresos?empresa_id=${empresaId}&periodo=2025-06`).expect(200);
      expect(res.body.filas).toEqual([]);
      expect(res.body.totales.resultado).toBe(0);
      const audit = await api.get(`/contable/auditoria?empresa_id=${empresaId}`).expect(200);
      expect(audit.body.registros.map((r: { accion: string }) => r.accion)).toContain('consultar_libro_ingresos_egresos');
    });
  });

  describe('GET /contable/f29-borrador', () => {
    const f29 = async (periodo: string) =>
      (await api.get(`/contable/f29-borrador?empresa_id=${empresaId}&periodo=${periodo}`).expect(200)).body;

    it('April: more crédito than débito leaves a remanente', async () => {
      expect(await f29('2025-04')).toMatchObject({
        borrador: true,
        debito_fiscal: 38_000,
        credito_fiscal: 57_000,
        remanente_anterior: 0,
        iva_a_pagar: 0,
        remanente_siguiente: 19_000,
      });
    });

    it('May: notas de crédito subtract, the settlement entry is left out, April’s remanente is carried', async () => {
      const may = await f29('2025-05');
      expect(may).toMatchObject({
        debito_fiscal: 17_100,
        credito_fiscal: 8_550,
        remanente_anterior: 19_000,
        total_creditos: 27_550,
        iva_a_pagar: 0,
        remanente_siguiente: 10_450,
        segun_documentos: { debito_fiscal: 17_100, credito_fiscal: 8_550 },
      });
      expect(may.aviso).toMatch(/No es el formulario oficial/);
    });

    it('June carries the remanente; July pays the difference; August starts again from zero', async () => {
      expect(await f29('2025-06')).toMatchObject({
        debito_fiscal: 0,
        credito_fiscal: 0,
        remanente_anterior: 10_450,
        remanente_siguiente: 10_450,
      });
      expect(await f29('2025-07')).toMatchObject({
        debito_fiscal: 19_000,
        remanente_anterior: 10_450,
        iva_a_pagar: 8_550,
        remanente_siguiente: 0,
      });
      expect(await f29('2025-08')).toMatchObject({
        debito_fiscal: 1_900,
        credito_fiscal: 3_800,
        remanente_anterior: 0,
        iva_a_pagar: 0,
        remanente_siguiente: 1_900,
      });
    });

    it('needs a month (400 for a year) and an existing empresa (404); CSV on request', async () => {
      expect((await api.get(`/contable/f29-borrador?empresa_id=${empresaId}&periodo=2025`).expect(400)).body.error).toBe(
        'validation_failed',
      );
      await api.get('/contable/f29-borrador?empresa_id=00000000-0000-4000-8000-000000000000&periodo=2025-05').expect(404);
      const csv = await api.get(`/contable/f29-borrador?empresa_id=${empresaId}&periodo=2025-05`).set('Accept', 'text/csv').expect(200);
      expect(csv.text.split('\r\n').slice(0, 2)).toEqual(['concepto,monto', 'debito_fiscal,17100']);
    });
  });
});
