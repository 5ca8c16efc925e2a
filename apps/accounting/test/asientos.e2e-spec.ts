import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { bootWithEmpresa, client, count, shutdown } from './support/api';
import { GatewayStub } from './support/gateway-stub';

const line = (cuenta: string, debe: number, haber: number) => ({ cuenta, debe, haber });

describe('accounting: entries, ledger guards, periods, chart, idempotency (e2e, real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let gw: GatewayStub;
  let api: ReturnType<typeof client>;
  let ds: DataSource;
  let empresaId: string;

  const asiento = (body: object, headers: Record<string, string> = {}) => {
    const req = api.post('/contable/asientos', { empresa_id: empresaId, ...body });
    for (const [k, v] of Object.entries(headers)) req.set(k, v);
    return req;
  };
  const capital = (fecha: string, monto: number) =>
    asiento({ fecha, glosa: 'Aporte de capital', lineas: [line('1.2', monto, 0), line('3.1', 0, monto)] });

  /** Runs statements in one transaction with plain SQL and commits. */
  async function sqlTransaction(statements: [string, unknown[]][]): Promise<void> {
    const qr = ds.createQueryRunner();
    await qr.connect();
    await qr.startTransaction();
    try {
      for (const [sql, params] of statements) await qr.query(sql, params);
      await qr.commitTransaction();
    } catch (e) {
      if (qr.isTransactionActive) await qr.rollbackTransaction();
      throw e;
    } finally {
      await qr.release();
    }
  }

  beforeAll(async () => {
    ({ app, gw, api, ds, empresaId } = await bootWithEmpresa());
  });

  afterAll(() => shutdown({ app, gw }));

  it('posts a balanced entry with a correlative number', async () => {
    const res = await asiento({
      fecha: '2025-02-03',
      glosa: 'Compra con IVA',
      lineas: [line('5.2', 100000, 0), line('1.4', 19000, 0), { cuenta: '1.2', haber: 119000, glosa: 'transferencia' }],
    }).expect(201);
    expect(res.body).toMatchObject({ numero: 1, fecha: '2025-02-03', origen: 'manual', total_debe: 119000, total_haber: 119000 });
    expect(res.body.lineas[2]).toEqual({ linea: 3, cuenta: '1.2', cuenta_nombre: 'Banco', debe: 0, haber: 119000, glosa: 'transferencia' });
  });

  it('refuses an unbalanced entry with 422 unbalanced_entry and both sums, writing nothing', async () => {
    const before = await count(app, 'asiento');
    const res = await asiento({ fecha: '2025-02-03', glosa: 'x', lineas: [line('1.1', 1000, 0), line('4.1', 0, 900)] }).expect(422);
    expect(res.body).toMatchObject({ error: 'unbalanced_entry', sumas_debe: 1000, sumas_haber: 900 });
    expect(await count(app, 'asiento')).toBe(before);
  });

  it.each([
    ['a line with both sides', [line('1.1', 5, 5), line('4.1', 0, 0)], 400, 'validation_failed'],
    ['a single line', [line('1.1', 5, 0)], 400, 'validation_failed'],
    ['fractional pesos', [line('1.1', 5.5, 0), line('4.1', 0, 5.5)], 400, 'validation_failed'],
    ['an unknown account', [line('9.9', 5, 0), line('4.1', 0, 5)], 422, 'unknown_account'],
    ['a group account', [line('1', 5, 0), line('4.1', 0, 5)], 422, 'account_not_postable'],
  ])('refuses %s', async (_name, lineas, status, error) => {
    const res = await asiento({ fecha: '2025-02-03', glosa: 'x', lineas }).expect(status);
    expect(res.body.error).toBe(error);
  });

  describe('database guards (plain SQL)', () => {
    const cuentaId = async (codigo: string) =>
      (await ds.query('SELECT id FROM cuenta WHERE empresa_id = $1 AND codigo = $2', [empresaId, codigo]))[0].id as string;

    async function insertEntry(numero: number, debe: number, haber: number, fecha = '2025-02-10') {
      const [caja, ventas] = [await cuentaId('1.1'), await cuentaId('4.1')];
      const id = (await ds.query('SELECT gen_random_uuid() AS id'))[0].id;
      return sqlTransaction([
        [
          `INSERT INTO asiento (id, empresa_id, numero, fecha, glosa, origen, created_by) VALUES ($1, $2, $3, $4, 'sql', 'manual', 'test')`,
          [id, empresaId, numero, fecha],
        ],
        [
          'INSERT INTO linea_asiento (asiento_id, empresa_id, linea, cuenta_id, debe) VALUES ($1, $2, 1, $3, $4)',
          [id, empresaId, caja, debe],
        ],
        [
          'INSERT INTO linea_asiento (asiento_id, empresa_id, linea, cuenta_id, haber) VALUES ($1, $2, 2, $3, $4)',
          [id, empresaId, ventas, haber],
        ],
      ]);
    }

    it('the deferred constraint trigger rejects an unbalanced entry at COMMIT, not before', async () => {
      await expect(insertEntry(9001, 100, 90)).rejects.toMatchObject({
        driverError: expect.objectContaining({ constraint: 'asiento_balanceado' }),
      });
      expect((await ds.query('SELECT count(*)::int AS n FROM asiento WHERE numero = 9001'))[0].n).toBe(0);
      await insertEntry(9002, 100, 100); // the same statements, balanced, commit
      expect((await ds.query('SELECT count(*)::int AS n FROM asiento WHERE numero = 9002'))[0].n).toBe(1);
    });

    it('an entry without lines is rejected at commit too', async () => {
      await expect(
        sqlTransaction([
          [
            `INSERT INTO asiento (empresa_id, numero, fecha, glosa, origen, created_by) VALUES ($1, 9003, '2025-02-10', 'sql', 'manual', 'test')`,
            [empresaId],
          ],
        ]),
      ).rejects.toMatchObject({ driverError: expect.objectContaining({ constraint: 'asiento_balanceado' }) });
    });

    it.each([
      ['UPDATE of a line', 'UPDATE linea_asiento SET debe = debe + 1 WHERE empresa_id = $1 AND debe > 0'],
      ['DELETE of a line', 'DELETE FROM linea_asiento WHERE empresa_id = $1'],
      ['UPDATE of an entry', "UPDATE asiento SET glosa = 'changed' WHERE empresa_id = $1"],
      ['DELETE of an entry', 'DELETE FROM asiento WHERE empresa_id = $1'],
    ])('posted entries are immutable: %s is refused', async (_name, sql) => {
      await expect(ds.query(sql, [empresaId])).rejects.toMatchObject({
        driverError: expect.objectContaining({ constraint: 'asiento_inmutable' }),
      });
    });

    it('TRUNCATE of the ledger is refused', async () => {
      await expect(ds.query('TRUNCATE linea_asiento')).rejects.toMatchObject({
        driverError: expect.objectContaining({ constraint: 'asiento_inmutable' }),
      });
    });
  });

  describe('reversal', () => {
    it('posts the opposite entry pointing back, once', async () => {
      const original = (await capital('2025-03-01', 5000000).expect(201)).body;
      const rev = await api.post(`/contable/asientos/${original.id}/reversa`, { empresa_id: empresaId }).expect(201);
      expect(rev.body).toMatchObject({ origen: 'reversa', reversa_de: original.id, fecha: '2025-03-01', numero: original.numero + 1 });
      expect(rev.body.lineas.map((l: Record<string, unknown>) => [l.cuenta, l.debe, l.haber])).toEqual([
        ['1.2', 0, 5000000],
        ['3.1', 5000000, 0],
      ]);
      expect((await api.get(`/contable/asientos/${original.id}`).expect(200)).body.reversado_por).toBe(rev.body.id);
      const again = await api.post(`/contable/asientos/${original.id}/reversa`, {}).expect(409);
      expect(again.body.error).toBe('already_reversed');
    });

    it('answers 404 for an entry of another empresa', async () => {
      const original = (await capital('2025-03-02', 10).expect(201)).body;
      await api.post(`/contable/asientos/${original.id}/reversa`, { empresa_id: '00000000-0000-4000-8000-000000000000' }).expect(404);
    });
  });

  describe('closed periods', () => {
    let enero: string;

    beforeAll(async () => {
      enero = (await capital('2025-01-15', 1000).expect(201)).body.id;
      const res = await api.post('/contable/periodos/2025-01/cerrar', { empresa_id: empresaId }).expect(201);
      expect(res.body).toMatchObject({ periodo: '2025-01', cerrado_por: 'admin' });
    });

    it('refuses entries dated in a closed period with 409 period_closed', async () => {
      const res = await capital('2025-01-31', 1000).expect(409);
      expect(res.body).toMatchObject({ error: 'period_closed', periodo: '2025-01' });
      await capital('2025-02-01', 1000).expect(201);
    });

    it('a reversal of a closed-period entry needs a date in an open period', async () => {
      expect((await api.post(`/contable/asientos/${enero}/reversa`, {}).expect(409)).body.error).toBe('period_closed');
      await api.post(`/contable/asientos/${enero}/reversa`, { fecha: '2025-02-01' }).expect(201);
    });

    it('closing twice is a 409, a bad periodo a 400, and the closed list shows it', async () => {
      expect((await api.post('/contable/periodos/2025-01/cerrar', { empresa_id: empresaId }).expect(409)).body.error).toBe(
        'period_already_closed',
      );
      await api.post('/contable/periodos/2025-13/cerrar', { empresa_id: empresaId }).expect(400);
      const list = await api.get(`/contable/periodos?empresa_id=${empresaId}`).expect(200);
      expect(list.body.cerrados.map((p: { periodo: string }) => p.periodo)).toEqual(['2025-01']);
    });

    it('the database refuses a plain-SQL entry in a closed period', async () => {
      await expect(
        ds.query(
          `INSERT INTO asiento (empresa_id, numero, fecha, glosa, origen, created_by) VALUES ($1, 9100, '2025-01-20', 'sql', 'manual', 'test')`,
          [empresaId],
        ),
      ).rejects.toMatchObject({ driverError: expect.objectContaining({ constraint: 'asiento_periodo_abierto' }) });
    });
  });

  describe('chart of accounts', () => {
    const cuenta = (codigo: string, nombre = `Cuenta ${codigo}`) =>
      api.post('/contable/plan-cuentas', { empresa_id: empresaId, codigo, nombre });

    it('adds accounts down to level 5 and refuses a sixth level with 422', async () => {
      const levels = ['5.3', '5.3.1', '5.3.1.1', '5.3.1.1.1'];
      for (const [i, codigo] of levels.entries()) {
        const res = await cuenta(codigo).expect(201);
        expect(res.body).toMatchObject({
          codigo,
          nivel: i + 2,
          tipo: 'gasto',
          imputable: true,
          parent: codigo.split('.').slice(0, -1).join('.'),
        });
      }
      const res = await cuenta('5.3.1.1.1.1').expect(422);
      expect(res.body.error).toBe('max_depth_exceeded');
      const chart = (await api.get(`/contable/plan-cuentas?empresa_id=${empresaId}`).expect(200)).body.cuentas;
      expect(chart).toHaveLength(22);
      expect(chart.find((c: { codigo: string }) => c.codigo === '5.3.1').imputable).toBe(false);
    });

    it('only leaves take postings; codes are unique; accounts with postings or automatic bookings keep no children', async () => {
      expect(
        (await asiento({ fecha: '2025-02-05', glosa: 'x', lineas: [line('5.3.1', 10, 0), line('1.1', 0, 10)] }).expect(422)).body.error,
      ).toBe('account_not_postable');
      await asiento({ fecha: '2025-02-05', glosa: 'x', lineas: [line('5.3.1.1.1', 10, 0), line('1.1', 0, 10)] }).expect(201);
      expect((await cuenta('5.3.1').expect(409)).body.error).toBe('codigo_taken');
      expect((await cuenta('1.1.1').expect(409)).body.error).toBe('account_has_postings');
      expect((await cuenta('2.1.1').expect(409)).body.error).toBe('system_account');
      expect((await cuenta('7.1').expect(422)).body.error).toBe('parent_not_found');
    });
  });

  describe('Idempotency-Key', () => {
    const body = { fecha: '2025-04-01', glosa: 'Venta al contado', lineas: [line('1.1', 2000, 0), line('4.1', 0, 2000)] };

    it('a retry with the same key and body gets the first answer; another body gets 409', async () => {
      const first = await asiento(body, { 'Idempotency-Key': 'venta-0001' }).expect(201);
      const before = await count(app, 'asiento');
      const retry = await asiento(body, { 'Idempotency-Key': 'venta-0001' }).expect(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toEqual(first.body);
      expect(await count(app, 'asiento')).toBe(before);
      const other = await asiento({ ...body, glosa: 'otra' }, { 'Idempotency-Key': 'venta-0001' }).expect(409);
      expect(other.body.error).toBe('idempotency_key_reused');
    });

    it('two identical requests at once apply once', async () => {
      const before = await count(app, 'asiento');
      const [a, b] = await Promise.all([
        asiento(body, { 'Idempotency-Key': 'venta-0002' }),
        asiento(body, { 'Idempotency-Key': 'venta-0002' }),
      ]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(a.body.id).toBe(b.body.id);
      expect(await count(app, 'asiento')).toBe(before + 1);
    });
  });

  it('numbers stay correlative without gaps under concurrent posting (failures give their number back)', async () => {
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => (i % 4 === 3 ? capital('2025-01-10', 10) : capital('2025-05-10', 10 + i))),
    );
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    const numeros: number[] = (
      await ds.query('SELECT numero FROM asiento WHERE empresa_id = $1 AND numero < 9000 ORDER BY numero', [empresaId])
    ).map((r: { numero: number }) => r.numero);
    expect(numeros).toEqual(Array.from({ length: numeros.length }, (_, i) => i + 1));
  });

  it('every operation leaves an audit record: caller, action, entity, id, time, input hash', async () => {
    const res = await api.get(`/contable/auditoria?empresa_id=${empresaId}&limit=1000`).expect(200);
    const registros = res.body.registros as Record<string, unknown>[];
    const ids = registros.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a)); // newest first, numerically
    const created = registros.filter((r) => r.accion === 'crear_asiento' && r.resultado === 'ok');
    expect(created.length).toBeGreaterThanOrEqual(10);
    expect(created[0]).toEqual({
      id: expect.any(Number),
      empresa_id: empresaId,
      caller: 'admin',
      accion: 'crear_asiento',
      entidad: 'asiento',
      entidad_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      resultado: 'ok',
      input_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(registros.some((r) => r.accion === 'crear_asiento' && r.resultado === 'unbalanced_entry')).toBe(true);
    expect(registros.some((r) => r.accion === 'crear_asiento' && r.resultado === 'replayed')).toBe(true);
    expect(registros.some((r) => r.accion === 'cerrar_periodo' && r.entidad_id === '2025-01')).toBe(true);
    expect(registros.some((r) => r.accion === 'crear_empresa')).toBe(true);
    const page = await api.get(`/contable/auditoria?empresa_id=${empresaId}&limit=2&before=${registros[1].id}`).expect(200);
    expect(page.body.registros.map((r: { id: number }) => r.id)).toEqual([registros[2].id, registros[3].id]);
  });
});
