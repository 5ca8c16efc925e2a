import { createHash } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TEST_KEYS, closeTestApp } from '@lib/testing';
import request from 'supertest';
import { bootAccounting, client, count, createEmpresa } from './support/api';
import { dteXml, envioXml, facturaXml, OFFICIAL_EXAMPLE, RESPUESTA_DTE, XML_BOMB } from './support/dte-fixtures';
import { GatewayStub, startGatewayStub, TAXPAYERS, UNKNOWN_RUT } from './support/gateway-stub';

describe('accounting: empresas from the gateway, received DTEs, balance (e2e, real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let gw: GatewayStub;
  let api: ReturnType<typeof client>;
  let empresaId: string;
  let facturaId: string;

  beforeAll(async () => {
    gw = startGatewayStub();
    app = await bootAccounting();
    api = client(app);
  });

  afterAll(async () => {
    await closeTestApp(app);
    gw.server.close();
  });

  describe('POST /contable/empresas', () => {
    it('creates the empresa from the canonical data (normalized RUT, legal name) and seeds 18 accounts', async () => {
      const res = await api.post('/contable/empresas', { rut: '77.777.777-7', regimen: 'pro_pyme_14d3' }).expect(201);
      expect(res.body).toMatchObject({
        rut: '77777777-7',
        razon_social: TAXPAYERS['77777777-7'],
        regimen: 'pro_pyme_14d3',
        cuentas_creadas: 18,
      });
      empresaId = res.body.id;
      expect(gw.calls.at(-1)).toEqual({ rut: '77777777-7', key: TEST_KEYS.accounting });

      const chart = await api.get(`/contable/plan-cuentas?empresa_id=${empresaId}`).expect(200);
      const cuentas = chart.body.cuentas as {
        codigo: string;
        nombre: string;
        nivel: number;
        imputable: boolean;
        parent: string | null;
        tipo: string;
      }[];
      expect(cuentas).toHaveLength(18);
      expect(cuentas.filter((c) => c.nivel === 1).map((c) => [c.codigo, c.nombre, c.imputable])).toEqual([
        ['1', 'Activo', false],
        ['2', 'Pasivo', false],
        ['3', 'Patrimonio', false],
        ['4', 'Ingresos', false],
        ['5', 'Gastos', false],
      ]);
      expect(cuentas.filter((c) => c.imputable).map((c) => c.nombre)).toEqual([
        'Caja',
        'Banco',
        'Clientes',
        'IVA Crédito Fiscal',
        'Proveedores',
        'IVA Débito Fiscal',
        'Retenciones por Pagar',
        'Capital',
        'Resultados Acumulados',
        'Ventas',
        'Otros Ingresos',
        'Costo de Ventas',
        'Gastos de Administración',
      ]);
      expect(cuentas.find((c) => c.nombre === 'Proveedores')).toMatchObject({ codigo: '2.1', nivel: 2, parent: '2', tipo: 'pasivo' });
    });

    it('refuses an existing RUT with 409 without asking the gateway', async () => {
      const calls = gw.calls.length;
      const res = await api.post('/contable/empresas', { rut: '77777777-7' }).expect(409);
      expect(res.body).toMatchObject({ error: 'empresa_exists', status: 409 });
      expect(gw.calls.length).toBe(calls);
    });

    it('answers 422 taxpayer_unknown for a RUT the gateway does not know, and writes nothing', async () => {
      const before = [await count(app, 'empresa'), await count(app, 'cuenta')];
      const res = await api.post('/contable/empresas', { rut: UNKNOWN_RUT }).expect(422);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ error: 'taxpayer_unknown', status: 422 });
      expect([await count(app, 'empresa'), await count(app, 'cuenta')]).toEqual(before);
    });

    it('answers 503 gateway_unavailable when the gateway is down, and writes nothing', async () => {
      const before = [await count(app, 'empresa'), await count(app, 'cuenta')];
      gw.down = true;
      try {
        const res = await api.post('/contable/empresas', { rut: '76543210-3' }).expect(503);
        expect(res.body).toMatchObject({ error: 'gateway_unavailable', status: 503 });
      } finally {
        gw.down = false;
      }
      expect([await count(app, 'empresa'), await count(app, 'cuenta')]).toEqual(before);
    });

    it('validates the RUT (modulo 11) before calling the gateway', async () => {
      const res = await api.post('/contable/empresas', { rut: '77777777-6' }).expect(400);
      expect(res.body.error).toBe('validation_failed');
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'rut' })]);
    });

    it('needs a caller key', async () => {
      const res = await request(app.getHttpServer()).post('/contable/empresas').send({ rut: '76543210-3' }).expect(401);
      expect(res.body.error).toBe('unauthorized');
    });
  });

  describe('POST /contable/recibir-dte', () => {
    it("books the SII's own example into the receptor's books: Costo de Ventas, IVA CF / Proveedores", async () => {
      const res = await api
        .post('/contable/recibir-dte', { empresa_id: empresaId, xml_base64: OFFICIAL_EXAMPLE.toString('base64') })
        .expect(201);
      expect(res.body.ignorados).toEqual([]);
      expect(res.body.facturas).toEqual([
        expect.objectContaining({
          tipo_dte: 33,
          folio: 60,
          rut_emisor: '97975000-5',
          razon_social_emisor: 'RUT DE PRUEBA',
          fecha_emision: '2003-10-13',
          neto: 100000,
          exento: 0,
          iva: 19000,
          total: 119000,
          asiento_numero: 1,
          duplicada: false,
        }),
      ]);
      facturaId = res.body.facturas[0].id;
      const asiento = await api.get(`/contable/asientos/${res.body.facturas[0].asiento_id}`).expect(200);
      expect(asiento.body).toMatchObject({ numero: 1, fecha: '2003-10-13', origen: 'dte', total_debe: 119000, total_haber: 119000 });
      expect(asiento.body.lineas.map((l: Record<string, unknown>) => [l.cuenta_nombre, l.debe, l.haber])).toEqual([
        ['Costo de Ventas', 100000, 0],
        ['IVA Crédito Fiscal', 19000, 0],
        ['Proveedores', 0, 119000],
      ]);
    });

    it('the balance of 2003-10 adds up: sums and balances equal', async () => {
      const res = await api.get(`/contable/balance?empresa_id=${empresaId}&periodo=2003-10`).expect(200);
      expect(res.body.totales).toMatchObject({ sumas_debe: 119000, sumas_haber: 119000, saldo_deudor: 119000, saldo_acreedor: 119000 });
      expect(res.body.cuadratura).toEqual({ sumas: true, saldos: true, inventario_resultado: true });
      expect(res.body.resultado_ejercicio).toBe(-100000);
    });

    it('a second delivery returns the first factura flagged duplicada and books nothing more', async () => {
      const asientos = await count(app, 'asiento');
      const res = await api.post('/contable/recibir-dte', { empresa_id: empresaId, xml: OFFICIAL_EXAMPLE.toString('latin1') }).expect(200);
      expect(res.body.facturas).toEqual([expect.objectContaining({ folio: 60, duplicada: true, asiento_numero: 1 })]);
      expect(res.body.facturas[0].id).toBe(facturaId);
      expect(await count(app, 'asiento')).toBe(asientos);
      expect(await count(app, 'factura')).toBe(1);
    });

    it('refuses with 422 dte_rejected a DTE the gateway finds addressed to another receptor, with its reasons', async () => {
      const otra = await createEmpresa(app, '76086428-5');
      const res = await api
        .post('/contable/recibir-dte', { empresa_id: otra, xml_base64: OFFICIAL_EXAMPLE.toString('base64') })
        .expect(422);
      expect(res.body).toMatchObject({ error: 'dte_rejected', status: 422 });
      expect(res.body.rechazados).toEqual([
        {
          tipo_dte: 33,
          folio: 60,
          rut_emisor: '97975000-5',
          estado_recepcion: 3,
          glosa: expect.stringContaining('77777777-7'),
          motivos: [{ verificacion: 'receptor', detalle: 'RUTRecep 77777777-7 is not 76086428-5' }],
        },
      ]);
      // The gateway got the file exactly as received, for that empresa, with accounting's own key.
      expect(gw.recepciones.at(-1)).toEqual({
        tenant: '76086428-5',
        key: TEST_KEYS.accounting,
        sha256: createHash('sha256').update(OFFICIAL_EXAMPLE).digest('hex'),
      });
      expect(await count(app, 'factura')).toBe(1);
    });

    it('books nothing when the gateway does not verify a DTE (a TED that does not verify): 422 with the failed check', async () => {
      const before = [await count(app, 'factura'), await count(app, 'asiento')];
      const xml = facturaXml({ folio: 41, fecha: '2003-12-04', emisor: '79555444-0', receptor: '77777777-7' });
      gw.rechazar.set('79555444-0|33|41', { verificacion: 'ted_firma', ok: false, detalle: 'FRMT does not verify with the CAF key' });
      try {
        const res = await api.post('/contable/recibir-dte', { empresa_id: empresaId, xml }).expect(422);
        expect(res.body.error).toBe('dte_rejected');
        expect(res.body.rechazados[0].motivos).toEqual([{ verificacion: 'ted_firma', detalle: 'FRMT does not verify with the CAF key' }]);
      } finally {
        gw.rechazar.clear();
      }
      expect([await count(app, 'factura'), await count(app, 'asiento')]).toEqual(before);
    });

    it('answers 503 gateway_unavailable and books nothing while the gateway is down', async () => {
      const before = [await count(app, 'factura'), await count(app, 'asiento')];
      const xml = facturaXml({ folio: 42, fecha: '2003-12-04', emisor: '79555444-0', receptor: '77777777-7' });
      gw.down = true;
      try {
        const res = await api.post('/contable/recibir-dte', { empresa_id: empresaId, xml }).expect(503);
        expect(res.body.error).toBe('gateway_unavailable');
      } finally {
        gw.down = false;
      }
      expect([await count(app, 'factura'), await count(app, 'asiento')]).toEqual(before);
    });

    it.each([
      ['a RespuestaDTE', RESPUESTA_DTE],
      ['garbage', 'this is not xml at all <<<'],
      ['an XML bomb', XML_BOMB],
    ])('refuses %s with 422 invalid_dte and writes nothing', async (_name, xml) => {
      const before = [await count(app, 'factura'), await count(app, 'asiento')];
      const res = await api
        .post('/contable/recibir-dte', { empresa_id: empresaId, xml_base64: Buffer.from(xml).toString('base64') })
        .expect(422);
      expect(res.body).toMatchObject({ error: 'invalid_dte', status: 422 });
      expect([await count(app, 'factura'), await count(app, 'asiento')]).toEqual(before);
    });

    it('books a 34 (exempt), a 56 and a 61 (reversed) delivered as standalone DTEs', async () => {
      const emisor = '78123456-7';
      const base = { emisor, receptor: '77777777-7', fecha: '2003-11-05' };
      const results = [];
      for (const d of [
        { ...base, tipo: 34, folio: 7, exento: 50000, total: 50000 },
        { ...base, tipo: 56, folio: 8, neto: 10000, iva: 1900, total: 11900 },
        { ...base, tipo: 61, folio: 9, neto: 20000, iva: 3800, total: 23800 },
      ]) {
        const res = await api.post('/contable/recibir-dte', { empresa_id: empresaId, xml: dteXml(d) }).expect(201);
        results.push(res.body.facturas[0]);
      }
      const lines = async (id: string) =>
        (await api.get(`/contable/asientos/${id}`).expect(200)).body.lineas.map((l: Record<string, unknown>) => [
          l.cuenta,
          l.debe,
          l.haber,
        ]);
      expect(await lines(results[0].asiento_id)).toEqual([
        ['5.1', 50000, 0],
        ['2.1', 0, 50000],
      ]);
      expect(await lines(results[1].asiento_id)).toEqual([
        ['5.1', 10000, 0],
        ['1.4', 1900, 0],
        ['2.1', 0, 11900],
      ]);
      expect(await lines(results[2].asiento_id)).toEqual([
        ['5.1', 0, 20000],
        ['1.4', 0, 3800],
        ['2.1', 23800, 0],
      ]);
    });

    it('books an EnvioDTE with several DTEs in one go; one foreign DTE in it refuses the whole file', async () => {
      const base = { tipo: 33, fecha: '2003-12-01', emisor: '79555444-0', neto: 1000, iva: 190, total: 1190 };
      const xml = envioXml([
        dteXml({ ...base, folio: 21, receptor: '77777777-7' }),
        dteXml({ ...base, folio: 22, receptor: '77777777-7' }),
      ]);
      const res = await api
        .post('/contable/recibir-dte', { empresa_id: empresaId, xml_base64: Buffer.from(xml).toString('base64') })
        .expect(201);
      expect(res.body.documentos).toBe(2);
      expect(res.body.facturas.map((f: { folio: number }) => f.folio)).toEqual([21, 22]);
      expect(res.body.ignorados).toEqual([]);

      const before = await count(app, 'factura');
      const mixed = envioXml([
        dteXml({ ...base, folio: 23, receptor: '77777777-7' }),
        dteXml({ ...base, folio: 24, receptor: '76086428-5' }),
      ]);
      const refused = await api
        .post('/contable/recibir-dte', { empresa_id: empresaId, xml_base64: Buffer.from(mixed).toString('base64') })
        .expect(422);
      expect(refused.body.rechazados.map((r: { folio: number }) => r.folio)).toEqual([24]);
      expect(await count(app, 'factura')).toBe(before);
    });

    it('is atomic: one bad DTE in the envelope, or a closed period, and nothing is written', async () => {
      const before = [await count(app, 'factura'), await count(app, 'asiento')];
      const base = { tipo: 33, emisor: '79555444-0', receptor: '77777777-7', neto: 1000, iva: 190, total: 1190 };
      const bad = envioXml([
        dteXml({ ...base, folio: 31, fecha: '2003-12-02' }),
        dteXml({ ...base, folio: 32, fecha: '2003-12-02', emisor: '79555444-1' }),
      ]);
      const res = await api.post('/contable/recibir-dte', { empresa_id: empresaId, xml: bad }).expect(422);
      expect(res.body).toMatchObject({ error: 'invalid_dte', errors: [{ field: 'dte.1.emisor.rut', message: expect.any(String) }] });
      await api.post('/contable/periodos/2003-09/cerrar', { empresa_id: empresaId }).expect(201);
      const closed = envioXml([dteXml({ ...base, folio: 33, fecha: '2003-12-03' }), dteXml({ ...base, folio: 34, fecha: '2003-09-30' })]);
      expect((await api.post('/contable/recibir-dte', { empresa_id: empresaId, xml: closed }).expect(409)).body.error).toBe(
        'period_closed',
      );
      expect([await count(app, 'factura'), await count(app, 'asiento')]).toEqual(before);
    });

    it('every delivery is audited: new, duplicate, refused by the gateway, refused', async () => {
      const { registros } = (await api.get(`/contable/auditoria?empresa_id=${empresaId}&limit=1000`).expect(200)).body;
      const dte = registros.filter((r: { accion: string }) => r.accion === 'recibir_dte').map((r: { resultado: string }) => r.resultado);
      expect(dte).toEqual(
        expect.arrayContaining(['ok', 'duplicada', 'dte_rejected', 'gateway_unavailable', 'invalid_dte', 'period_closed']),
      );
    });

    it('answers 404 for an unknown empresa and 400 without XML', async () => {
      await api
        .post('/contable/recibir-dte', {
          empresa_id: '00000000-0000-4000-8000-000000000000',
          xml: dteXml({
            tipo: 33,
            folio: 1,
            fecha: '2025-01-01',
            emisor: '78123456-7',
            receptor: '77777777-7',
            neto: 1,
            iva: 0,
            total: 1,
          }),
        })
        .expect(404);
      const res = await api.post('/contable/recibir-dte', { empresa_id: empresaId }).expect(400);
      expect(res.body.error).toBe('validation_failed');
    });
  });
});
