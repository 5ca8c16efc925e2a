import request from 'supertest';
import {
  EMISOR_CERTIFICACION,
  Gateway,
  KEY,
  emitir,
  facturaBody,
  registerEmisor,
  rut,
  simCaf,
  startGateway,
  uploadCaf,
} from './support/harness';

// Issuer data per tenant: each company's own SII resolution goes into its Caratula.
describe('emisores (e2e: GET/PUT /tax/emisores/{tenant})', () => {
  let gw: Gateway;
  const get = (tenant: string) => request(gw.http).get(`/tax/emisores/${tenant}`).set('X-Internal-Key', KEY);
  const PNG_1PX = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  );

  beforeAll(async () => {
    gw = await startGateway();
  });

  afterAll(async () => {
    await gw?.close();
  });

  it('refuses emission for a tenant without issuer data: 422 emisor_incomplete, no folio taken', async () => {
    const tenant = rut(76_400_100);
    await uploadCaf(gw, tenant, await simCaf(gw, tenant, 33, 1, 5)).expect(201);
    const res = await emitir(gw, facturaBody(tenant)).expect(422);
    expect(res.body).toMatchObject({ error: 'emisor_incomplete', detail: expect.stringContaining(`PUT /tax/emisores/${tenant}`) });
    await registerEmisor(gw, tenant).expect(200);
    expect((await emitir(gw, facturaBody(tenant)).expect(201)).body.folio).toBe(1);
  });

  it('stores the record, answers it normalized, and 404 before it exists', async () => {
    const tenant = rut(76_400_200);
    expect((await get(tenant).expect(404)).body.error).toBe('emisor_not_found');
    const body = {
      fecha_resolucion: '2021-03-15',
      numero_resolucion: 0,
      actecos: [620200, 469000],
      codigo_sucursal: 81234567,
      correo_intercambio: 'dte@andes.cl',
      oficina_sii: 'Santiago Oriente',
      logo_base64: PNG_1PX.toString('base64'),
    };
    const put = await registerEmisor(gw, tenant.replace('-', '').toLowerCase(), body).expect(200);
    expect(put.body).toEqual({ tenant, ...body, updated_at: expect.any(String) });
    expect((await get(tenant).expect(200)).body).toEqual(put.body);
    // PUT replaces the whole record: absent optional fields are cleared.
    const replaced = await registerEmisor(gw, tenant, EMISOR_CERTIFICACION).expect(200);
    expect(replaced.body).toMatchObject({
      actecos: [],
      codigo_sucursal: null,
      correo_intercambio: null,
      oficina_sii: null,
      logo_base64: null,
    });
  });

  it('puts the tenant’s own FchResol, NroResol, Acteco, CdgSIISucur and CorreoEmisor in the uploaded document', async () => {
    const tenant = rut(76_400_300);
    const body = {
      fecha_resolucion: '2021-03-15',
      numero_resolucion: 0,
      actecos: [469000],
      codigo_sucursal: 81234567,
      correo_intercambio: 'dte@andes.cl',
    };
    await registerEmisor(gw, tenant, body).expect(200);
    await uploadCaf(gw, tenant, await simCaf(gw, tenant, 33, 1, 5)).expect(201);
    const res = await emitir(gw, facturaBody(tenant)).expect(201);
    const got = await request(gw.http).get(`/tax/dte/get/${res.body.emision_id}`).set('X-Internal-Key', KEY).expect(200);
    const xml = Buffer.from(got.body.xml_base64, 'base64').toString('latin1');
    expect(xml).toContain('<FchResol>2021-03-15</FchResol><NroResol>0</NroResol>');
    expect(xml).toMatch(/<Acteco>469000<\/Acteco>/);
    expect(xml).not.toMatch(/<Acteco>620200<\/Acteco>/);
    expect(xml).toContain('<CorreoEmisor>dte@andes.cl</CorreoEmisor>');
    expect(xml).toContain('<CdgSIISucur>81234567</CdgSIISucur>');
  });

  it.each([
    ['a logo that is not an image', { logo_base64: Buffer.from('<svg/>').toString('base64') }, 422, 'logo_invalid'],
    ['a resolution dated in the last century', { fecha_resolucion: '1999-12-31' }, 422, 'fecha_out_of_range'],
    ['a resolution number other than 0 in certification (CRT-3-19 at the SII)', { numero_resolucion: 80 }, 422, 'resolucion_invalida'],
    ['a resolution date that does not exist', { fecha_resolucion: '2021-02-30' }, 400, 'validation_failed'],
    ['five actecos', { actecos: [1, 2, 3, 4, 5] }, 400, 'validation_failed'],
    ['a null optional field', { correo_intercambio: null }, 400, 'validation_failed'],
  ])('refuses %s and changes nothing', async (_what, change, status, error) => {
    const tenant = rut(76_400_400);
    const res = await registerEmisor(gw, tenant, { ...EMISOR_CERTIFICACION, ...change }).expect(status);
    expect(res.body.error).toBe(error);
    await get(tenant).expect(404);
  });
});
