import { santiagoDate } from '@lib/dte';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PdfFormato1797000000018 } from '../src/database/migrations/1797000000018-PdfFormato';
import { Gateway, KEY, emitir, facturaBody, getBytes, registerEmisor, rut, simCaf, startGateway, uploadCaf } from './support/harness';

// GET /tax/dte/{emision_id}/pdf: rendered from the stored EnvioDTE, stored, regenerated when missing.
describe('GET /tax/dte/{emision_id}/pdf (e2e)', () => {
  let gw: Gateway;
  let dir: string;
  const tenant = rut(76_700_100);
  const pdf = (id: string, query: Record<string, string> = {}) => getBytes(gw, `/tax/dte/${id}/pdf`, query);
  let factura = '';
  let nota = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gw-pdf-'));
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
    rmSync(dir, { recursive: true, force: true });
  });

  /** Pages and page size in points of a PDF answer, as poppler's pdfinfo reads them. */
  function pdfInfo(body: Buffer): { pages: number; width: number } {
    const file = join(dir, 'answer.pdf');
    writeFileSync(file, body);
    const info = execFileSync('pdfinfo', [file]).toString();
    return { pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]), width: Number(/Page size:\s+([\d.]+) x/.exec(info)?.[1]) };
  }

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
    const rows = await gw.app.get(DataSource).query('SELECT cedible, formato FROM dte_pdf WHERE emision_id = $1', [nota]);
    expect(rows).toEqual([{ cedible: false, formato: 'carta' }]);
  });

  it('prints the 80 mm thermal roll with ?formato=termica, stored apart from the LETTER copy', async () => {
    const carta = await pdf(factura).expect(200);
    const roll = await pdf(factura, { formato: 'termica' }).expect(200);
    expect(roll.headers['content-type']).toBe('application/pdf');
    expect(roll.headers['content-disposition']).toBe('inline; filename="F1T33-termica.pdf"');
    const info = pdfInfo(roll.body);
    expect(info.pages).toBe(1);
    expect(info.width).toBeCloseTo(226.77, 1);
    expect(pdfInfo(carta.body).width).toBe(612);
    const text = execFileSync('pdftotext', ['-', '-'], { input: roll.body }).toString('utf8').replace(/\s+/g, ' ');
    expect(text).toContain('S.I.I. - SANTIAGO ORIENTE');
    expect(text).toContain('Forma de pago: Contado');
    expect(text).toContain('Timbre Electrónico SII Res. 0 de 2021 Verifique documento: www.sii.cl');
    expect((await pdf(factura, { formato: 'termica' }).expect(200)).body.equals(roll.body)).toBe(true);
    const rows = await gw.app
      .get(DataSource)
      .query('SELECT cedible, formato FROM dte_pdf WHERE emision_id = $1 AND NOT cedible ORDER BY formato', [factura]);
    expect(rows).toEqual([
      { cedible: false, formato: 'carta' },
      { cedible: false, formato: 'termica' },
    ]);
  });

  it('refuses an unknown formato (400) and CEDIBLE on the thermal roll (422)', async () => {
    const bad = await request(gw.http).get(`/tax/dte/${factura}/pdf`).query({ formato: 'xx' }).set('X-Internal-Key', KEY).expect(400);
    expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(bad.body.error).toBe('validation_failed');
    expect(JSON.stringify(bad.body.errors)).toContain('formato');
    const cedible = await request(gw.http)
      .get(`/tax/dte/${factura}/pdf`)
      .query({ cedible: 'true', formato: 'termica' })
      .set('X-Internal-Key', KEY)
      .expect(422);
    expect(cedible.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(cedible.body.error).toBe('cedible_not_applicable');
    expect(cedible.body.detail).toContain('thermal roll');
  });

  it('answers 404 for an unknown emission', async () => {
    const res = await request(gw.http).get('/tax/dte/00000000-0000-4000-8000-000000000000/pdf').set('X-Internal-Key', KEY).expect(404);
    expect(res.body.error).toBe('emission_not_found');
  });

  // Last: it takes the table back to its shape before the migration.
  it('migration 1797000000018 keeps the PDFs stored before as carta, one row per emission, copy and formato', async () => {
    const db = gw.app.get(DataSource);
    const q = db.createQueryRunner();
    try {
      await new PdfFormato1797000000018().down(q);
      await q.query('DELETE FROM dte_pdf WHERE emision_id = $1', [factura]);
      await q.query('INSERT INTO dte_pdf (emision_id, cedible, pdf) VALUES ($1, false, $2)', [factura, Buffer.from('%PDF-stored before')]);
      await new PdfFormato1797000000018().up(q);
      expect(await q.query('SELECT cedible, formato FROM dte_pdf WHERE emision_id = $1', [factura])).toEqual([
        { cedible: false, formato: 'carta' },
      ]);
      const insert = (formato: string) =>
        q.query('INSERT INTO dte_pdf (emision_id, cedible, formato, pdf) VALUES ($1, false, $2, $3)', [factura, formato, Buffer.from('x')]);
      await expect(insert('carta')).rejects.toThrow(/duplicate key/);
      await expect(insert('a4')).rejects.toThrow(/check constraint/);
      await expect(
        q.query('INSERT INTO dte_pdf (emision_id, cedible, pdf) VALUES ($1, true, $2)', [factura, Buffer.from('x')]),
      ).rejects.toThrow(/null value/);
    } finally {
      await q.release();
    }
    expect((await pdf(factura).expect(200)).body.toString()).toBe('%PDF-stored before');
    expect((await pdf(factura, { formato: 'termica' }).expect(200)).body.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
