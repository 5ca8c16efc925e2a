import { DataSource } from 'typeorm';
import { santiagoDate } from '@lib/dte';
import { Gateway, emitir, facturaBody, registerEmisor, rut, simCaf, startGateway, uploadCaf } from './support/harness';

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
    gw = await startGateway();
    await registerEmisor(gw, tenant).expect(200);
    await uploadCaf(gw, tenant, await simCaf(gw, tenant, 33, 1, 10)).expect(201);
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
      'anulacion_monto_distinto',
    ],
    ['a note without CodRef', [{ tipo_doc: '33', folio: '1', fecha: today }], {}, 'codref_required'],
  ])('refuses %s with 422 and takes no folio', async (_what, referencias, overrides, error) => {
    const res = await emitir(gw, nota(referencias, overrides)).expect(422);
    expect(res.body.error).toBe(error);
    expect(await folios(61)).toBe(0);
  });

  it('refuses a 33 with only exempt lines and a 33 dated tomorrow', async () => {
    const exenta = { detalle: [{ nombre: 'Curso', cantidad: 1, precio_unitario: 5_000, exento: true }] };
    expect((await emitir(gw, facturaBody(tenant, exenta)).expect(422)).body.error).toBe('all_lines_exempt');
    const tomorrow = santiagoDate(new Date(Date.now() + 86_400_000));
    expect((await emitir(gw, facturaBody(tenant, { fecha_emision: tomorrow })).expect(422)).body.error).toBe('fecha_emision_future');
    expect(await folios(33)).toBe(1);
  });

  it('emits the valid note with the first 61 folio', async () => {
    const res = await emitir(gw, nota([{ tipo_doc: '33', folio: '1', fecha: today, codigo: 3 }])).expect(201);
    expect(res.body).toMatchObject({ tipo_dte: 61, folio: 1 });
  });

  it('refuses a document dated before its CAF was authorized, without consuming the folio', async () => {
    const other = rut(76_500_200);
    await registerEmisor(gw, other).expect(200);
    await uploadCaf(gw, other, await simCaf(gw, other, 33, 1, 5)).expect(201);
    const yesterday = santiagoDate(new Date(Date.now() - 86_400_000));
    const res = await emitir(gw, facturaBody(other, { fecha_emision: yesterday })).expect(422);
    expect(res.body).toMatchObject({ error: 'fecha_before_caf' });
    expect((await emitir(gw, facturaBody(other)).expect(201)).body.folio).toBe(1);
  });
});
