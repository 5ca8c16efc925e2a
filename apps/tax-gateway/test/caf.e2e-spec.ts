import request from 'supertest';
import { Gateway, KEY, rut, simCaf, startGateway, uploadCaf } from './support/harness';

const TENANT = '76086428-5';
const SIX_MONTHS_AGO_AND_MORE = 200 * 24 * 3600 * 1000;

describe('CAF upload and status (e2e)', () => {
  let gw: Gateway;

  beforeAll(async () => {
    gw = await startGateway();
  });

  afterAll(async () => {
    await gw?.close();
  });

  it('accepts a CAF from the authority: 201 with its range; the folio key goes to the signer, not the database', async () => {
    const file = await simCaf(gw, TENANT, 33, 1, 100);
    const res = await uploadCaf(gw, TENANT, file).expect(201);
    expect(res.body).toEqual({
      caf_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      tenant: TENANT,
      tipo_dte: 33,
      desde: 1,
      hasta: 100,
      fecha_autorizacion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      ultimo_dia_valido: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      siguiente_folio: 1,
      disponibles: 100,
      vigente: true,
    });
    const { DataSource } = await import('typeorm');
    const rows = await gw.app.get(DataSource).query('SELECT caf_xml, signer_caf_id FROM caf WHERE id = $1', [res.body.caf_id]);
    const stored = (rows[0].caf_xml as Buffer).toString('latin1');
    expect(stored.startsWith('<CAF version="1.0">')).toBe(true);
    expect(stored).not.toContain('RSASK');
    expect(stored).not.toContain('PRIVATE KEY');
    expect(rows[0].signer_caf_id).toEqual(expect.any(String));
  });

  it('GET /tax/caf/status lists folios available per DTE type', async () => {
    await uploadCaf(gw, TENANT, await simCaf(gw, TENANT, 61, 5, 9)).expect(201);
    const res = await request(gw.http).get('/tax/caf/status').query({ tenant: TENANT }).set('X-Internal-Key', KEY).expect(200);
    expect(res.body.tenant).toBe(TENANT);
    const byTipo = Object.fromEntries(res.body.tipos.map((t: { tipo_dte: number; disponibles: number }) => [t.tipo_dte, t.disponibles]));
    expect(byTipo).toEqual({ 33: 100, 61: 5 });
    const empty = await request(gw.http)
      .get('/tax/caf/status')
      .query({ tenant: rut(76_333_444) })
      .set('X-Internal-Key', KEY)
      .expect(200);
    expect(empty.body.tipos).toEqual([]);
  });

  it('says when to request folios: the expiry of the CAF in use, an alerta per type, and the same facts as gauges', async () => {
    const res = await request(gw.http).get('/tax/caf/status').query({ tenant: TENANT }).set('X-Internal-Key', KEY).expect(200);
    const byTipo = Object.fromEntries(res.body.tipos.map((t: { tipo_dte: number }) => [t.tipo_dte, t]));
    expect(byTipo[33]).toMatchObject({ disponibles: 100, vence: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), alerta: null });
    expect(byTipo[61]).toMatchObject({
      disponibles: 5,
      alerta: { tipo: 'pocos_folios', detalle: expect.stringContaining('5 folios left') },
    });
    const metrics = (await request(gw.http).get('/metrics').set('X-Internal-Key', KEY).expect(200)).text;
    expect(metrics).toMatch(/caf_folios_available\{[^}]*tipo_dte="61"[^}]*\} 5/);
    expect(metrics).toMatch(/caf_alert\{[^}]*tipo_dte="61"[^}]*alerta="pocos_folios"[^}]*\} 1/);
    // Closed label sets: never a RUT in a label.
    expect(metrics).not.toMatch(/\{[^}]*\d{7,8}-[\dK][^}]*\}/);
    expect(metrics).toMatch(/caf_days_to_expiry\{[^}]*tipo_dte="33"[^}]*\} 1[78]\d/);
  });

  it('refuses a CAF of another RUT with 422 caf_tenant_mismatch', async () => {
    const other = rut(76_555_666);
    const res = await uploadCaf(gw, TENANT, await simCaf(gw, other, 33, 1, 10)).expect(422);
    expect(res.body).toMatchObject({ error: 'caf_tenant_mismatch', status: 422 });
  });

  it('refuses an overlapping range for the same (tenant, tipo) with 409 caf_overlap', async () => {
    const file = await simCaf(gw, TENANT, 34, 1, 20);
    await uploadCaf(gw, TENANT, file).expect(201);
    const res = await uploadCaf(gw, TENANT, file).expect(409);
    expect(res.body).toMatchObject({ error: 'caf_overlap', status: 409 });
  });

  it('refuses an expired CAF (33: 6 months after FA) with 422 caf_expired, but a 34 does not expire', async () => {
    gw.clock.offsetMs = -SIX_MONTHS_AGO_AND_MORE;
    const old33 = await simCaf(gw, TENANT, 33, 500, 510);
    const old34 = await simCaf(gw, TENANT, 34, 500, 510);
    gw.clock.offsetMs = 0;
    const res = await uploadCaf(gw, TENANT, old33).expect(422);
    expect(res.body).toMatchObject({ error: 'caf_expired', ultimo_dia_valido: expect.any(String) });
    const ok = await uploadCaf(gw, TENANT, old34).expect(201);
    expect(ok.body).toMatchObject({ tipo_dte: 34, ultimo_dia_valido: null, vigente: true });
  });

  it('refuses a CAF whose FRMA does not verify (tampered range) with 422 caf_signature_invalid', async () => {
    const file = await simCaf(gw, TENANT, 56, 1, 10);
    const tampered = Buffer.from(file.toString('latin1').replace('<H>10</H>', '<H>99</H>'), 'latin1');
    expect(tampered.equals(file)).toBe(false);
    const res = await uploadCaf(gw, TENANT, tampered).expect(422);
    expect(res.body).toMatchObject({ error: 'caf_signature_invalid' });
  });

  it('refuses a CAF whose RSASK is not the key of RSAPK with 422 caf_key_mismatch', async () => {
    const a = (await simCaf(gw, TENANT, 56, 100, 110)).toString('latin1');
    const b = (await simCaf(gw, TENANT, 56, 200, 210)).toString('latin1');
    const foreignKey = /<RSASK>[\s\S]*<\/RSASK>/.exec(b)?.[0] ?? '';
    const mixed = Buffer.from(a.replace(/<RSASK>[\s\S]*<\/RSASK>/, foreignKey), 'latin1');
    const res = await uploadCaf(gw, TENANT, mixed).expect(422);
    expect(res.body.error).toBe('caf_key_mismatch');
  });

  it('answers 400 without a file, with a bad tenant, or for a non-multipart body; 422 for a file that is not a CAF', async () => {
    const file = await simCaf(gw, TENANT, 56, 300, 310);
    const noFile = await uploadCaf(gw, TENANT, undefined).expect(400);
    expect(noFile.body).toMatchObject({ error: 'validation_failed', errors: [{ field: 'file', message: expect.any(String) }] });
    const badTenant = await uploadCaf(gw, '76086428-4', file).expect(400);
    expect(badTenant.body.errors[0].field).toBe('tenant');
    await uploadCaf(gw, undefined, file).expect(400);
    await request(gw.http).post('/tax/caf/upload').set('X-Internal-Key', KEY).send({ tenant: TENANT }).expect(400);
    const garbage = await uploadCaf(gw, TENANT, Buffer.from('<?xml version="1.0"?><RESPUESTA/>')).expect(422);
    expect(garbage.body.error).toBe('caf_invalid');
  });

  it('requires the internal key', async () => {
    await uploadCaf(gw, TENANT, Buffer.from('x'), 'wrong-key').expect(401);
    await request(gw.http).get('/tax/caf/status').query({ tenant: TENANT }).expect(401);
  });
});
