import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { hostileImages, pngImage, validImages } from '@lib/testing';
import * as harness from './support/harness';

/** Images of a PDF without a soft mask (pdfimages -list): the logo; the PDF417 timbre has one. */
function opaqueImages(pdf: Buffer): number {
  const dir = mkdtempSync(join(tmpdir(), 'emisor-pdf-'));
  try {
    writeFileSync(join(dir, 'dte.pdf'), pdf);
    const rows = execFileSync('pdfimages', ['-list', join(dir, 'dte.pdf')])
      .toString()
      .split('\n');
    return rows.filter((r) => /^\s*\d+\s+\d+\s+image\s/.test(r)).length - rows.filter((r) => /\ssmask\s/.test(r)).length;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Issuer data per tenant: each company's own SII resolution goes into its Caratula.
describe('emisores (e2e: GET/PUT /tax/emisores/{tenant})', () => {
  let gw: harness.Gateway;
  const get = (tenant: string) => request(gw.http).get(`/tax/emisores/${tenant}`).set('X-Internal-Key', harness.KEY);
  const PNG_1PX = pngImage(1, 1);

  beforeAll(async () => {
    gw = await harness.startGateway();
  });

  afterAll(async () => {
    await gw?.close();
  });

  it('refuses emission for a tenant without issuer data: 422 emisor_incomplete, no folio taken', async () => {
    const tenant = harness.rut(76_400_100);
    await harness.uploadCaf(gw, tenant, await harness.simCaf(gw, tenant, 33, 1, 5)).expect(201);
    const res = await harness.emitir(gw, harness.facturaBody(tenant)).expect(422);
    expect(res.body).toMatchObject({ error: 'emisor_incomplete', detail: expect.stringContaining(`PUT /tax/emisores/${tenant}`) });
    await harness.registerEmisor(gw, tenant).expect(200);
    expect((await harness.emitir(gw, harness.facturaBody(tenant)).expect(201)).body.folio).toBe(1);
  });

  it('stores the record, answers it normalized, and 404 before it exists', async () => {
    const tenant = harness.rut(76_400_200);
    expect((await get(tenant).expect(404)).body.error).toBe('emisor_not_found');
    const body = {
      fecha_resolucion: '2021-03-15',
      numero_resolucion: 0,
      actecos: [620200, 469000],
      codigo_sucursal: 81234567,
      sucursales: [{ codigo: 81234567, direccion: 'Av. Los Carrera 550', comuna: 'Concepcion' }],
      correo_intercambio: 'dte@andes.cl',
      oficina_sii: 'Santiago Oriente',
      logo_base64: PNG_1PX.toString('base64'),
    };
    const put = await harness.registerEmisor(gw, tenant.replace('-', '').toLowerCase(), body).expect(200);
    expect(put.body).toEqual({ tenant, ...body, logo_base64: expect.any(String), updated_at: expect.any(String) });
    // The logo is kept as the PDF embeds it: an 8-bit RGB PNG (IHDR colour type 2), its alpha flattened on white.
    const logo = Buffer.from(put.body.logo_base64, 'base64');
    expect([logo.readUInt32BE(16), logo.readUInt32BE(20), logo[24], logo[25]]).toEqual([1, 1, 8, 2]);
    expect((await get(tenant).expect(200)).body).toEqual(put.body);
    // PUT replaces the whole record: absent optional fields are cleared.
    const replaced = await harness.registerEmisor(gw, tenant, harness.EMISOR_CERTIFICACION).expect(200);
    expect(replaced.body).toMatchObject({
      actecos: [],
      codigo_sucursal: null,
      sucursales: [],
      correo_intercambio: null,
      oficina_sii: null,
      logo_base64: null,
    });
  });

  it('puts the tenant’s own FchResol, NroResol, Acteco, CdgSIISucur and CorreoEmisor in the uploaded document', async () => {
    const tenant = harness.rut(76_400_300);
    const body = {
      fecha_resolucion: '2021-03-15',
      numero_resolucion: 0,
      actecos: [469000],
      codigo_sucursal: 81234567,
      sucursales: [
        { codigo: 81234567, direccion: 'Av. Los Carrera 550', comuna: 'Concepción', ciudad: 'Concepción' },
        { codigo: 81234568, direccion: 'Calle Prat 12', comuna: 'Temuco' },
      ],
      correo_intercambio: 'dte@andes.cl',
    };
    await harness.registerEmisor(gw, tenant, body).expect(200);
    await harness.uploadCaf(gw, tenant, await harness.simCaf(gw, tenant, 33, 1, 5)).expect(201);
    const res = await harness.emitir(gw, harness.facturaBody(tenant)).expect(201);
    const got = await request(gw.http).get(`/tax/dte/get/${res.body.emision_id}`).set('X-Internal-Key', harness.KEY).expect(200);
    const xml = Buffer.from(got.body.xml_base64, 'base64').toString('latin1');
    expect(xml).toContain('<FchResol>2021-03-15</FchResol><NroResol>0</NroResol>');
    expect(xml).toMatch(/<Acteco>469000<\/Acteco>/);
    expect(xml).not.toMatch(/<Acteco>620200<\/Acteco>/);
    expect(xml).toContain('<CorreoEmisor>dte@andes.cl</CorreoEmisor>');
    expect(xml).toContain(
      '<CdgSIISucur>81234567</CdgSIISucur><DirOrigen>Av. Los Carrera 550</DirOrigen><CmnaOrigen>Concepci\u00f3n</CmnaOrigen>' +
        '<CiudadOrigen>Concepci\u00f3n</CiudadOrigen>',
    );
    // Another registered branch, named in the request: its address; an unregistered one: 422, no folio taken.
    const otra = await harness.emitir(gw, harness.facturaBody(tenant, { codigo_sucursal: 81234568 })).expect(201);
    const otraXml = await request(gw.http).get(`/tax/dte/get/${otra.body.emision_id}`).set('X-Internal-Key', harness.KEY).expect(200);
    expect(Buffer.from(otraXml.body.xml_base64, 'base64').toString('latin1')).toContain(
      '<CdgSIISucur>81234568</CdgSIISucur><DirOrigen>Calle Prat 12</DirOrigen><CmnaOrigen>Temuco</CmnaOrigen></Emisor>',
    );
    const unknown = await harness.emitir(gw, harness.facturaBody(tenant, { codigo_sucursal: 999 })).expect(422);
    expect(unknown.body).toMatchObject({ error: 'sucursal_unknown', errors: [{ field: 'codigo_sucursal' }] });
    expect((await harness.emitir(gw, harness.facturaBody(tenant)).expect(201)).body.folio).toBe(3);
  });

  it('refuses a default branch that is not registered with its address, and a branch listed twice', async () => {
    const tenant = harness.rut(76_400_350);
    const sinDireccion = await harness
      .registerEmisor(gw, tenant, { ...harness.EMISOR_CERTIFICACION, codigo_sucursal: 81234567 })
      .expect(422);
    expect(sinDireccion.body).toMatchObject({ error: 'sucursal_unknown', errors: [{ field: 'codigo_sucursal' }] });
    const sucursal = { codigo: 5, direccion: 'Calle 1', comuna: 'Santiago' };
    const twice = await harness
      .registerEmisor(gw, tenant, { ...harness.EMISOR_CERTIFICACION, sucursales: [sucursal, sucursal] })
      .expect(422);
    expect(twice.body).toMatchObject({ error: 'sucursal_repeated', errors: [{ field: 'sucursales.1.codigo' }] });
    await get(tenant).expect(404);
  });

  it.each(Object.entries(hostileImages()))('refuses the logo %s with 422 logo_invalid and changes nothing', async (_label, bytes) => {
    const tenant = harness.rut(76_400_500);
    const res = await harness.registerEmisor(gw, tenant, { ...harness.EMISOR_CERTIFICACION, logo_base64: bytes.toString('base64') });
    expect([res.status, res.body.error]).toEqual([422, 'logo_invalid']);
    expect(res.body.errors[0]).toMatchObject({ field: 'logo_base64', message: expect.any(String) });
    await get(tenant).expect(404);
  });

  // A stored value is input too: logos stored before PUT checked them (the process once exited printing one).
  it('prints the PDF without a stored logo that fails the check, and with a good one', async () => {
    const tenant = harness.rut(76_400_600);
    await harness.prepareEmisor(gw, tenant, 20);
    const db = gw.app.get(DataSource);
    for (const [label, bytes] of Object.entries({ ...hostileImages(), ...validImages() })) {
      await db.query('UPDATE emisor SET logo = $2 WHERE tenant = $1', [tenant, bytes]);
      const { emision_id } = (await harness.emitir(gw, harness.facturaBody(tenant)).expect(201)).body;
      const pdf = await harness.getBytes(gw, `/tax/dte/${emision_id}/pdf`);
      expect([label, pdf.status]).toEqual([label, 200]);
      expect([label, opaqueImages(pdf.body as Buffer)]).toEqual([label, label in validImages() ? 1 : 0]);
    }
  });

  it('documents actecos as the integers it accepts', async () => {
    const doc = (await gw.app.inject({ method: 'GET', url: '/docs-json' })).json();
    expect(doc.components.schemas.PutEmisorDto.properties.actecos).toMatchObject({ type: 'array', items: { type: 'number' } });
    await harness.registerEmisor(gw, harness.rut(76_400_700), { ...harness.EMISOR_CERTIFICACION, actecos: ['620200'] }).expect(400);
  });

  it.each([
    ['a logo that is not an image', { logo_base64: Buffer.from('<svg/>').toString('base64') }, 422, 'logo_invalid'],
    ['a resolution dated in the last century', { fecha_resolucion: '1999-12-31' }, 422, 'fecha_out_of_range'],
    ['a resolution number other than 0 in certification (CRT-3-19 at the SII)', { numero_resolucion: 80 }, 422, 'resolucion_invalid'],
    ['a resolution date that does not exist', { fecha_resolucion: '2021-02-30' }, 400, 'validation_failed'],
    ['five actecos', { actecos: [1, 2, 3, 4, 5] }, 400, 'validation_failed'],
    ['a null optional field', { correo_intercambio: null }, 400, 'validation_failed'],
  ])('refuses %s and changes nothing', async (_what, change, status, error) => {
    const tenant = harness.rut(76_400_400);
    const res = await harness.registerEmisor(gw, tenant, { ...harness.EMISOR_CERTIFICACION, ...change }).expect(status);
    expect(res.body.error).toBe(error);
    await get(tenant).expect(404);
  });
});
