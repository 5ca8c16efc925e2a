import request from 'supertest';
import { PORTAL_DTE, contribuyenteFor } from '@lib/sii-fake';
import { emitir, facturaBody, Gateway, KEY, prepareEmisor, rut, startGateway } from './support/harness';

const TENANT = '76086428-5';
const UNKNOWN = rut(76_999_001);
const TERCERO = rut(77_123_456);

// Taxpayer data from what the SII serves to the platform's certificate (docs/tax-gateway.md "Taxpayer data"): the
// tenant's carpeta tributaria through the signer's certificate login, third parties from the list of DTE-authorized
// taxpayers; the stand-in serves both with the real pages' structure.
describe('contribuyente (e2e: canonical taxpayer data, 24 h cache)', () => {
  let gw: Gateway;
  const get = (path: string, query: Record<string, string> = {}) =>
    request(gw.http).get(`/tax/contribuyente${path}`).query(query).set('X-Internal-Key', KEY);
  const refresh = () => request(gw.http).post('/tax/contribuyente/autorizados/refresh').set('X-Internal-Key', KEY);

  beforeAll(async () => {
    gw = await startGateway({ unknownRuts: [UNKNOWN] });
  });

  afterAll(async () => {
    await gw?.close();
  });

  it('datos of the tenant is its carpeta tributaria (the day’s visit), with a normalized RUT, then the cache', async () => {
    const first = await get('/datos', { tenant: '76.086.428-5' }).expect(200);
    const carpeta = await request(gw.http).post('/tax/scrape/carpeta/json').set('X-Internal-Key', KEY).send({ tenant: TENANT }).expect(200);
    const c = carpeta.body.carpeta ?? carpeta.body;
    expect(first.body).toMatchObject({
      rut: TENANT,
      fuente: 'carpeta_tributaria',
      razon_social: c.encabezado.nombre,
      giros: c.contribuyente.actividades.map((a: { codigo: string; descripcion: string }) => ({
        codigo: a.codigo,
        descripcion: a.descripcion,
      })),
      estado: 'vigente',
      inicio_actividades: c.contribuyente.fecha_inicio_actividades,
      autorizacion_dte: null,
      cached: false,
    });
    expect(`${first.body.direccion}, ${first.body.comuna}`).toBe(c.contribuyente.domicilio);
    expect(first.body.comuna.toUpperCase()).toBe(contribuyenteFor(TENANT).comuna.toUpperCase());
    expect(carpeta.headers['x-scrape-cache']).toBe('hit');
    const second = await get('/datos', { tenant: TENANT }).expect(200);
    expect(second.body).toMatchObject({ rut: TENANT, cached: true, fetched_at: first.body.fetched_at });
  });

  it('estado, giros and representantes come from the same cached data', async () => {
    const datos = (await get('/datos', { tenant: TENANT }).expect(200)).body;
    expect((await get('/estado', { tenant: TENANT }).expect(200)).body).toMatchObject({ rut: TENANT, estado: 'vigente', cached: true });
    expect((await get('/giros', { tenant: TENANT }).expect(200)).body).toMatchObject({ giros: datos.giros, cached: true });
    expect((await get('/representantes', { tenant: TENANT }).expect(200)).body).toMatchObject({
      representantes: datos.representantes,
      cached: true,
    });
  });

  it('a third party is found in the SII’s list of DTE-authorized taxpayers once it is downloaded', async () => {
    await get(`/datos-rut/${TERCERO}`, { tenant: TENANT }).expect(404);
    expect((await get('/autorizados').expect(200)).body).toEqual({ ambiente: 'cert', descargado_en: null, filas: 0 });
    gw.authority.resoluciones.set(TERCERO, { fecha: '2019-05-02', numero: 0 });
    const descarga = (await refresh().expect(200)).body;
    expect(descarga).toMatchObject({ ambiente: 'cert', filas: gw.authority.resoluciones.size });
    const res = await get(`/datos-rut/${TERCERO.replace('-', '')}`, { tenant: TENANT }).expect(200);
    expect(res.body).toEqual({
      rut: TERCERO,
      razon_social: contribuyenteFor(TERCERO).razon_social,
      fuente: 'contribuyentes_autorizados',
      direccion: null,
      comuna: null,
      giros: [],
      representantes: [],
      estado: 'autorizado_dte',
      autorizacion_dte: {
        numero_resolucion: 0,
        fecha_resolucion: '2019-05-02',
        correo_intercambio: `dte${TERCERO.split('-')[0]}@intercambio.cl`,
      },
      fetched_at: expect.any(String),
      cached: false,
    });
    expect((await get('/autorizados').expect(200)).body).toMatchObject({ filas: descarga.filas, descargado_en: descarga.descargado_en });
  });

  it('an emitted DTE carries the receptor’s SII name when the list knows it, the caller’s text otherwise, and says which', async () => {
    await prepareEmisor(gw, TENANT, 10);
    const conocido = rut(77_200_300);
    gw.authority.resoluciones.set(conocido, { fecha: '2020-01-15', numero: 0 });
    await refresh().expect(200);
    const receptor = (r: string) => ({
      rut: r,
      razon_social: 'Nombre Escrito Por El Usuario',
      giro: 'Comercio',
      direccion: 'Moneda 1',
      comuna: 'Santiago',
    });
    const sii = await emitir(gw, facturaBody(TENANT, { receptor: receptor(conocido) })).expect(201);
    expect(sii.body.receptor).toEqual({ rut: conocido, razon_social: contribuyenteFor(conocido).razon_social, razon_social_fuente: 'sii' });
    const xml = Buffer.from(
      (await request(gw.http).get(`/tax/dte/get/${sii.body.emision_id}`).set('X-Internal-Key', KEY)).body.xml_base64,
      'base64',
    );
    expect(xml.toString('latin1')).toContain(`<RznSocRecep>${contribuyenteFor(conocido).razon_social}</RznSocRecep>`);
    const desconocido = rut(77_200_301);
    const propio = await emitir(gw, facturaBody(TENANT, { receptor: receptor(desconocido) })).expect(201);
    expect(propio.body.receptor).toMatchObject({ razon_social: 'Nombre Escrito Por El Usuario', razon_social_fuente: 'solicitud' });
  });

  it('an unknown RUT is a 404 taxpayer_not_found problem (never cached)', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get(`/datos-rut/${UNKNOWN}`).expect(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ status: 404, error: 'taxpayer_not_found', instance: `/tax/contribuyente/datos-rut/${UNKNOWN}` });
    }
    await get('/datos', { tenant: UNKNOWN }).expect(404);
    await get(`/datos-rut/${UNKNOWN}`, { tenant: TENANT }).expect(404);
  });

  it('an invalid RUT is a 400 validation_failed', async () => {
    expect((await get('/datos-rut/12345678-0').expect(400)).body.error).toBe('validation_failed');
    expect((await get('/datos', { tenant: 'abc' }).expect(400)).body.errors[0].field).toBe('tenant');
    await get('/datos').expect(400);
  });

  it('POST cache/clear answers 204 and the next read goes to the SII again', async () => {
    await get('/datos', { tenant: TENANT }).expect(200);
    await request(gw.http).post('/tax/contribuyente/cache/clear').set('X-Internal-Key', KEY).expect(204);
    expect((await get('/datos', { tenant: TENANT }).expect(200)).body.cached).toBe(false);
    await request(gw.http).post('/tax/contribuyente/cache/clear').query({ rut: TENANT }).set('X-Internal-Key', KEY).expect(204);
    expect((await get('/giros', { tenant: TENANT }).expect(200)).body.cached).toBe(false);
  });

  it('a list that is not the list is a 502 sii_bad_response, and the stored list stays', async () => {
    const { http, HttpResponse } = await import('msw');
    const before = (await get('/autorizados').expect(200)).body;
    gw.msw.use(http.get(`https://maullin.sii.cl${PORTAL_DTE.autorizados}`, () => HttpResponse.text('RUT;NOMBRE\n1-9;X\n')));
    try {
      expect((await refresh().expect(502)).body.error).toBe('sii_bad_response');
    } finally {
      gw.msw.resetHandlers();
    }
    expect((await get('/autorizados').expect(200)).body).toEqual(before);
    await get(`/datos-rut/${TERCERO}`, { tenant: TENANT }).expect(200);
  });
});
