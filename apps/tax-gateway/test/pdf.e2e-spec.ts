import { santiagoDate } from '@lib/dte';
import { execFileSync } from 'node:child_process';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Gateway, KEY, emitir, facturaBody, getBytes, registerEmisor, rut, simCaf, startGateway, uploadCaf } from './support/harness';

// GET /tax/dte/{emision_id}/pdf: rendered from the stored EnvioDTE, stored, regenerated when missing.
describe('GET /tax/dte/{emision_id}/pdf (e2e)', () => {
  let gw: Gateway;
  const tenant = rut(76_700_100);
  const pdf = (id: string, query: Record<string, string> = {}) => getBytes(gw, `/tax/dte/${id}/pdf`, query);
  let factura = '';
  let nota = '';

  beforeAll(async () => {
    gw = await startGateway();
    await registerEmisor(gw, tenant, { fecha_resolucion: '2021-03-15', numero_resolucion: 0, oficina_sii: 'Santiago Oriente' }).expect(200);
    await uploadCaf(gw, tenant, await simCaf(gw, tenant, 33, 1, 5)).expect(201);
    await uploadCaf(gw, tenant, await simCaf(gw, tenant, 61, 1, 5)).expect(201);
    factura = (await emitir(gw, facturaBody(tenant)).expect(201)).body.emision_id;
    const ref = [{ tipo_doc: '33', folio: '1', fecha: santiagoDate(), codigo: 1 }];
    nota = (await emitir(gw, facturaBody(tenant, { tipo_dte: 61, referencias: ref })).expect(201)).body.emision_id;
  });

  afterAll(async () => {
    await gw?.close();
  });

  it('answers the printed factura with the issuer’s SII office and resolution, and the same bytes again', async () => {
    const first = await pdf(factura).expect(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe('inline; filename="F1T33.pdf"');
    expect(first.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-', '-'], { input: first.body }).toString('utf8');
    expect(text).toContain('S.I.I. - SANTIAGO ORIENTE');
    expect(text).toContain('Res. 0 de 2021');
    expect(text).toContain('Timbre Electrónico SII');
    expect((await pdf(factura).expect(200)).body.equals(first.body)).toBe(true);
  });

  it('prints the CEDIBLE copy of a factura, refuses it for a note, and regenerates a missing PDF', async () => {
    const cedible = await pdf(factura, { cedible: 'true' }).expect(200);
    expect(execFileSync('pdftotext', ['-', '-'], { input: cedible.body }).toString('utf8')).toContain('CEDIBLE');
    const refused = await request(gw.http).get(`/tax/dte/${nota}/pdf`).query({ cedible: 'true' }).set('X-Internal-Key', KEY).expect(422);
    expect(refused.body.error).toBe('cedible_not_applicable');
    await gw.app.get(DataSource).query('DELETE FROM dte_pdf WHERE emision_id = $1', [nota]);
    expect((await pdf(nota).expect(200)).body.subarray(0, 5).toString()).toBe('%PDF-');
    const rows = await gw.app.get(DataSource).query('SELECT cedible FROM dte_pdf WHERE emision_id = $1', [nota]);
    expect(rows).toEqual([{ cedible: false }]);
  });

  it('answers 404 for an unknown emission', async () => {
    const res = await request(gw.http).get('/tax/dte/00000000-0000-4000-8000-000000000000/pdf').set('X-Internal-Key', KEY).expect(404);
    expect(res.body.error).toBe('emission_not_found');
  });
});
