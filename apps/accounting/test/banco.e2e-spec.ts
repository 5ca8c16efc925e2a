import type { MovimientoView } from '@lib/contracts';
import { Books, bootWithEmpresa, count, shutdown } from './support/api';
import { dteXml } from './support/dte-fixtures';
import { emitirFactura, installEmitirStub } from './support/emitir-stub';

// Bank reconciliation (docs/accounting.md "Bank reconciliation") against the gateway's GET /banco/movimientos contract (msw), on real
// PostgreSQL: suggestions with their reasons, a cobranza and a pago posted once, the refusals.
describe('bank reconciliation (e2e)', () => {
  let b: Books;
  const TENANT = '76086428-5';
  const AROMOS = '76543210-3';
  const ROBLE = '78123456-7';
  let venta: { id: string; folio: number };
  let compraId: string;
  const mov = (id: string, monto: number, fecha: string, descripcion: string, rut: string | null = null): MovimientoView => ({
    id,
    proveedor: 'fintoc',
    cuenta: 'acc_1',
    monto,
    moneda: 'CLP',
    fecha,
    descripcion,
    tipo: 'transfer',
    referencia: null,
    contraparte: rut ? { rut, nombre: null, institucion: null } : null,
    first_seen_at: `${fecha}T12:00:00.000Z`,
  });
  const sugerencias = () => b.api.get(`/contable/banco/sugerencias?empresa_id=${b.empresaId}&desde=2026-10-01&hasta=2026-10-31`);
  const conciliar = (body: object) => b.api.post('/contable/banco/conciliar', { empresa_id: b.empresaId, ...body });
  const lineas = async (asientoId: string) =>
    (await b.api.get(`/contable/asientos/${asientoId}`).expect(200)).body.lineas.map(
      (l: { cuenta_nombre: string; debe: number; haber: number }) => `${l.cuenta_nombre} ${l.debe} ${l.haber}`,
    );
  const written = async () => [await count(b.app, 'asiento'), await count(b.app, 'conciliacion_bancaria')];

  beforeAll(async () => {
    b = await bootWithEmpresa(TENANT);
    installEmitirStub(b.gw.server);
    venta = await emitirFactura(b.api, b.empresaId, { fecha: '2026-10-05', precio: 100_000 });
    const xml = dteXml({
      tipo: 33,
      folio: 555,
      fecha: '2026-10-06',
      emisor: ROBLE,
      receptor: TENANT,
      neto: 50_000,
      iva: 9_500,
      total: 59_500,
    });
    compraId = (await b.api.post('/contable/recibir-dte', { empresa_id: b.empresaId, xml }).expect(201)).body.facturas[0].id;
    b.gw.movimientos.set(TENANT, [
      mov('mov_cobro', 119_000, '2026-10-20', `TRANSF DE ${AROMOS} PAGO FACT ${venta.folio}`),
      mov('mov_pago', -59_500, '2026-10-21', 'TRANSFERENCIA A FERRETERIA', ROBLE),
      mov('mov_parcial', 20_000, '2026-10-22', `ABONO FACTURA ${venta.folio}`, AROMOS),
      mov('mov_otro', 7_777, '2026-10-23', 'DEPOSITO SIN REFERENCIA'),
    ]);
  });

  afterAll(() => shutdown(b));

  it('suggests, for each movement not matched yet, the open documents it may settle and why', async () => {
    const res = await sugerencias().expect(200);
    const por = (id: string) => res.body.movimientos.find((m: { movimiento: { id: string } }) => m.movimiento.id === id);
    expect(res.body.movimientos).toHaveLength(4);
    expect(por('mov_cobro').sugerencias).toEqual([
      {
        documento: expect.objectContaining({
          tipo: 'emitido',
          id: venta.id,
          folio: venta.folio,
          rut: AROMOS,
          total: 119_000,
          saldo: 119_000,
        }),
        puntaje: 8,
        razones: ['monto', 'rut', 'folio', 'fecha'],
      },
    ]);
    expect(por('mov_pago').sugerencias).toEqual([
      {
        documento: expect.objectContaining({ tipo: 'recibido', id: compraId, folio: 555, rut: ROBLE, saldo: 59_500 }),
        puntaje: 6,
        razones: ['monto', 'rut', 'fecha'],
      },
    ]);
    expect(por('mov_parcial').sugerencias.map((s: { razones: string[] }) => s.razones)).toEqual([['rut', 'folio', 'fecha']]);
    expect(por('mov_otro').sugerencias).toEqual([]);
  });

  it('a confirmed match posts the cobranza or the pago, dated the movement, and leaves the document settled', async () => {
    const cobro = await conciliar({ movimiento_id: 'mov_cobro', fecha: '2026-10-20', documento: 'emitido', documento_id: venta.id }).expect(
      201,
    );
    expect(cobro.body).toMatchObject({
      monto: 119_000,
      fecha: '2026-10-20',
      razones: ['monto', 'rut', 'folio', 'fecha'],
      documento: { saldo: 0 },
    });
    expect(await lineas(cobro.body.asiento_id)).toEqual(['Banco 119000 0', 'Clientes 0 119000']);
    const asiento = (await b.api.get(`/contable/asientos/${cobro.body.asiento_id}`).expect(200)).body;
    expect(asiento).toMatchObject({
      origen: 'banco',
      fecha: '2026-10-20',
      glosa: `Cobranza Factura electrónica N° ${venta.folio} de Comercial Los Aromos Limitada (${AROMOS})`,
    });

    const pago = await conciliar({ movimiento_id: 'mov_pago', fecha: '2026-10-21', documento: 'recibido', documento_id: compraId }).expect(
      201,
    );
    expect(await lineas(pago.body.asiento_id)).toEqual(['Proveedores 59500 0', 'Banco 0 59500']);

    const after = await sugerencias().expect(200);
    expect(after.body.movimientos.map((m: { movimiento: { id: string } }) => m.movimiento.id).sort()).toEqual(['mov_otro', 'mov_parcial']);
    expect(after.body.movimientos.find((m: { movimiento: { id: string } }) => m.movimiento.id === 'mov_parcial').sugerencias).toEqual([]);
  });

  it('refuses a second match of a movement, the wrong direction, more than the balance, and a movement the gateway does not have', async () => {
    const before = await written();
    const again = await conciliar({ movimiento_id: 'mov_cobro', fecha: '2026-10-20', documento: 'emitido', documento_id: venta.id });
    expect([again.status, again.body.error]).toEqual([422, 'documento_not_open']);
    const fresh = await b.api.post('/contable/recibir-dte', {
      empresa_id: b.empresaId,
      xml: dteXml({ tipo: 33, folio: 556, fecha: '2026-10-06', emisor: ROBLE, receptor: TENANT, neto: 10_000, iva: 1_900, total: 11_900 }),
    });
    const compra2 = fresh.body.facturas[0].id;
    expect(
      (await conciliar({ movimiento_id: 'mov_parcial', fecha: '2026-10-22', documento: 'recibido', documento_id: compra2 }).expect(422))
        .body.error,
    ).toBe('movimiento_direction_mismatch');
    b.gw.movimientos.get(TENANT)?.push(mov('mov_cero', 0, '2026-10-24', 'AJUSTE'));
    expect(
      (await conciliar({ movimiento_id: 'mov_cero', fecha: '2026-10-24', documento: 'recibido', documento_id: compra2 }).expect(422)).body
        .error,
    ).toBe('movimiento_direction_mismatch');
    b.gw.movimientos.get(TENANT)?.push(mov('mov_grande', -20_000, '2026-10-24', 'PAGO'));
    expect(
      (await conciliar({ movimiento_id: 'mov_grande', fecha: '2026-10-24', documento: 'recibido', documento_id: compra2 }).expect(422)).body
        .error,
    ).toBe('monto_exceeds_saldo');
    expect(
      (await conciliar({ movimiento_id: 'mov_nada', fecha: '2026-10-24', documento: 'recibido', documento_id: compra2 }).expect(404)).body
        .error,
    ).toBe('movimiento_not_found');
    expect(await written()).toEqual([before[0] + 1, before[1]]); // only the second purchase's own entry
  });

  it('a partial collection leaves the rest open; the same movement twice is 409', async () => {
    const otra = await emitirFactura(b.api, b.empresaId, { fecha: '2026-10-07', precio: 50_000 });
    const parcial = await conciliar({
      movimiento_id: 'mov_parcial',
      fecha: '2026-10-22',
      documento: 'emitido',
      documento_id: otra.id,
    }).expect(201);
    expect(parcial.body.documento).toMatchObject({ total: 59_500, saldo: 39_500 });
    const twice = await conciliar({ movimiento_id: 'mov_parcial', fecha: '2026-10-22', documento: 'emitido', documento_id: otra.id });
    expect([twice.status, twice.body.error]).toEqual([409, 'movimiento_already_matched']);
  });

  it('refuses a bad range or body with 400', async () => {
    expect(
      (await b.api.get(`/contable/banco/sugerencias?empresa_id=${b.empresaId}&desde=2026-10-31&hasta=2026-10-01`).expect(400)).body.error,
    ).toBe('range_invalid');
    expect(
      (await b.api.get(`/contable/banco/sugerencias?empresa_id=${b.empresaId}&desde=2025-01-01&hasta=2026-10-01`).expect(400)).body.error,
    ).toBe('range_invalid');
    expect(
      (await conciliar({ movimiento_id: 'bad id!', fecha: '2026-10-20', documento: 'emitido', documento_id: venta.id }).expect(400)).body
        .error,
    ).toBe('validation_failed');
    expect(
      (await conciliar({ movimiento_id: 'mov_x', fecha: '2026-10-20', documento: 'otro', documento_id: venta.id }).expect(400)).body.error,
    ).toBe('validation_failed');
  });
});
