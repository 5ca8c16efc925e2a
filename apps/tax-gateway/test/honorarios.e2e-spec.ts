import request from 'supertest';
import { Gateway, KEY, rut, startGateway } from './support/harness';

// GET /tax/honorarios/recibidas through a real headless Chromium reading the SII stand-in's monthly report of boletas de honorarios
// received (libs/sii-fake portal-bhe.ts, docs/research/honorarios.md §2), every page of it.
const BOLETA_UNO = {
  folio: 1,
  nombre_emisor: 'Juan Pérez & Asociados; Ltda',
  fecha: '2026-10-05',
  honorario_bruto: 145_000,
  retencion_receptor: 22_113,
  liquido: 122_887,
};

describe('GET /tax/honorarios/recibidas (e2e, real Chromium)', () => {
  let gw: Gateway;
  const tenant = rut(76_960_300);
  const emisor = rut(12_345_678);
  const recibidas = (periodo: string, t = tenant) =>
    request(gw.http).get('/tax/honorarios/recibidas').query({ tenant: t, periodo }).set('X-Internal-Key', KEY);

  beforeAll(async () => {
    gw = await startGateway({ env: { THROTTLE_ENABLED: 'false' } });
    const base = { receptor_rut: tenant, emisor_rut: emisor, nombre_emisor: 'Juan Pérez & Asociados; Ltda' };
    gw.authority.registrarBhe({ ...base, folio: 1, fecha: '2026-10-05', bruto: 145_000 });
    gw.authority.registrarBhe({ ...base, folio: 2, fecha: '2026-10-06', bruto: 200_000, retiene: 'emisor', sociedad_profesional: true });
    gw.authority.registrarBhe({ ...base, folio: 3, fecha: '2026-10-07', bruto: 50_000, anulada: true, fecha_anulacion: '2026-10-08' });
    // 101 more: the month takes two pages of 100 rows.
    for (let folio = 10; folio < 111; folio++) gw.authority.registrarBhe({ ...base, folio, fecha: '2026-10-20', bruto: 10_000 });
  }, 60_000);

  afterAll(async () => {
    await gw?.close();
  });

  it('answers every boleta of the month from both pages of the report, with the SII’s amounts', async () => {
    const res = await recibidas('2026-10').expect(200);
    expect(res.body).toMatchObject({ tenant, periodo: '2026-10', consultado_at: expect.any(String) });
    expect(res.body.boletas).toHaveLength(104);
    expect(res.body.boletas.map((b: { folio: number }) => b.folio).sort((a: number, b: number) => a - b)).toEqual([
      1,
      2,
      3,
      ...Array.from({ length: 101 }, (_, i) => i + 10),
    ]);
    const [uno, dos, tres] = res.body.boletas;
    // The SII's figures for a boleta the receiver withholds on: 15.25 % of 145.000 in 2026, the name with its ampersand and semicolon.
    const { codigo_barras, ...cifras } = uno;
    expect(cifras).toEqual({ ...BOLETA_UNO, rut_emisor: emisor, anulada: false, sociedad_profesional: false });
    expect(codigo_barras).toMatch(/^\w{10,}$/);
    expect(dos).toMatchObject({ folio: 2, retencion_receptor: 0, liquido: 200_000, sociedad_profesional: true, anulada: false });
    expect(tres).toMatchObject({ folio: 3, anulada: true });
  }, 60_000);

  it('answers an empty month, and refuses a bad month or RUT with 400', async () => {
    expect((await recibidas('2026-09').expect(200)).body.boletas).toEqual([]);
    expect((await recibidas('2026-13').expect(400)).body.error).toBe('validation_failed');
    expect((await recibidas('2026-10', '76960300-0').expect(400)).body.error).toBe('validation_failed');
  }, 60_000);
});
