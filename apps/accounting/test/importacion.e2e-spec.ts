import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ADMIN_KEY, bootWithEmpresa, client, shutdown } from './support/api';
import { GatewayStub } from './support/gateway-stub';

const HEADER = 'comprobante,fecha,cuenta,glosa,debe,haber';
const csv = (...lines: string[]) => [HEADER, ...lines].join('\n') + '\n';

describe('accounting: CSV import (e2e, real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let gw: GatewayStub;
  let api: ReturnType<typeof client>;
  let ds: DataSource;
  let empresaId: string;

  const upload = (content: string | Buffer, empresa: string | null = empresaId, headers: Record<string, string> = {}) => {
    const req = request(app.getHttpServer()).post('/contable/importacion').set('X-Internal-Key', ADMIN_KEY);
    for (const [k, v] of Object.entries(headers)) req.set(k, v);
    if (empresa !== null) req.field('empresa_id', empresa);
    return req.attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), {
      filename: 'libro.csv',
      contentType: 'text/csv',
    });
  };

  /** Everything an import could write (the audit trail aside). */
  async function books() {
    const [row] = await ds.query(
      `SELECT (SELECT count(*)::int FROM asiento) AS asientos, (SELECT count(*)::int FROM linea_asiento) AS lineas,
              (SELECT count(*)::int FROM idempotencia) AS claves,
              (SELECT ultimo_numero_asiento FROM empresa WHERE id = $1) AS ultimo`,
      [empresaId],
    );
    return row as { asientos: number; lineas: number; claves: number; ultimo: number };
  }

  /** Uploads a bad file: 422 import_invalid, nothing written, the refusal audited. Returns the errors. */
  async function refused(content: string | Buffer) {
    const before = await books();
    const res = await upload(content).expect(422);
    expect(res.body).toMatchObject({ error: 'import_invalid', status: 422 });
    expect(await books()).toEqual(before);
    const [audit] = await ds.query(
      `SELECT empresa_id, resultado FROM auditoria WHERE accion = 'importar_asientos' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toEqual({ empresa_id: empresaId, resultado: 'import_invalid' });
    return res.body.errors as { line: number; field: string; message: string }[];
  }

  beforeAll(async () => {
    ({ app, gw, api, ds, empresaId } = await bootWithEmpresa());
  });

  afterAll(() => shutdown({ app, gw }));

  it('imports a small valid file as entries numbered after the existing ones, ordered by date, and the balance shows them', async () => {
    await api
      .post('/contable/asientos', {
        empresa_id: empresaId,
        fecha: '2025-01-02',
        glosa: 'Aporte',
        lineas: [
          { cuenta: '1.2', debe: 1000000 },
          { cuenta: '3.1', haber: 1000000 },
        ],
      })
      .expect(201);
    const file = csv(
      'V-2,2025-02-10,1.3,Venta factura 15,119000,',
      'V-2,2025-02-10,4.1,,,100000',
      'V-2,2025-02-10,2.2,IVA,0,19000',
      'A-1,2025-01-05,1.1,"Apertura de caja, efectivo",50000,0',
      'A-1,2025-01-05,1.2,Retiro,0,50000',
      '',
      'G-3,2025-03-01,5.2,Arriendo marzo,300000,0',
      'G-3,2025-03-01,1.2,,0,300000',
    );
    const res = await upload(file).expect(201);
    expect(res.body).toEqual({
      empresa_id: empresaId,
      comprobantes: 3,
      lineas: 7,
      asientos: [2, 4],
      archivo_sha256: createHash('sha256').update(file).digest('hex'),
    });
    const diario = (await api.get(`/contable/libro-diario?empresa_id=${empresaId}&periodo=2025`).expect(200)).body;
    expect(diario.asientos.map((a: { numero: number; glosa: string }) => [a.numero, a.glosa])).toEqual([
      [1, 'Aporte'],
      [2, 'Comprobante A-1: Apertura de caja, efectivo'],
      [3, 'Comprobante V-2: Venta factura 15'],
      [4, 'Comprobante G-3: Arriendo marzo'],
    ]);
    const [origen] = await ds.query(`SELECT count(*)::int AS n FROM asiento WHERE origen = 'importacion' AND created_by = 'admin'`);
    expect(origen.n).toBe(3);

    const b = (await api.get(`/contable/balance?empresa_id=${empresaId}&periodo=2025-03`).expect(200)).body;
    const fila = (codigo: string) => b.filas.find((f: { codigo: string }) => f.codigo === codigo);
    expect(fila('1.2')).toMatchObject({ sumas_debe: 1000000, sumas_haber: 350000, saldo_deudor: 650000 });
    expect(fila('1.3')).toMatchObject({ sumas_debe: 119000, saldo_deudor: 119000 });
    expect(fila('4.1')).toMatchObject({ sumas_haber: 100000, ganancias: 100000 });
    expect(b.totales.sumas_debe).toBe(1000000 + 119000 + 50000 + 300000);
    expect(b.resultado_ejercicio).toBe(100000 - 300000);
    expect(b.cuadratura).toEqual({ sumas: true, saldos: true, inventario_resultado: true });

    // The next manual entry continues the same correlative.
    const next = await api
      .post('/contable/asientos', {
        empresa_id: empresaId,
        fecha: '2025-03-05',
        glosa: 'Siguiente',
        lineas: [
          { cuenta: '1.1', debe: 10 },
          { cuenta: '4.2', haber: 10 },
        ],
      })
      .expect(201);
    expect(next.body.numero).toBe(5);

    const { registros } = (await api.get(`/contable/auditoria?empresa_id=${empresaId}&limit=10`).expect(200)).body;
    expect(registros).toContainEqual(
      expect.objectContaining({
        accion: 'importar_asientos',
        entidad: 'importacion',
        resultado: 'ok',
        caller: 'admin',
        entidad_id: res.body.archivo_sha256,
      }),
    );
  });

  it('accepts a ; separated file with a BOM and CRLF, and replays an Idempotency-Key retry', async () => {
    const file = '\uFEFFComprobante;Fecha;Cuenta;Glosa;Debe;Haber\r\nK-1;2025-04-01;1.1;Depósito;2500;\r\nK-1;2025-04-01;4.2;;;2500\r\n';
    const first = await upload(file, empresaId, { 'Idempotency-Key': 'import-k1' }).expect(201);
    expect(first.body).toMatchObject({ comprobantes: 1, lineas: 2, asientos: [6, 6] });
    const before = await books();
    const again = await upload(file, empresaId, { 'Idempotency-Key': 'import-k1' }).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await books()).toEqual(before);
    const [line] = await ds.query(
      `SELECT l.glosa FROM linea_asiento l JOIN asiento a ON a.id = l.asiento_id WHERE a.numero = 6 AND l.linea = 1`,
    );
    expect(line.glosa).toBe('Depósito');
  });

  it('refuses an unbalanced comprobante, naming its first line and both sums', async () => {
    const errors = await refused(
      csv('B-1,2025-05-02,1.1,ok,100,', 'B-1,2025-05-02,4.1,,,100', 'B-2,2025-05-03,1.1,x,1000,', 'B-2,2025-05-03,4.1,,,900'),
    );
    expect(errors).toEqual([
      { line: 4, field: 'comprobante', message: expect.stringContaining('B-2 does not balance: debe 1000, haber 900 (lines 4, 5)') },
    ]);
  });

  it('refuses unknown and group accounts with the line of each', async () => {
    const errors = await refused(
      csv('U-1,2025-05-02,9.9,x,100,', 'U-1,2025-05-02,4.1,,,100', 'U-2,2025-05-02,1,x,5,', 'U-2,2025-05-02,1.9,,,5'),
    );
    expect(errors).toEqual([
      { line: 2, field: 'cuenta', message: expect.stringContaining('unknown account 9.9') },
      { line: 4, field: 'cuenta', message: expect.stringContaining('account 1 has sub-accounts') },
      { line: 5, field: 'cuenta', message: expect.stringContaining('unknown account 1.9') },
    ]);
  });

  it('refuses bad dates, and two dates in one comprobante', async () => {
    const errors = await refused(
      csv(
        'D-1,2025-02-30,1.1,x,100,',
        'D-1,2025-02-30,4.1,,,100',
        'D-2,05/03/2025,1.1,x,1,',
        'D-2,2025-03-05,4.1,,,1',
        'D-3,2025-03-05,1.1,,1,',
        'D-3,2025-03-06,4.1,,,1',
      ),
    );
    expect(errors).toEqual([
      { line: 2, field: 'fecha', message: expect.stringContaining('"2025-02-30" is not a calendar date') },
      { line: 3, field: 'fecha', message: expect.any(String) },
      { line: 4, field: 'fecha', message: expect.stringContaining('"05/03/2025"') },
      { line: 7, field: 'fecha', message: expect.stringContaining('D-3 is dated 2025-03-05 on line 6') },
    ]);
  });

  it('refuses a line with both sides, and a line with none', async () => {
    const errors = await refused(
      csv('S-1,2025-05-02,1.1,x,100,100', 'S-1,2025-05-02,4.1,,,100', 'S-2,2025-05-02,1.1,,0,0', 'S-2,2025-05-02,4.1,,,0'),
    );
    expect(errors).toEqual([
      { line: 2, field: 'haber', message: 'both debe and haber are positive; a line has exactly one side' },
      { line: 4, field: 'debe', message: expect.stringContaining('both zero') },
      { line: 5, field: 'debe', message: expect.stringContaining('both zero') },
    ]);
  });

  it('refuses non-integer, negative and formatted amounts', async () => {
    const errors = await refused(
      csv('M-1,2025-05-02,1.1,x,100.5,', 'M-1,2025-05-02,4.1,,,"100,5"', 'M-2,2025-05-02,1.1,,-5,', 'M-2,2025-05-02,4.1,,,1.000'),
    );
    expect(errors.map((e) => [e.line, e.field])).toEqual([
      [2, 'debe'],
      [3, 'haber'],
      [4, 'debe'],
      [5, 'haber'],
    ]);
    expect(errors[0].message).toContain('"100.5" is not whole pesos');
  });

  it('refuses entries dated in a closed period', async () => {
    await api.post('/contable/periodos/2024-12/cerrar', { empresa_id: empresaId }).expect(201);
    const errors = await refused(
      csv('P-1,2025-05-02,1.1,x,100,', 'P-1,2025-05-02,4.1,,,100', 'P-2,2024-12-31,1.1,cierre,7,', 'P-2,2024-12-31,4.1,,,7'),
    );
    expect(errors).toEqual([{ line: 4, field: 'fecha', message: 'period 2024-12 is closed (comprobante P-2)' }]);
  });

  it('refuses a wrong header at line 1', async () => {
    const errors = await refused('comprobante,fecha,cuenta,debe,haber\nX-1,2025-05-02,1.1,100,\n');
    expect(errors).toEqual([
      { line: 1, field: 'header', message: expect.stringContaining('expected the header comprobante,fecha,cuenta,glosa,debe,haber') },
    ]);
  });

  it('refuses an empty file and a file with only the header', async () => {
    expect(await refused('')).toEqual([{ line: 1, field: 'file', message: expect.stringContaining('the file is empty') }]);
    expect(await refused(`${HEADER}\n`)).toEqual([{ line: 2, field: 'file', message: 'the file has a header but no data lines' }]);
  });

  it('refuses wrong column counts and CSV syntax errors with their lines', async () => {
    expect(await refused(csv('C-1,2025-05-02,1.1,x,100', 'C-1,2025-05-02,4.1,,,100'))).toEqual([
      { line: 2, field: 'row', message: expect.stringContaining('got 5') },
    ]);
    const errors = await refused(csv('Q-1,2025-05-02,1.1,x,100,', 'Q-1,2025-05-02,4.1,"bad"quote,,100'));
    expect(errors).toEqual([{ line: 3, field: 'file', message: expect.stringContaining('CSV syntax') }]);
  });

  it('lists the first 100 problems by line and counts them all', async () => {
    const lines = Array.from({ length: 150 }, (_, i) => `E-${i},2025-05-02,1.1,x,abc,`);
    const before = await books();
    const res = await upload(csv(...lines)).expect(422);
    expect(res.body).toMatchObject({ error: 'import_invalid', errors_total: 150, errors_listed: 100 });
    expect(res.body.errors).toHaveLength(100);
    expect(res.body.errors[0]).toMatchObject({ line: 2, field: 'debe' });
    expect(res.body.errors[99]).toMatchObject({ line: 101, field: 'debe' });
    expect(await books()).toEqual(before);
  });

  it('answers 400 without empresa_id or file, and 404 for an unknown empresa, writing nothing', async () => {
    const before = await books();
    const noEmpresa = await upload(csv('N-1,2025-05-02,1.1,x,1,', 'N-1,2025-05-02,4.1,,,1'), null).expect(400);
    expect(noEmpresa.body.errors).toEqual([{ field: 'empresa_id', message: 'empresa_id must be a UUID' }]);
    const noFile = await request(app.getHttpServer())
      .post('/contable/importacion')
      .set('X-Internal-Key', ADMIN_KEY)
      .field('empresa_id', empresaId)
      .expect(400);
    expect(noFile.body.errors).toEqual([{ field: 'file', message: 'file is required' }]);
    await upload(csv('N-1,2025-05-02,1.1,x,1,', 'N-1,2025-05-02,4.1,,,1'), '00000000-0000-4000-8000-000000000000').expect(404);
    await api.post('/contable/importacion', { empresa_id: empresaId }).expect(400);
    expect(await books()).toEqual(before);
  });
});
