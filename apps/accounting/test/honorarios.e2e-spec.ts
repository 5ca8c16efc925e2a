import type { BoletaHonorariosView } from '@lib/contracts';
import { Books, bootWithEmpresa, count, shutdown } from './support/api';

// Boletas de honorarios received (docs/accounting.md "Boletas de honorarios") against the gateway's GET /tax/honorarios/recibidas contract
// (msw), on real PostgreSQL: the retention of each boleta's year, idempotent imports, a voided boleta reversed once.
describe('POST /contable/honorarios/importar (e2e)', () => {
  let b: Books;
  const TENANT = '76086428-5';
  const boleta = (folio: number, fecha: string, bruto: number, retencion: number, extra: Partial<BoletaHonorariosView> = {}) => ({
    folio,
    rut_emisor: '12345678-5',
    nombre_emisor: 'Juan Pérez Soto',
    fecha,
    honorario_bruto: bruto,
    retencion_receptor: retencion,
    liquido: bruto - retencion,
    anulada: false,
    sociedad_profesional: false,
    codigo_barras: `123456785000${folio}ABCDE`,
    ...extra,
  });
  const importar = (periodo: string) => b.api.post('/contable/honorarios/importar', { empresa_id: b.empresaId, periodo });
  const lineas = async (asientoId: string) =>
    (await b.api.get(`/contable/asientos/${asientoId}`).expect(200)).body.lineas.map(
      (l: { cuenta_nombre: string; debe: number; haber: number }) => `${l.cuenta_nombre} ${l.debe} ${l.haber}`,
    );
  const written = async () => [await count(b.app, 'asiento'), await count(b.app, 'boleta_honorarios')];

  beforeAll(async () => {
    b = await bootWithEmpresa(TENANT);
    b.gw.honorarios.set(`${TENANT}|2026-10`, [
      boleta(123, '2026-10-05', 145_000, 22_113),
      boleta(124, '2026-10-20', 200_000, 0), // the issuer pays the retention himself
      boleta(125, '2026-10-21', 50_000, 7_625, { anulada: true }),
    ]);
    b.gw.honorarios.set(`${TENANT}|2025-03`, [boleta(77, '2025-03-10', 100_000, 14_500, { rut_emisor: '12.345.678-5' })]);
  });

  afterAll(() => shutdown(b));

  it('books each boleta with the retention of its year: gasto bruto / retención / líquido por pagar; a voided one is not booked', async () => {
    const res = await importar('2026-10').expect(200);
    expect(res.body).toMatchObject({ empresa_id: b.empresaId, periodo: '2026-10', asientos_nuevos: 2 });
    const [retiene, emisorRetiene, anulada] = res.body.boletas;
    expect(retiene).toMatchObject({
      folio: 123,
      tasa: '15.25',
      retencion: 22_113,
      retencion_sii: 22_113,
      liquido: 122_887,
      estado: 'contabilizada',
    });
    expect(await lineas(retiene.asiento_id)).toEqual([
      'Gastos de Administración 145000 0',
      'Retenciones por Pagar 0 22113',
      'Proveedores 0 122887',
    ]);
    expect(emisorRetiene).toMatchObject({ folio: 124, tasa: '0', retencion: 0, liquido: 200_000, estado: 'contabilizada' });
    expect(await lineas(emisorRetiene.asiento_id)).toEqual(['Gastos de Administración 200000 0', 'Proveedores 0 200000']);
    expect(anulada).toMatchObject({ folio: 125, estado: 'anulada', asiento_id: null });
    const asiento = (await b.api.get(`/contable/asientos/${retiene.asiento_id}`).expect(200)).body;
    expect(asiento).toMatchObject({ fecha: '2026-10-05', glosa: 'Boleta de honorarios N° 123 de Juan Pérez Soto (12345678-5)' });
  });

  it('applies the rate of the boleta’s year, 14.5 % in 2025, with a RUT the gateway wrote with dots', async () => {
    const res = await importar('2025-03').expect(200);
    expect(res.body.boletas).toEqual([
      expect.objectContaining({ folio: 77, rut_emisor: '12345678-5', tasa: '14.5', retencion: 14_500, liquido: 85_500 }),
    ]);
  });

  it('a boleta whose entry was reversed by hand leaves the F29 retention and is shown reversed by the next import', async () => {
    const retenido = async () =>
      (await b.api.get(`/contable/f29-borrador?empresa_id=${b.empresaId}&periodo=2025-03`).expect(200)).body.codigos.find(
        (c: { codigo: string }) => c.codigo === '151',
      )?.valor;
    const [booked] = (await importar('2025-03').expect(200)).body.boletas;
    expect(await retenido()).toBe(14_500);
    const hand = await b.api.post(`/contable/asientos/${booked.asiento_id}/reversa`, { empresa_id: b.empresaId }).expect(201);
    expect(await retenido()).toBe(0);
    const again = await importar('2025-03').expect(200);
    expect(again.body).toMatchObject({ asientos_nuevos: 0, boletas: [{ folio: 77, estado: 'reversada', asiento_id: hand.body.id }] });
  });

  it('a second import books nothing more; a boleta the SII voids after it was booked has its entry reversed once', async () => {
    const before = await written();
    const again = await importar('2026-10').expect(200);
    expect(again.body.asientos_nuevos).toBe(0);
    expect(again.body.boletas.map((x: { estado: string }) => x.estado)).toEqual(['duplicada', 'duplicada', 'anulada']);
    expect(await written()).toEqual(before);

    const docs = b.gw.honorarios.get(`${TENANT}|2026-10`) as BoletaHonorariosView[];
    b.gw.honorarios.set(
      `${TENANT}|2026-10`,
      docs.map((x) => (x.folio === 123 ? { ...x, anulada: true } : x)),
    );
    const voided = await importar('2026-10').expect(200);
    const reversed = voided.body.boletas.find((x: { folio: number }) => x.folio === 123);
    expect(reversed).toMatchObject({ estado: 'reversada', retencion: 22_113 });
    const reversa = (await b.api.get(`/contable/asientos/${reversed.asiento_id}`).expect(200)).body;
    expect(reversa).toMatchObject({ origen: 'reversa', fecha: '2026-10-05' });
    expect(await lineas(reversa.id)).toEqual([
      'Gastos de Administración 0 145000',
      'Retenciones por Pagar 22113 0',
      'Proveedores 122887 0',
    ]);
    const once = await importar('2026-10').expect(200);
    expect(once.body.asientos_nuevos).toBe(0);
    expect(once.body.boletas.find((x: { folio: number }) => x.folio === 123)).toMatchObject({
      estado: 'reversada',
      asiento_id: reversa.id,
    });
  });

  it('writes nothing when the gateway fails or answers a malformed list, and refuses bad input', async () => {
    const before = await written();
    b.gw.down = true;
    try {
      expect((await importar('2026-11').expect(503)).body.error).toBe('gateway_unavailable');
    } finally {
      b.gw.down = false;
    }
    b.gw.honorarios.set(`${TENANT}|2026-11`, [boleta(9, '2026-11-02', 1_000, 153, { liquido: 900 })]);
    expect((await importar('2026-11').expect(502)).body.error).toBe('gateway_bad_response');
    expect(await written()).toEqual(before);
    expect((await importar('2026-13').expect(400)).body.error).toBe('validation_failed');
    const unknown = await b.api.post('/contable/honorarios/importar', {
      empresa_id: '00000000-0000-4000-8000-000000000000',
      periodo: '2026-10',
    });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'not_found']);
  });
});
