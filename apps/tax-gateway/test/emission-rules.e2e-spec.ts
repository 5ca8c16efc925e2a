import request from 'supertest';
import { DataSource } from 'typeorm';
import { santiagoDate } from '@lib/dte';
import { xmllintEnvio } from './support/independent-checks';
import { emitir, facturaBody, Gateway, KEY, prepareEmisor, rut, simCaf, startGateway, uploadCaf } from './support/harness';

// The SII's content rules answer 422 before a folio is taken: the next valid document gets the folio.
describe('emission rules (e2e: refused before a folio is taken)', () => {
  let gw: Gateway;
  const tenant = rut(76_500_100);
  const folios = async (tipo: number) =>
    (
      await gw.app.get(DataSource).query('SELECT count(*)::int AS n FROM dte_emission WHERE tenant = $1 AND tipo_dte = $2', [tenant, tipo])
    )[0].n as number;
  const nota = (referencias: object[], overrides: Record<string, unknown> = {}) =>
    facturaBody(tenant, { tipo_dte: 61, referencias, ...overrides });
  const today = santiagoDate();

  beforeAll(async () => {
    // More than 20 emissions a minute (the limit is tested in acceptance.e2e-spec.ts) make this file's documents.
    gw = await startGateway({ env: { THROTTLE_ENABLED: 'false' } });
    await prepareEmisor(gw, tenant, 10);
    await uploadCaf(gw, tenant, await simCaf(gw, tenant, 61, 1, 10)).expect(201);
    expect((await emitir(gw, facturaBody(tenant)).expect(201)).body.folio).toBe(1); // total 142788 to 77777777-7
  });

  afterAll(async () => {
    await gw?.close();
  });

  it.each([
    [
      'a reference to a folio the tenant never issued',
      [{ tipo_doc: '33', folio: '999', fecha: today, codigo: 3 }],
      {},
      'referencia_not_found',
    ],
    [
      'a reference to a document of another receptor',
      [{ tipo_doc: '33', folio: '1', fecha: today, codigo: 3 }],
      { receptor: { rut: '76543210-3', razon_social: 'Otra SpA', giro: 'Comercio', direccion: 'Calle 2', comuna: 'Santiago' } },
      'referencia_receptor_mismatch',
    ],
    [
      'a correction above the original total',
      [{ tipo_doc: '33', folio: '1', fecha: today, codigo: 3 }],
      { detalle: [{ nombre: 'Ajuste', cantidad: 1, precio_unitario: 200_000 }] },
      'referencia_exceeds_original',
    ],
    [
      'an annulment for another amount than the original',
      [{ tipo_doc: '33', folio: '1', fecha: today, codigo: 1 }],
      { detalle: [{ nombre: 'Anula', cantidad: 1, precio_unitario: 1_000 }] },
      'anulacion_monto_mismatch',
    ],
    ['a note without CodRef', [{ tipo_doc: '33', folio: '1', fecha: today }], {}, 'codref_required'],
  ])('refuses %s with 422 and takes no folio', async (_what, referencias, overrides, error) => {
    const res = await emitir(gw, nota(referencias, overrides)).expect(422);
    expect(res.body.error).toBe(error);
    expect(await folios(61)).toBe(0);
  });

  it('refuses a guía 52 without ind_traslado or without comuna_destino, taking no folio; the next valid one gets folio 1', async () => {
    await uploadCaf(gw, tenant, await simCaf(gw, tenant, 52, 1, 10)).expect(201);
    const guia = (extra: object) => facturaBody(tenant, { tipo_dte: 52, forma_pago: undefined, ...extra });
    const sinTraslado = await emitir(gw, guia({ transporte: { comuna_destino: 'Quilicura' } })).expect(422);
    expect(sinTraslado.body).toMatchObject({ error: 'ind_traslado_required', errors: [{ field: 'ind_traslado' }] });
    const sinDestino = await emitir(gw, guia({ ind_traslado: 6 })).expect(422);
    expect(sinDestino.body).toMatchObject({ error: 'comuna_destino_required', errors: [{ field: 'transporte.comuna_destino' }] });
    expect(await folios(52)).toBe(0);
    const ok = await emitir(gw, guia({ ind_traslado: 6, transporte: { comuna_destino: 'Quilicura' } })).expect(201);
    expect(ok.body).toMatchObject({ tipo_dte: 52, folio: 1 });
  });

  it('refuses an export without its currency, to a Chilean receptor, with an unknown port or an annulment in other amounts', async () => {
    for (const tipo of [110, 112]) await uploadCaf(gw, tenant, await simCaf(gw, tenant, tipo, 1, 10)).expect(201);
    const receptor = {
      rut: '55555555-5',
      razon_social: 'Importadora del Plata S.A.',
      giro: 'Importación',
      direccion: 'Av. Corrientes 1234',
      comuna: 'CABA',
      ciudad: 'Buenos Aires',
    };
    const exportacion = { moneda: 'DOLAR USA', tipo_cambio: '927.87', aduana: { via_transporte: 4, pais_receptor: 224 } };
    const exp = (extra: object) => facturaBody(tenant, { tipo_dte: 110, indicador_servicio: 3, receptor, exportacion, ...extra });
    const cases: [object, string, string][] = [
      [exp({ exportacion: undefined }), 'exportacion_required', 'exportacion'],
      [facturaBody(tenant, { exportacion }), 'exportacion_not_applicable', 'exportacion'],
      [exp({ receptor: { ...receptor, rut: '77777777-7' } }), 'receptor_extranjero_required', 'receptor.rut'],
      [exp({ receptor: { ...receptor, ciudad: undefined } }), 'receptor_ciudad_required', 'receptor.ciudad'],
    ];
    for (const [body, error, field] of cases) {
      expect((await emitir(gw, body).expect(422)).body).toMatchObject({ error, errors: [{ field }] });
    }
    const puerto = await emitir(
      gw,
      exp({ exportacion: { ...exportacion, aduana: { ...exportacion.aduana, puerto_embarque: 9999 } } }),
    ).expect(422);
    expect(puerto.body).toMatchObject({
      error: 'dte_invalid',
      detail: expect.stringMatching(/CodPtoEmbarque 9999 is not in the Aduana table puertos/),
    });
    const pesos = await emitir(gw, exp({ exportacion: { ...exportacion, moneda: 'PESO CL' } })).expect(422);
    expect(pesos.body.detail).toMatch(/foreign currency/);
    expect(await folios(110)).toBe(0);
    const factura = await emitir(gw, exp({ detalle: [{ nombre: 'Asesoría', cantidad: 2, precio_unitario: '150.25' }] })).expect(201);
    expect(factura.body).toMatchObject({
      folio: 1,
      montos: { exento: 278_825, total: 278_825, exportacion: { moneda: 'DOLAR USA', total: '300.5' } },
    });
    // 300.5 USD × 927.87 = 278 824.935. An annulment carries the amounts it annuls in the currency (REF-2-780), whatever the rate.
    const anula = (precio: string, tipo_cambio: string) =>
      exp({
        tipo_dte: 112,
        indicador_servicio: undefined,
        exportacion: { ...exportacion, tipo_cambio, aduana: undefined },
        detalle: [{ nombre: 'Anula', cantidad: 2, precio_unitario: precio }],
        referencias: [{ tipo_doc: '110', folio: '1', fecha: today, codigo: 1, razon: 'Anula factura' }],
      });
    expect((await emitir(gw, anula('150', '927.87')).expect(422)).body.error).toBe('anulacion_monto_mismatch');
    // The same number in another currency annuls nothing: 300.5 EURO is not 300.5 DOLAR USA.
    const enEuros = { ...anula('150.25', '1012.34'), exportacion: { moneda: 'EURO', tipo_cambio: '1012.34' } };
    const euros = await emitir(gw, enEuros).expect(422);
    expect(euros.body).toMatchObject({
      error: 'anulacion_monto_mismatch',
      detail: expect.stringMatching(/300\.5 DOLAR USA, not 300\.5 EURO/),
    });
    expect((await emitir(gw, anula('150.25', '930.1')).expect(201)).body).toMatchObject({ tipo_dte: 112, montos: { total: 279_495 } });
    const ajena = { ...anula('150.25', '930.1'), referencias: [{ tipo_doc: '110', folio: '9', fecha: today, codigo: 3 }] };
    expect((await emitir(gw, ajena).expect(422)).body.error).toBe('referencia_not_found');
  });

  it('refuses a 33 with only exempt lines and a 33 dated tomorrow', async () => {
    const exenta = { detalle: [{ nombre: 'Curso', cantidad: 1, precio_unitario: 5_000, exento: true }] };
    expect((await emitir(gw, facturaBody(tenant, exenta)).expect(422)).body.error).toBe('all_lines_exempt');
    const tomorrow = santiagoDate(new Date(Date.now() + 86_400_000));
    expect((await emitir(gw, facturaBody(tenant, { fecha_emision: tomorrow })).expect(422)).body.error).toBe('fecha_emision_future');
    expect(await folios(33)).toBe(1);
  });

  it('refuses a 33 without forma_pago naming the field, a peso discount over mixed tax codes and the code 17', async () => {
    const { forma_pago: _fp, ...sinFormaPago } = facturaBody(tenant);
    const res = await emitir(gw, sinFormaPago).expect(422);
    expect(res.body).toMatchObject({ error: 'forma_pago_required', errors: [{ field: 'forma_pago' }] });
    const mixtas = {
      detalle: [
        { nombre: 'Vino', cantidad: 1, precio_unitario: 10_000, codigo_impuesto_adicional: 25 },
        { nombre: 'Pan', cantidad: 1, precio_unitario: 1_000 },
      ],
      descuentos_recargos: [{ tipo: 'D', valor: 500, unidad: '$', aplica: 'afecto' }],
    };
    expect((await emitir(gw, facturaBody(tenant, mixtas)).expect(422)).body.detail).toMatch(/different tax codes/);
    const carne = { detalle: [{ nombre: 'Carne', cantidad: 1, precio_unitario: 10_000, codigo_impuesto_adicional: 17 }] };
    expect((await emitir(gw, facturaBody(tenant, carne)).expect(400)).body.error).toBe('validation_failed');
    expect(await folios(33)).toBe(1);
  });

  it('emits the valid note with the first 61 folio', async () => {
    const res = await emitir(gw, nota([{ tipo_doc: '33', folio: '1', fecha: today, codigo: 3 }])).expect(201);
    expect(res.body).toMatchObject({ tipo_dte: 61, folio: 1 });
  });

  it('adds up the credit notes on one document: each may take off only what is left, also when two arrive at once', async () => {
    const original = await emitir(gw, facturaBody(tenant, { detalle: [{ nombre: 'Equipo', cantidad: 1, precio_unitario: 10_000 }] }));
    expect(original.body.montos.total).toBe(11_900);
    const credito = (neto: number) =>
      nota([{ tipo_doc: '33', folio: String(original.body.folio), fecha: today, codigo: 3 }], {
        detalle: [{ nombre: 'Rebaja', cantidad: 1, precio_unitario: neto }],
      });
    const notas = await folios(61);
    // Two notes of 7,140 at once: the document's row is locked while each is judged, so only one fits in 11,900.
    const pair = await Promise.all([emitir(gw, credito(6_000)), emitir(gw, credito(6_000))]);
    expect(pair.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(pair.find((r) => r.status === 422)?.body.error).toBe('referencia_exceeds_original');
    // 4,760 left: 4,761 is refused without taking a folio, 4,760 is emitted, then nothing more.
    expect((await emitir(gw, credito(4_001)).expect(422)).body.detail).toMatch(/at most 4760 may be credited, not 4761/);
    await emitir(gw, credito(4_000)).expect(201);
    expect((await emitir(gw, credito(1)).expect(422)).body.error).toBe('referencia_exceeds_original');
    expect(await folios(61)).toBe(notas + 2);
  });

  it('emits notes on documents issued elsewhere (externo), by another taxpayer (RUTOtr) and global ones (IndGlobal)', async () => {
    const notas = [
      [{ tipo_doc: '33', folio: '999', fecha: '2025-12-01', codigo: 3, externo: true, razon: 'Emitida en el sistema anterior' }],
      [{ tipo_doc: '33', folio: '4711', fecha: '2025-12-01', codigo: 3, rut_otro: '76543210-3' }],
      [{ tipo_doc: '33', folio: '0', fecha: '2025-12-01', codigo: 3, global: true, razon: 'Descuento por volumen del mes' }],
    ];
    const xmls: string[] = [];
    for (const referencias of notas) {
      const res = await emitir(gw, nota(referencias)).expect(201);
      const got = await request(gw.http).get(`/tax/dte/get/${res.body.emision_id}`).set('X-Internal-Key', KEY).expect(200);
      const xml = Buffer.from(got.body.xml_base64, 'base64');
      expect((await xmllintEnvio(xml)).code).toBe(0);
      xmls.push(xml.toString('latin1'));
    }
    expect(xmls[0]).toContain('<TpoDocRef>33</TpoDocRef><FolioRef>999</FolioRef><FchRef>2025-12-01</FchRef><CodRef>3</CodRef>');
    expect(xmls[1]).toContain('<FolioRef>4711</FolioRef><RUTOtr>76543210-3</RUTOtr>');
    expect(xmls[2]).toContain('<TpoDocRef>33</TpoDocRef><IndGlobal>1</IndGlobal><FolioRef>0</FolioRef>');
  });

  it('takes a FolioRef as the XSD does: a purchase order with "/", "." and a space', async () => {
    const referencias = [{ tipo_doc: '801', folio: 'OC 2026/15.A', fecha: today, razon: 'Orden de compra' }];
    const res = await emitir(gw, facturaBody(tenant, { referencias })).expect(201);
    const got = await request(gw.http).get(`/tax/dte/get/${res.body.emision_id}`).set('X-Internal-Key', KEY).expect(200);
    const xml = Buffer.from(got.body.xml_base64, 'base64');
    expect(xml.toString('latin1')).toContain('<TpoDocRef>801</TpoDocRef><FolioRef>OC 2026/15.A</FolioRef>');
    expect((await xmllintEnvio(xml)).code).toBe(0);
    expect((await emitir(gw, facturaBody(tenant, { referencias: [{ ...referencias[0], folio: '   ' }] })).expect(400)).body.error).toBe(
      'validation_failed',
    );
  });

  it('refuses a document dated before its CAF was authorized, without consuming the folio', async () => {
    const other = rut(76_500_200);
    await prepareEmisor(gw, other, 5);
    const yesterday = santiagoDate(new Date(Date.now() - 86_400_000));
    const res = await emitir(gw, facturaBody(other, { fecha_emision: yesterday })).expect(422);
    expect(res.body).toMatchObject({ error: 'fecha_before_caf' });
    expect((await emitir(gw, facturaBody(other)).expect(201)).body.folio).toBe(1);
  });
});
