import { createHash } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import request from 'supertest';
import { AuditoriaService } from '../src/auditoria/auditoria.service';
import { Gateway, KEY, emitir, facturaBody, registerEmisor, rut, simCaf, startGateway, uploadCaf } from './support/harness';
import { opensslCmsVerify } from './support/independent-checks';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

// Audit receipts (spec 1 §9): each critical operation gets a CMS receipt from the signing service over the canonical
// JSON of who, what, when and the bytes' sha256, verified here with the system openssl.
describe('audit receipts (e2e)', () => {
  let gw: Gateway;
  let certificatePem: string;
  const tenant = rut(76_970_100);
  const api = () => request(gw.http);
  const listar = (query: Record<string, string>) => api().get('/tax/auditoria').query(query).set('X-Internal-Key', KEY);

  beforeAll(async () => {
    gw = await startGateway();
    await registerEmisor(gw, tenant).expect(200);
    const cert = await request(gw.signer.url).get('/sign/certificate').set('X-Internal-Key', gw.signer.key).expect(200);
    certificatePem = cert.body.certificate_pem;
  }, 60_000);

  afterAll(async () => {
    await gw?.close();
  });

  it('signs a receipt for the CAF upload and the emission, naming the bytes involved, verifiable with openssl', async () => {
    const caf = await simCaf(gw, tenant, 33, 1, 10);
    const subido = await uploadCaf(gw, tenant, caf).expect(201);
    const emitido = await emitir(gw, facturaBody(tenant)).expect(201);
    const envio = Buffer.from(
      (await api().get(`/tax/dte/get/${emitido.body.emision_id}`).set('X-Internal-Key', KEY).expect(200)).body.xml_base64,
      'base64',
    );

    const lista = await listar({ tenant }).expect(200);
    expect(
      lista.body.items.map((a: { operacion: string; recurso: string; sha256: string; estado: string }) => [
        a.operacion,
        a.recurso,
        a.sha256,
        a.estado,
      ]),
    ).toEqual([
      ['emision', emitido.body.emision_id, sha256(envio), 'firmado'],
      ['caf_upload', subido.body.caf_id, sha256(caf), 'firmado'],
    ]);

    const recibo = await api().get(`/tax/auditoria/${lista.body.items[0].id}`).set('X-Internal-Key', KEY).expect(200);
    expect(JSON.parse(recibo.body.canonical)).toEqual({
      version: 1,
      operacion: 'emision',
      actor: 'admin',
      tenant,
      recurso: emitido.body.emision_id,
      sha256: sha256(envio),
      at: recibo.body.at,
    });
    const check = await opensslCmsVerify(Buffer.from(recibo.body.cms_base64, 'base64'), certificatePem);
    expect(check.output).toContain('Verification successful');
    expect(check.content).toBe(recibo.body.canonical);
  }, 60_000);

  it('a signer outage leaves the receipt pending, and the retry loop completes it', async () => {
    gw.msw.use(http.post(`${gw.signer.url}/sign/cms`, () => HttpResponse.json({ error: 'down' }, { status: 503 })));
    try {
      await api().delete('/tax/auth/token').query({ tenant }).set('X-Internal-Key', KEY).expect(204);
    } finally {
      gw.msw.resetHandlers();
    }
    const pendiente = (await listar({ tenant, operacion: 'token_invalidado' }).expect(200)).body.items[0];
    expect(pendiente).toMatchObject({ estado: 'pendiente', cms_base64: null, intentos: 1, error: expect.stringContaining('sign_cms') });

    expect(await gw.app.get(AuditoriaService).retry()).toBeGreaterThanOrEqual(1);
    const firmado = (await api().get(`/tax/auditoria/${pendiente.id}`).set('X-Internal-Key', KEY).expect(200)).body;
    expect(firmado).toMatchObject({ estado: 'firmado', intentos: 2, error: null });
    const check = await opensslCmsVerify(Buffer.from(firmado.cms_base64, 'base64'), certificatePem);
    expect({ code: check.code, content: check.content }).toEqual({ code: 0, content: pendiente.canonical });
  }, 60_000);

  it('records imported sessions and their deletion without any cookie value', async () => {
    const representado = rut(76_970_200);
    const cookie = { name: 'TOKEN', value: 'SECRETO123', domain: new URL(gw.portalUrl as string).hostname, path: '/' };
    await api()
      .post('/tax/auth/import-session')
      .set('X-Internal-Key', KEY)
      .send({ representado_rut: representado, cookies: [cookie] })
      .expect(200);
    await api().delete(`/tax/auth/import-session/${representado}`).set('X-Internal-Key', KEY).expect(204);
    const items = (await listar({}).expect(200)).body.items.filter((a: { recurso: string }) => a.recurso === representado);
    expect(items.map((a: { operacion: string }) => a.operacion)).toEqual(['sesion_borrada', 'sesion_importada']);
    expect(JSON.stringify(items)).not.toContain('SECRETO123');
  });

  it('refuses bad filters and ids with 400, an unknown receipt with 404, other callers with 403', async () => {
    await listar({ operacion: 'borrar_todo' }).expect(400);
    await listar({ desde: '2026-02-30' }).expect(400);
    await api().get('/tax/auditoria/no-es-uuid').set('X-Internal-Key', KEY).expect(400);
    const missing = await api().get('/tax/auditoria/6b1c4f0e-8d52-4d7a-9b9e-2a0c1f3e4d5b').set('X-Internal-Key', KEY);
    expect({ status: missing.status, error: missing.body.error }).toEqual({ status: 404, error: 'auditoria_not_found' });
  });
});
