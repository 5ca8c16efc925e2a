import type { BoletaHonorariosView } from '@lib/contracts';
import { Books, bootWithEmpresa, shutdown } from './support/api';
import { dteXml } from './support/dte-fixtures';
import { emitirFactura, installEmitirStub } from './support/emitir-stub';

// The F29 from the books (docs/accounting.md "F29 from the books"), códigos checked against a case computed by hand: a purchase in
// September leaves a remanente that October readjusts by the registered UTMs; October's sale, purchase, honorarios and PPM.
describe('GET /contable/f29-borrador with its códigos (e2e)', () => {
  let b: Books;
  const TENANT = '76086428-5';
  const f29 = async (periodo = '2026-10') =>
    (await b.api.get(`/contable/f29-borrador?empresa_id=${b.empresaId}&periodo=${periodo}`).expect(200)).body;
  const codigos = (body: { codigos: { codigo: string; valor: number }[] }) =>
    Object.fromEntries(body.codigos.map((c) => [c.codigo, c.valor]));
  const compra = (folio: number, fecha: string, neto: number) =>
    b.api
      .post('/contable/recibir-dte', {
        empresa_id: b.empresaId,
        xml: dteXml({ tipo: 33, folio, fecha, emisor: '78123456-7', receptor: TENANT, neto, iva: neto * 0.19, total: neto * 1.19 }),
      })
      .expect(201);

  beforeAll(async () => {
    b = await bootWithEmpresa(TENANT);
    installEmitirStub(b.gw.server);
    await compra(1, '2026-09-10', 100_000); // IVA CF 19 000, no sale: 077(09) = 19 000
    await emitirFactura(b.api, b.empresaId, { fecha: '2026-10-05', precio: 100_000 }); // IVA DF 19 000
    await compra(2, '2026-10-06', 50_000); // IVA CF 9 500
    const boleta: BoletaHonorariosView = {
      folio: 7,
      rut_emisor: '12345678-5',
      nombre_emisor: 'Juan Pérez Soto',
      fecha: '2026-10-08',
      honorario_bruto: 145_000,
      retencion_receptor: 22_113,
      liquido: 122_887,
      anulada: false,
      sociedad_profesional: false,
      codigo_barras: 'X7',
    };
    b.gw.honorarios.set(`${TENANT}|2026-10`, [boleta]);
    await b.api.post('/contable/honorarios/importar', { empresa_id: b.empresaId, periodo: '2026-10' }).expect(200);
  });

  afterAll(() => shutdown(b));

  it('without the UTMs and a PPM rate: the remanente in pesos, flagged, and no PPM', async () => {
    const body = await f29();
    expect(body).toMatchObject({ remanente_anterior: 19_000, remanente_reajustado: false, tasa_ppm: null, ppm: null });
    expect(codigos(body)).toMatchObject({ '504': 19_000, '537': 28_500, '077': 9_500, '151': 22_113, '091': 22_113 });
    expect(codigos(body)['062']).toBeUndefined();
  });

  it('with the UTMs and the PPM rate: every código as computed by hand', async () => {
    expect((await b.api.put('/contable/utm/2026-10', { valor: 69_000 }).expect(201)).body).toMatchObject({ mes: '2026-10', valor: 69_000 });
    await b.api.put('/contable/utm/2026-11', { valor: 69_500 }).expect(201);
    expect((await b.api.put(`/contable/empresas/${b.empresaId}/tasa-ppm`, { tasa_ppm: '0.25' }).expect(200)).body.tasa_ppm).toBe('0.25');
    const body = await f29();
    // 504: 19 000 filed in October = 0,28 UTM (69 000, two decimals) -> × 69 500 (November, October's filing) = 19 460.
    expect(codigos(body)).toEqual({
      '503': 1,
      '502': 19_000,
      '512': 0,
      '513': 0,
      '509': 0,
      '510': 0,
      '538': 19_000,
      '519': 1,
      '520': 9_500,
      '531': 0,
      '532': 0,
      '527': 0,
      '528': 0,
      '504': 19_460,
      '537': 28_960,
      '089': 0,
      '077': 9_960,
      '048': 0,
      '151': 22_113,
      '563': 100_000,
      '115': 0.25,
      '062': 250,
      '595': 22_363,
      '091': 22_363,
    });
    expect(body).toMatchObject({
      remanente_reajustado: true,
      cuadra_con_documentos: true,
      total_a_pagar: 22_363,
      iva_a_pagar: 0,
      remanente_siguiente: 9_960,
    });
    const csv = await b.api.get(`/contable/f29-borrador?empresa_id=${b.empresaId}&periodo=2026-10`).set('accept', 'text/csv').expect(200);
    expect(csv.text).toContain('codigo_091,22363');
  });

  it('refuses a bad PPM rate, UTM or month with 400 and changes nothing', async () => {
    for (const tasa_ppm of ['-1', '100.5', '0.1234', 'abc', '1e2']) {
      expect((await b.api.put(`/contable/empresas/${b.empresaId}/tasa-ppm`, { tasa_ppm }).expect(400)).body.error).toBe(
        'validation_failed',
      );
    }
    expect((await b.api.put('/contable/utm/2026-13', { valor: 1 }).expect(400)).body.error).toBe('validation_failed');
    expect((await b.api.put('/contable/utm/2026-12', { valor: 0 }).expect(400)).body.error).toBe('validation_failed');
    expect((await b.api.get(`/contable/empresas/${b.empresaId}`).expect(200)).body.tasa_ppm).toBe('0.25');
    expect((await b.api.get('/contable/utm').expect(200)).body.items.map((u: { mes: string }) => u.mes)).toEqual(['2026-10', '2026-11']);
    expect((await b.api.get(`/contable/f29-borrador?empresa_id=${b.empresaId}&periodo=2026`).expect(400)).body.error).toBe(
      'validation_failed',
    );
  });
});
