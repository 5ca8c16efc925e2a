import { santiagoDate } from '@lib/dte';
import request from 'supertest';
import { DataSource } from 'typeorm';
import * as harness from './support/harness';

const TENANT = '76086428-5';

describe('DTE emission (e2e: real PostgreSQL, dev signer, SII fake)', () => {
  let gw: harness.Gateway;

  beforeAll(async () => {
    gw = await harness.startGateway();
    await harness.prepareEmisor(gw, TENANT, 50);
  });

  afterAll(async () => {
    await gw?.close();
  });

  it('emits a factura 33, follows it to EPR and serves the exact uploaded bytes', async () => {
    const res = await harness.emitir(gw, harness.facturaBody(TENANT)).expect(201);
    expect(res.body).toEqual({
      emision_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      tipo_dte: 33,
      folio: 1,
      trackid: expect.stringMatching(/^\d{10}$/),
      estado: 'uploaded',
      montos: { neto: 119_990, exento: 0, iva: 22_798, total: 142_788, descuentos: 0, recargos: 0, impuestos_adicionales: [] },
      // No source knows 77777777-7 here (the list of DTE-authorized taxpayers was not downloaded): the caller's name.
      receptor: { rut: '77777777-7', razon_social: 'Receptor de Prueba SpA', razon_social_fuente: 'solicitud' },
    });

    const estado = await harness.waitForFinalEstado(gw, TENANT, res.body.trackid);
    expect(estado).toMatchObject({ trackid: res.body.trackid, estado: 'EPR' });
    expect(estado.documentos).toEqual([{ tipo_dte: 33, informados: 1, aceptados: 1, rechazados: 0, reparos: 0 }]);

    const got = await request(gw.http).get(`/tax/dte/get/${res.body.emision_id}`).set('X-Internal-Key', harness.KEY).expect(200);
    expect(got.body).toMatchObject({
      emision_id: res.body.emision_id,
      tenant: TENANT,
      tipo_dte: 33,
      folio: 1,
      trackid: res.body.trackid,
      estado: 'EPR',
      montos: { neto: 119_990, exento: 0, iva: 22_798, total: 142_788 },
      receptor: { rut: '77777777-7', razon_social: 'Receptor de Prueba SpA' },
    });
    expect(got.body.historial.map((h: { estado: string }) => h.estado)).toEqual(expect.arrayContaining(['signed', 'uploaded', 'EPR']));
    const xml = Buffer.from(got.body.xml_base64, 'base64');
    // The fake SII keeps the SHA-256 of what it received: the stored bytes are exactly those.
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(xml).digest('hex')).toBe(gw.authority.uploads.get(res.body.trackid)?.sha256);
    const text = xml.toString('latin1');
    expect(text.startsWith('<?xml version="1.0" encoding="ISO-8859-1"?>')).toBe(true);
    expect(text).toContain('<RutReceptor>60803000-K</RutReceptor>');
    expect(text).toContain('integraci\u00f3n'); // Latin-1 byte 0xF3, not UTF-8
    expect(xml.includes(Buffer.from([0xc3, 0xb3]))).toBe(false);
  });

  it('uses the canonical data of the tenant as Emisor (canonical-data rule)', async () => {
    const datos = await request(gw.http)
      .get('/tax/contribuyente/datos')
      .query({ tenant: TENANT })
      .set('X-Internal-Key', harness.KEY)
      .expect(200);
    const res = await harness.emitir(gw, harness.facturaBody(TENANT)).expect(201);
    const got = await request(gw.http).get(`/tax/dte/get/${res.body.emision_id}`).set('X-Internal-Key', harness.KEY).expect(200);
    const text = Buffer.from(got.body.xml_base64, 'base64').toString('latin1');
    const escaped = datos.body.razon_social.replace(/&/g, '&amp;');
    expect(text).toContain(`<RznSoc>${escaped}</RznSoc>`);
    expect(text).toContain(`<Acteco>${Number(datos.body.giros[0].codigo)}</Acteco>`);
  });

  it('emits a factura exenta 34 with every line exempt', async () => {
    await harness.uploadCaf(gw, TENANT, await harness.simCaf(gw, TENANT, 34, 1, 10)).expect(201);
    const res = await harness.emitir(gw, harness.facturaBody(TENANT, { tipo_dte: 34 })).expect(201);
    expect(res.body).toMatchObject({ tipo_dte: 34, folio: 1, montos: { neto: 0, exento: 119_990, iva: 0, total: 119_990 } });
    expect((await harness.waitForFinalEstado(gw, TENANT, res.body.trackid)).estado).toBe('EPR');
  });

  it('requires referencias for notes 56 and 61 (422) and emits a 61 that references a 33', async () => {
    for (const tipo of [56, 61]) {
      const res = await harness.emitir(gw, harness.facturaBody(TENANT, { tipo_dte: tipo })).expect(422);
      expect(res.body.error).toBe('referencias_required');
    }
    await harness.uploadCaf(gw, TENANT, await harness.simCaf(gw, TENANT, 61, 1, 10)).expect(201);
    const res = await harness
      .emitir(
        gw,
        harness.facturaBody(TENANT, {
          tipo_dte: 61,
          referencias: [{ tipo_doc: 33, folio: 1, fecha: '2026-01-15', codigo: 1, razon: 'Anula factura' }],
        }),
      )
      .expect(201);
    expect(res.body).toMatchObject({ tipo_dte: 61, folio: 1 });
    expect((await harness.waitForFinalEstado(gw, TENANT, res.body.trackid)).estado).toBe('EPR');
  });

  it('answers 409 caf_missing without a CAF for the type and takes no folio', async () => {
    const other = harness.rut(76_111_222);
    await harness.registerEmisor(gw, other).expect(200);
    const res = await harness.emitir(gw, harness.facturaBody(other)).expect(409);
    expect(res.body).toMatchObject({ error: 'caf_missing', status: 409 });
    await harness
      .emitir(gw, harness.facturaBody(TENANT, { tipo_dte: 56, referencias: [{ tipo_doc: 33, folio: 1, fecha: '2026-01-15', codigo: 3 }] }))
      .expect(409);
  });

  it('rejects invalid input with 400 (receptor RUT, empty detalle, unknown tipo)', async () => {
    for (const body of [
      harness.facturaBody(TENANT, { receptor: { ...harness.facturaBody(TENANT).receptor, rut: '77777777-8' } }),
      harness.facturaBody(TENANT, { detalle: [] }),
      harness.facturaBody(TENANT, { tipo_dte: 39 }),
      harness.facturaBody('76086428-4'),
    ]) {
      const res = await harness.emitir(gw, body).expect(400);
      expect(res.body.error).toBe('validation_failed');
    }
  });

  it('a character outside ISO-8859-1 without an equivalent (an emoji, not a euro sign) is a 422 dte_invalid before any folio is taken', async () => {
    const db = gw.app.get(DataSource);
    const before = await db.query('SELECT count(*)::int AS n FROM dte_emission');
    const res = await harness
      .emitir(gw, harness.facturaBody(TENANT, { detalle: [{ nombre: 'Servicio \u{1F382}', cantidad: 1, precio_unitario: 1000 }] }))
      .expect(422);
    expect(res.body.error).toBe('dte_invalid');
    expect(await db.query('SELECT count(*)::int AS n FROM dte_emission')).toEqual(before);
  });

  it('GET /tax/dte/get of an unknown id is a 404 problem, of a malformed id a 400', async () => {
    const res = await request(gw.http)
      .get('/tax/dte/get/00000000-0000-4000-8000-000000000000')
      .set('X-Internal-Key', harness.KEY)
      .expect(404);
    expect(res.body).toMatchObject({ error: 'emission_not_found', status: 404 });
    await request(gw.http).get('/tax/dte/get/not-a-uuid').set('X-Internal-Key', harness.KEY).expect(400);
  });

  it('carries payment terms and line details through the API: FmaPago, FchVenc, CdgItem, UnmdItem, DescuentoMonto, DscItem', async () => {
    const today = santiagoDate();
    const body = harness.facturaBody(TENANT, {
      forma_pago: 2,
      fecha_vencimiento: '2050-01-31',
      fecha_emision: today,
      detalle: [
        {
          nombre: 'Horas de soporte',
          descripcion: 'Marzo',
          codigo: 'SOP-01',
          unidad: 'HR',
          cantidad: 10,
          precio_unitario: 25_000,
          descuento_monto: 5_000,
        },
      ],
    });
    const res = await harness.emitir(gw, body).expect(201);
    expect(res.body.montos).toEqual({
      neto: 245_000,
      exento: 0,
      iva: 46_550,
      total: 291_550,
      descuentos: 5_000,
      recargos: 0,
      impuestos_adicionales: [],
    });
    const got = await request(gw.http).get(`/tax/dte/get/${res.body.emision_id}`).set('X-Internal-Key', harness.KEY).expect(200);
    const xml = Buffer.from(got.body.xml_base64, 'base64').toString('latin1');
    for (const fragment of [
      '<FmaPago>2</FmaPago><FchVenc>2050-01-31</FchVenc>',
      '<CdgItem><TpoCodigo>INT1</TpoCodigo><VlrCodigo>SOP-01</VlrCodigo></CdgItem>',
      '<NmbItem>Horas de soporte</NmbItem><DscItem>Marzo</DscItem>',
      '<UnmdItem>HR</UnmdItem>',
      '<DescuentoMonto>5000</DescuentoMonto><MontoItem>245000</MontoItem>',
    ]) {
      expect(xml).toContain(fragment);
    }
  });
});
