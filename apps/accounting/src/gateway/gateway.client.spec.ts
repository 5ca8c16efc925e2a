import { Logger } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { GatewayClient } from './gateway.client';
import { gatewaySettingsFromEnv } from './gateway.settings';

const BASE = 'http://gateway.test';
const seen: { key: string | null; rut: string }[] = [];
const server = setupServer(
  http.get(`${BASE}/tax/contribuyente/datos-rut/:rut`, async ({ request, params }) => {
    const rut = String(params.rut);
    seen.push({ key: request.headers.get('x-internal-key'), rut });
    if (rut === '11111111-1') return HttpResponse.json({ error: 'not_found' }, { status: 404 });
    if (rut === '22222222-2') return HttpResponse.json({ error: 'upstream_unavailable' }, { status: 503 });
    if (rut === '33333333-3') return HttpResponse.json({ error: 'bad' }, { status: 500 });
    if (rut === '44444444-4') return HttpResponse.json({ rut: 'x' });
    if (rut === '55555555-5') {
      await delay(500);
      return HttpResponse.json({ rut, razon_social: 'Lenta' });
    }
    return HttpResponse.json({ rut: '76.086.428-5', razon_social: ' Empresa Demo SpA ', comuna: 'Santiago' });
  }),
  http.get(`${BASE}/tax/dte/get/:id`, ({ params }) => {
    if (params.id === 'sin-resultado') return HttpResponse.json({ emision_id: params.id, estado: 'EPR', resultado: null });
    if (params.id === 'otra-palabra') return HttpResponse.json({ emision_id: params.id, estado: 'EPR', resultado: 'reparos' });
    if (params.id === 'no-json') return new HttpResponse('<html></html>', { headers: { 'content-type': 'text/html' } });
    if (params.id === 'ausente') return HttpResponse.json({ error: 'emission_not_found' }, { status: 404 });
    return HttpResponse.json({ emision_id: params.id, estado: 'EPR', resultado: 'aceptado_con_reparos', trackid: '0260003916' });
  }),
  http.post(`${BASE}/tax/recepcion/dte`, async ({ request }) => {
    const body = (await request.json()) as { tenant: string; xml_base64: string };
    const problem = (status: number, error: string) => HttpResponse.json({ status, error, detail: `${error} detail` }, { status });
    if (body.tenant === '11111111-1') return problem(422, 'dte_unreadable');
    if (body.tenant === '22222222-2') return problem(503, 'sii_unavailable');
    if (body.tenant === '33333333-3') return problem(403, 'forbidden_caller');
    if (body.tenant === '44444444-4') return HttpResponse.json({ envio_id: 'x' }, { status: 201 });
    return HttpResponse.json(
      { tenant: body.tenant, documentos: [], bytes: Buffer.from(body.xml_base64, 'base64').toString() },
      { status: 201 },
    );
  }),
);

function client(timeoutMs = 2000) {
  return new GatewayClient({ url: BASE, key: 'k-acc', timeoutMs });
}

async function problemOf(p: Promise<unknown>): Promise<ProblemException> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ProblemException) return err;
    throw err;
  }
  throw new Error('expected a ProblemException');
}

beforeAll(() => {
  Logger.overrideLogger(false);
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

describe('GatewayClient.fetchDatosRut', () => {
  it('returns the canonical data with a normalized RUT and sends the caller key', async () => {
    const data = await client().fetchDatosRut('76086428-5');
    expect(data).toMatchObject({ rut: '76086428-5', razon_social: 'Empresa Demo SpA', comuna: 'Santiago' });
    expect(seen.at(-1)).toEqual({ key: 'k-acc', rut: '76086428-5' });
  });

  it.each([
    ['11111111-1', 422, 'taxpayer_unknown'],
    ['22222222-2', 503, 'gateway_unavailable'],
    ['33333333-3', 502, 'gateway_unavailable'],
    ['44444444-4', 502, 'gateway_unavailable'],
  ])('maps the answer for %s to %i %s', async (rut, status, error) => {
    const p = await problemOf(client().fetchDatosRut(rut));
    expect(p.getStatus()).toBe(status);
    expect(p.error).toBe(error);
  });

  it('answers 504 when the gateway is too slow', async () => {
    const p = await problemOf(client(50).fetchDatosRut('55555555-5'));
    expect([p.getStatus(), p.error]).toEqual([504, 'gateway_unavailable']);
  });

  it('answers 503 when nothing listens', async () => {
    const down = new GatewayClient({ url: 'http://127.0.0.1:9', key: 'k', timeoutMs: 2000 });
    server.use(http.get('http://127.0.0.1:9/*', () => HttpResponse.error()));
    const p = await problemOf(down.fetchDatosRut('76086428-5'));
    expect([p.getStatus(), p.error]).toEqual([503, 'gateway_unavailable']);
  });
});

describe('gatewaySettingsFromEnv', () => {
  it('defaults the key to the accounting entry of INTERNAL_KEYS', () => {
    const s = gatewaySettingsFromEnv({ INTERNAL_KEYS: 'admin:a, accounting:acc-key', TAX_GATEWAY_URL: 'http://gw:8270/' });
    expect(s).toEqual({ url: 'http://gw:8270', key: 'acc-key', timeoutMs: 10_000 });
  });

  it('prefers TAX_GATEWAY_KEY and refuses a missing key or a bad URL', () => {
    expect(gatewaySettingsFromEnv({ TAX_GATEWAY_KEY: 'x', INTERNAL_KEYS: 'accounting:y' }).key).toBe('x');
    expect(() => gatewaySettingsFromEnv({ INTERNAL_KEYS: 'admin:a' })).toThrow(/TAX_GATEWAY_KEY/);
    expect(() => gatewaySettingsFromEnv({ TAX_GATEWAY_KEY: 'x', TAX_GATEWAY_URL: 'ftp://x' })).toThrow(/TAX_GATEWAY_URL/);
    expect(gatewaySettingsFromEnv({ INTERNAL_KEYS: 'a:1, accounting:k:with:colons' }).key).toBe('k:with:colons');
  });
});

describe('GatewayClient.receiveDte', () => {
  it("sends the exact bytes for the tenant and returns the gateway's reception answer", async () => {
    const answer = await client().receiveDte('76086428-5', Buffer.from('<DTE/>'));
    expect(answer).toMatchObject({ tenant: '76086428-5', documentos: [], bytes: '<DTE/>' });
  });

  it('maps a refusal of the file to 422 invalid_dte and every other failure to gateway_unavailable', async () => {
    expect(await problemOf(client().receiveDte('11111111-1', Buffer.from('x')))).toMatchObject({
      error: 'invalid_dte',
      detail: expect.stringContaining('dte_unreadable detail'),
    });
    expect((await problemOf(client().receiveDte('22222222-2', Buffer.from('x')))).getStatus()).toBe(503);
    expect(await problemOf(client().receiveDte('33333333-3', Buffer.from('x')))).toMatchObject({ error: 'gateway_unavailable' });
    expect((await problemOf(client().receiveDte('44444444-4', Buffer.from('x')))).getStatus()).toBe(502);
    const unreachable = new GatewayClient({ url: 'http://127.0.0.1:1', key: 'k', timeoutMs: 1000 });
    server.use(http.post('http://127.0.0.1:1/tax/recepcion/dte', () => HttpResponse.error()));
    expect((await problemOf(unreachable.receiveDte('76086428-5', Buffer.from('x')))).getStatus()).toBe(503);
  });
});

describe('GatewayClient.fetchEmision', () => {
  it('answers the emission with its published resultado, and undefined for one the gateway does not know', async () => {
    expect(await client().fetchEmision('e1')).toMatchObject({ estado: 'EPR', resultado: 'aceptado_con_reparos' });
    expect(await client().fetchEmision('ausente')).toBeUndefined();
  });

  it.each(['sin-resultado', 'otra-palabra', 'no-json'])(
    'refuses an answer without a known resultado (%s): 502 gateway_bad_response',
    async (id) => {
      const problem = await problemOf(client().fetchEmision(id));
      expect([problem.getStatus(), problem.error]).toEqual([502, 'gateway_bad_response']);
    },
  );
});

describe('GatewayClient.fetchRcvLibro', () => {
  const documento = {
    tipo_dte: 33,
    folio: 7,
    rut_contraparte: '76.543.210-3',
    razon_social: 'Comercial Los Aromos Limitada',
    fecha_emision: '2026-10-05',
    estado: 'solo_sii',
    estado_rcv: 'REGISTRO',
    sii: { exento: 0, neto: 1000, iva: 190, total: 1190 },
    gateway: null,
    diferencias: [],
  };
  const answering = (documentos: unknown) =>
    server.use(http.get(`${BASE}/tax/rcv/libro`, () => HttpResponse.json({ tenant: '76086428-5', periodo: '2026-10', documentos })));

  it('answers the register with canonical RUTs, asking for the tenant, month and book', async () => {
    let asked = '';
    server.use(
      http.get(`${BASE}/tax/rcv/libro`, ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json({ tenant: '76086428-5', periodo: '2026-10', documentos: [documento] });
      }),
    );
    const libro = await client().fetchRcvLibro('76086428-5', '2026-10', 'compra');
    expect(asked).toBe('?tenant=76086428-5&periodo=2026-10&tipo=compra');
    expect(libro.documentos).toEqual([{ ...documento, rut_contraparte: '76543210-3' }]);
  });

  it.each([
    ['no documentos', undefined],
    ['a bad RUT', [{ ...documento, rut_contraparte: '76543210-4' }]],
    ['a fractional amount', [{ ...documento, sii: { ...documento.sii, iva: 190.5 } }]],
    ['an unknown estado', [{ ...documento, estado_rcv: 'ACEPTADO' }]],
    ['a non-date', [{ ...documento, fecha_emision: '2026-02-30' }]],
  ])('refuses an answer with %s: 502 gateway_bad_response', async (_label, documentos) => {
    answering(documentos);
    const problem = await problemOf(client().fetchRcvLibro('76086428-5', '2026-10', 'compra'));
    expect([problem.getStatus(), problem.error]).toEqual([502, 'gateway_bad_response']);
  });
});

describe('GatewayClient.fetchHonorariosRecibidos', () => {
  const boleta = {
    folio: 123,
    rut_emisor: '12.345.678-5',
    nombre_emisor: 'Juan Pérez Soto',
    fecha: '2026-10-05',
    honorario_bruto: 145000,
    retencion_receptor: 22113,
    liquido: 122887,
    anulada: false,
    sociedad_profesional: false,
    codigo_barras: '123456785000123ABCDE',
  };
  const answering = (boletas: unknown) =>
    server.use(
      http.get(`${BASE}/tax/honorarios/recibidas`, () => HttpResponse.json({ tenant: '76086428-5', periodo: '2026-10', boletas })),
    );

  it('answers the boletas with canonical RUTs, and names without control characters (NUL included) as spaces', async () => {
    answering([boleta]);
    expect((await client().fetchHonorariosRecibidos('76086428-5', '2026-10')).boletas).toEqual([{ ...boleta, rut_emisor: '12345678-5' }]);
    answering([{ ...boleta, nombre_emisor: 'Juan\u0000Pérez\r\nSoto' }]);
    expect((await client().fetchHonorariosRecibidos('76086428-5', '2026-10')).boletas[0].nombre_emisor).toBe('Juan Pérez  Soto');
  });

  it.each([
    ['no boletas', undefined],
    ['a líquido that is not bruto − retención', [{ ...boleta, liquido: 122886 }]],
    ['a negative amount', [{ ...boleta, retencion_receptor: -1, liquido: 145001 }]],
    ['a bad RUT', [{ ...boleta, rut_emisor: '12345678-4' }]],
    ['a zero folio', [{ ...boleta, folio: 0 }]],
    ['a boleta of another month', [{ ...boleta, fecha: '2026-11-01' }]],
    ['a zero bruto', [{ ...boleta, honorario_bruto: 0, retencion_receptor: 0, liquido: 0 }]],
    ['a barcode that is not one', [{ ...boleta, codigo_barras: 'x'.repeat(65) }]],
  ])('refuses an answer with %s: 502 gateway_bad_response', async (_label, boletas) => {
    answering(boletas);
    const problem = await problemOf(client().fetchHonorariosRecibidos('76086428-5', '2026-10'));
    expect([problem.getStatus(), problem.error]).toEqual([502, 'gateway_bad_response']);
  });
});
