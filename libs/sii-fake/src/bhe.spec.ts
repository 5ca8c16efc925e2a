import { SiiFakeAuthority } from './authority';
import { retencionBhe, tasaRetencionBhe } from './bhe-retencion';
import { BOLETA_JUAN } from './spec-support/bhe';

const BOLETA = BOLETA_JUAN;

describe('retention of a boleta de honorarios (Ley 21.133, Ley 21.578)', () => {
  it("follows the schedule by the boleta's year, 2023 held at 13 %", () => {
    const anios = [2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2035];
    expect(anios.map(tasaRetencionBhe)).toEqual([1000, 1075, 1150, 1225, 1300, 1300, 1375, 1450, 1525, 1600, 1700, 1700]);
  });

  it('rounds to whole pesos, halves up', () => {
    expect(retencionBhe(145000, 2026)).toBe(22113); // 22112.5
    expect(retencionBhe(145000, 2025)).toBe(21025);
    expect(retencionBhe(100001, 2024)).toBe(13750); // 13750.1375
    expect(retencionBhe(3, 2026)).toBe(0); // 0.4575
    expect(retencionBhe(4, 2026)).toBe(1); // 0.61
    expect(retencionBhe(Number.MAX_SAFE_INTEGER, 2028)).toBe(1531223873305968); // no float error at the top
  });
});

describe('POST /sim/bhe', () => {
  const authority = new SiiFakeAuthority();
  const post = async (body: unknown) => {
    const res = await authority.handle({
      method: 'POST',
      url: 'https://maullin.sii.cl/sim/bhe',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
    });
    return { status: res.status, json: JSON.parse(res.body.toString()) as Record<string, unknown> };
  };

  it('stores the boleta and answers 201 with it, RUTs normalized and amounts computed', async () => {
    const res = await post({ ...BOLETA, receptor_rut: '76.086.428-5' });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      ...BOLETA,
      retiene: 'receptor',
      retencion_receptor: 22113,
      honorarios_liquidos: 122887,
      sociedad_profesional: false,
      anulada: false,
      fecha_anulacion: null,
      codigo_barras: expect.stringMatching(/^123456785000123[0-9A-F]{5}$/),
    });
    expect(authority.boletasHonorarios.get('12345678-5|123')?.receptor).toBe('76086428-5');
  });

  it.each<[string, unknown, RegExp]>([
    ['a body that is not JSON', '{nope', /JSON object/],
    ['a receptor RUT with a wrong DV', { ...BOLETA, receptor_rut: '76086428-4' }, /receptor_rut must be a valid RUT/],
    ['a missing emisor RUT', { ...BOLETA, emisor_rut: undefined }, /emisor_rut must be a valid RUT/],
    ['an empty name', { ...BOLETA, nombre_emisor: '  ' }, /nombre_emisor is required/],
    ['folio 0', { ...BOLETA, folio: 0 }, /folio must be a whole number/],
    ['a folio as text', { ...BOLETA, folio: '124' }, /folio must be a whole number/],
    ['a date that does not exist', { ...BOLETA, fecha: '2026-02-30' }, /fecha must be a calendar date/],
    ['a date DD/MM/YYYY', { ...BOLETA, fecha: '05/10/2026' }, /fecha must be a calendar date/],
    ['a fractional amount', { ...BOLETA, bruto: 1000.5 }, /bruto must be a whole number of pesos/],
    ['amount 0', { ...BOLETA, bruto: 0 }, /bruto must be a whole number of pesos/],
    ['an unknown retiene', { ...BOLETA, retiene: 'nadie' }, /retiene must be 'receptor' or 'emisor'/],
    ['anulada not a boolean', { ...BOLETA, anulada: 'si' }, /anulada must be true or false/],
    ['a voiding date before the boleta', { ...BOLETA, folio: 9, fecha_anulacion: '2026-10-04' }, /before the boleta's fecha/],
    ['a voiding date for a boleta not anulada', { ...BOLETA, folio: 9, anulada: false, fecha_anulacion: '2026-10-06' }, /only for/],
    [
      'an emisor folio already registered',
      { ...BOLETA, receptor_rut: '11111111-1' },
      /folio 123 of emisor 12345678-5 is already registered/,
    ],
  ])('answers 400 for %s', async (_caso, body, detail) => {
    const antes = authority.boletasHonorarios.size;
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.json['detail']).toMatch(detail);
    expect(authority.boletasHonorarios.size).toBe(antes);
  });

  it("registrarBhe adds a boleta without HTTP and throws the 400's reason", () => {
    expect(authority.registrarBhe({ ...BOLETA, folio: 10, retiene: 'emisor' })).toMatchObject({ retencionReceptor: 0, liquido: 145000 });
    expect(() => authority.registrarBhe({ ...BOLETA, folio: 10 })).toThrow('folio 10 of emisor 12345678-5 is already registered');
  });
});
