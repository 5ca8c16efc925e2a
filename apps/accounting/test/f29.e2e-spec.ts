import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

    // The PDF, read back by an independent tool (poppler's pdftotext).
    const pdf = await b.api
      .get(`/contable/f29-borrador?empresa_id=${b.empresaId}&periodo=2026-10`)
      .set('accept', 'application/pdf')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'f29-'));
    writeFileSync(join(dir, 'f29.pdf'), pdf.body as Buffer);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'f29.pdf'), '-'], { encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    expect(text).toContain('Borrador del Formulario 29 · período 2026-10');
    expect(text).toMatch(/091\s+Total a pagar dentro del plazo legal\s+\$22\.363/);
    expect(text).toMatch(/504\s+Remanente de crédito fiscal del mes anterior\s+\$19\.460/);
    expect(text).toMatch(/115\s+Tasa PPM \(%\)\s+0,25 %/);
  });

  it('shows the F29 the SII has on record beside the draft, each differing código marked', async () => {
    b.gw.f29.set(TENANT, [
      { periodo: '2026-09', declarada: true, formulario: '29', campos: { '538': '0' } },
      {
        periodo: '2026-10',
        declarada: true,
        formulario: '29',
        campos: {
          '03': TENANT,
          '502': '19000',
          '538': '19000',
          '520': '9500',
          '537': '28960',
          '77': '9960',
          '151': '22113',
          '062': '250',
          '91': '20000',
        },
      },
    ]);
    const res = await b.api.get(`/contable/f29-comparacion?empresa_id=${b.empresaId}&periodo=2026-10`).expect(200);
    const por = Object.fromEntries(res.body.codigos.map((c: { codigo: string }) => [c.codigo, c]));
    expect(res.body).toMatchObject({ periodo: '2026-10', declarada: true, formulario: '29' });
    expect(por['538']).toMatchObject({ libros: 19_000, sii: 19_000, difiere: false });
    expect(por['077']).toMatchObject({ libros: 9_960, sii: 9_960, difiere: false }); // the SII writes 77
    expect(por['091']).toMatchObject({ libros: 22_363, sii: 20_000, difiere: true });
    expect(por['503']).toMatchObject({ libros: 1, sii: null, difiere: true }); // not in the SII's form: declared as nothing
    expect(por['048']).toMatchObject({ libros: 0, sii: null, difiere: false });
    expect(res.body.codigos.filter((c: { difiere: boolean }) => c.difiere).map((c: { codigo: string }) => c.codigo)).toEqual([
      '503',
      '519',
      '504',
      '563',
      '115',
      '595',
      '091',
    ]);
    expect(res.body.diferencias).toBe(7);

    b.gw.f29.set(TENANT, []);
    const sin = await b.api.get(`/contable/f29-comparacion?empresa_id=${b.empresaId}&periodo=2026-10`).expect(200);
    expect(sin.body).toMatchObject({ declarada: false, formulario: null, diferencias: 0 });
    b.gw.down = true;
    try {
      expect((await b.api.get(`/contable/f29-comparacion?empresa_id=${b.empresaId}&periodo=2026-10`).expect(503)).body.error).toBe(
        'gateway_unavailable',
      );
    } finally {
      b.gw.down = false;
    }
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
