import { createHash } from 'node:crypto';
import request from 'supertest';
import { KEY, Gateway, emitir, getBytes, facturaBody, registerEmisor, simCaf, startGateway, uploadCaf } from './support/harness';
import { xmllint, xmlsecVerify } from './support/independent-checks';

const SUPPLIER = '76086428-5';
const TENANT = '77777777-7';
const OTHER = '96790240-3';

let gw: Gateway;
let certificatePem: string;

/** Emits a factura from SUPPLIER to TENANT and returns the EnvioDTE addressed to TENANT (latin1 text). */
async function intercambio(): Promise<string> {
  const res = await emitir(gw, facturaBody(SUPPLIER)).expect(201);
  const env = await getBytes(gw, `/tax/dte/${res.body.emision_id}/intercambio`);
  expect(env.status).toBe(200);
  expect(env.headers['content-type']).toContain('application/xml');
  return Buffer.from(env.body as Buffer).toString('latin1');
}

function recibir(tenant: string, xml: string | Buffer, key = KEY) {
  const bytes = typeof xml === 'string' ? Buffer.from(xml, 'latin1') : xml;
  return request(gw.http)
    .post('/tax/recepcion/dte')
    .set('X-Internal-Key', key)
    .send({ tenant, xml_base64: bytes.toString('base64') });
}

const failed = (checks: { verificacion: string; ok: boolean }[]) => checks.filter((c) => !c.ok).map((c) => c.verificacion);

beforeAll(async () => {
  gw = await startGateway();
  await registerEmisor(gw, SUPPLIER).expect(200);
  await uploadCaf(gw, SUPPLIER, await simCaf(gw, SUPPLIER, 33, 1, 100)).expect(201);
  const cert = await request(gw.signer.url).get('/sign/certificate').set('X-Internal-Key', gw.signer.key);
  certificatePem = cert.body.certificate_pem;
}, 120_000);

afterAll(async () => {
  await gw?.close();
});

describe('POST /tax/recepcion/dte', () => {
  it('an EnvioDTE emitted by the gateway for one tenant passes every check when another tenant receives it', async () => {
    const xml = await intercambio();
    expect(xml).toContain(`<RutReceptor>${TENANT}</RutReceptor>`);
    const res = await recibir(TENANT, xml).expect(201);
    expect(res.body).toMatchObject({ tenant: TENANT, estado_envio: 0, glosa: 'Envio Recibido Conforme', duplicado: false });
    expect(failed(res.body.verificaciones)).toEqual([]);
    const [doc] = res.body.documentos;
    expect(doc).toMatchObject({ rut_emisor: SUPPLIER, tipo_dte: 33, estado: 'recibido', estado_recepcion: 0, duplicado: false });
    expect(doc.montos).toEqual({ neto: 119990, exento: 0, iva: 22798, total: 142788 });

    const detail = await request(gw.http).get(`/tax/recepcion/${doc.recepcion_id}`).set('X-Internal-Key', KEY).expect(200);
    expect(failed(detail.body.verificaciones)).toEqual([]);
    expect(detail.body.verificaciones.map((v: { verificacion: string }) => v.verificacion)).toEqual([
      'xsd',
      'firma_envio',
      'caratula_receptor',
      'firma_documento',
      'ted_firma',
      'caf',
      'caf_emisor',
      'receptor',
      'ted_documento',
      'totales',
    ]);
    expect(Buffer.from(detail.body.xml_base64, 'base64').equals(Buffer.from(xml, 'latin1'))).toBe(true);
    expect(detail.body.respuestas.map((r: { tipo: string }) => r.tipo)).toEqual(['RecepcionEnvio']);
  });

  it('answers a signed RecepcionEnvio that xmllint and xmlsec1 accept, and the same file again with the stored result', async () => {
    const xml = await intercambio();
    const first = await recibir(TENANT, xml).expect(201);
    const answer = Buffer.from(first.body.respuesta.xml_base64, 'base64');
    expect((await xmllint(answer, 'RespuestaEnvioDTE_v10.xsd')).code).toBe(0);
    const sig = await xmlsecVerify(answer, certificatePem, "/*[local-name()='RespuestaDTE']/*[local-name()='Signature']");
    expect(sig).toMatchObject({ code: 0 });
    const text = answer.toString('latin1');
    expect(text).toContain(`<RutResponde>${TENANT}</RutResponde><RutRecibe>${SUPPLIER}</RutRecibe>`);
    expect(text).toContain('<EstadoRecepEnv>0</EstadoRecepEnv>');
    expect(text).toContain('<EstadoRecepDTE>0</EstadoRecepDTE>');

    const again = await recibir(TENANT, xml).expect(200);
    expect(again.body).toMatchObject({ envio_id: first.body.envio_id, duplicado: true });
    expect(again.body.documentos[0]).toMatchObject({ recepcion_id: first.body.documentos[0].recepcion_id, duplicado: true });
    expect(again.body.respuesta.respuesta_id).toBe(first.body.respuesta.respuesta_id);
    const list = await request(gw.http)
      .get('/tax/recepcion')
      .query({ tenant: TENANT, rut_emisor: SUPPLIER, tipo_dte: 33 })
      .set('X-Internal-Key', KEY)
      .expect(200);
    const ids = list.body.items.map((i: { recepcion_id: string }) => i.recepcion_id);
    expect(ids.filter((id: string) => id === first.body.documentos[0].recepcion_id)).toHaveLength(1);
    expect(ids[0]).toBe(first.body.documentos[0].recepcion_id);
  });

  it('a tampered amount fails the Documento signature, the timbre and the totals', async () => {
    const xml = (await intercambio()).replace('<MntTotal>142788</MntTotal>', '<MntTotal>142789</MntTotal>');
    const res = await recibir(TENANT, xml).expect(201);
    const doc = res.body.documentos[0];
    expect(doc).toMatchObject({ estado: 'rechazado', estado_recepcion: 1 });
    const detail = await request(gw.http).get(`/tax/recepcion/${doc.recepcion_id}`).set('X-Internal-Key', KEY).expect(200);
    expect(failed(detail.body.verificaciones)).toEqual(
      expect.arrayContaining(['firma_envio', 'firma_documento', 'ted_documento', 'totales']),
    );
    expect(detail.body.verificaciones.find((v: { verificacion: string }) => v.verificacion === 'ted_documento').detalle).toContain('MNT');
  });

  it('a DTE whose signature was removed fails the schema and the Documento signature', async () => {
    const xml = (await intercambio()).replace(/(<\/Documento>)\s*<Signature[\s\S]*?<\/Signature>(\s*<\/DTE>)/, '$1$2');
    const res = await recibir(TENANT, xml).expect(201);
    expect(res.body.estado_envio).toBe(1);
    expect(failed(res.body.verificaciones)).toContain('xsd');
    expect(res.body.documentos[0]).toMatchObject({ estado: 'rechazado', estado_recepcion: 1 });
  });

  it('a swapped certificate fails the Documento signature', async () => {
    const xml = await intercambio();
    const certs = [...xml.matchAll(/<X509Certificate>([^<]+)<\/X509Certificate>/g)];
    const other = gw.authority.certificatePem.replace(/-----[^-]+-----|\s/g, '');
    const swapped = xml.replace(certs[0][1], other);
    const res = await recibir(TENANT, swapped).expect(201);
    const detail = await request(gw.http).get(`/tax/recepcion/${res.body.documentos[0].recepcion_id}`).set('X-Internal-Key', KEY);
    expect(failed(detail.body.verificaciones)).toContain('firma_documento');
    expect(res.body.documentos[0].estado_recepcion).toBe(1);
  });

  it('a TED carrying another CAF fails the timbre signature and the CAF range', async () => {
    const otherCaf = (await simCaf(gw, SUPPLIER, 33, 5001, 5100)).toString('latin1');
    const cafElement = /<CAF\b[\s\S]*<\/CAF>/.exec(otherCaf)?.[0] as string;
    const xml = (await intercambio()).replace(/<CAF\b[\s\S]*<\/CAF>/, cafElement);
    const res = await recibir(TENANT, xml).expect(201);
    const detail = await request(gw.http).get(`/tax/recepcion/${res.body.documentos[0].recepcion_id}`).set('X-Internal-Key', KEY);
    expect(failed(detail.body.verificaciones)).toEqual(expect.arrayContaining(['ted_firma', 'caf']));
    expect(detail.body.verificaciones.find((v: { verificacion: string }) => v.verificacion === 'caf').detalle).toContain('5001-5100');
  });

  it('a file addressed to another RUT is recorded with EstadoRecepEnv 3 and EstadoRecepDTE 3', async () => {
    const res = await recibir(OTHER, await intercambio()).expect(201);
    expect(res.body.estado_envio).toBe(3);
    expect(failed(res.body.verificaciones)).toEqual(['caratula_receptor']);
    expect(res.body.documentos[0]).toMatchObject({ tenant: OTHER, estado: 'rechazado', estado_recepcion: 3 });
    expect(Buffer.from(res.body.respuesta.xml_base64, 'base64').toString('latin1')).toContain('<EstadoRecepEnv>3</EstadoRecepEnv>');
  });

  it('refuses what is not a DTE with 4xx and stores nothing', async () => {
    const before = await request(gw.http).get('/tax/recepcion').query({ tenant: TENANT }).set('X-Internal-Key', KEY);
    await recibir(TENANT, '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>').expect(422);
    await recibir(TENANT, `${'<a>'.repeat(200)}${'</a>'.repeat(200)}`).expect(422);
    await recibir(TENANT, '<RespuestaDTE/>').expect(422);
    await recibir('12345678-0', '<a/>').expect(400);
    const after = await request(gw.http).get('/tax/recepcion').query({ tenant: TENANT }).set('X-Internal-Key', KEY);
    expect(after.body.total).toBe(before.body.total);
  });

  it.each([
    ['UTF-8 with a BOM', 'UTF-8', true],
    ['UTF-8 without a BOM', 'UTF-8', false],
    ['windows-1252', 'windows-1252', false],
  ])('a file re-encoded as %s passes every check and is stored byte for byte', async (_name, encoding, bom) => {
    const text = (await intercambio()).replace(/encoding="ISO-8859-1"/, `encoding="${encoding}"`);
    const body = encoding === 'UTF-8' ? Buffer.from(text, 'utf8') : Buffer.from(text, 'latin1');
    const bytes = bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
    const res = await recibir(TENANT, bytes).expect(201);
    expect(failed(res.body.verificaciones)).toEqual([]);
    expect(res.body.documentos[0]).toMatchObject({ estado: 'recibido', estado_recepcion: 0 });
    expect(res.body.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const detail = await request(gw.http).get(`/tax/recepcion/${res.body.documentos[0].recepcion_id}`).set('X-Internal-Key', KEY);
    expect(Buffer.from(detail.body.xml_base64, 'base64').equals(bytes)).toBe(true);
  });

  it('a standalone DTE (no envelope) passes its checks against DTE_v10.xsd', async () => {
    const envio = await intercambio();
    const dte = /<DTE [\s\S]*<\/DTE>/.exec(envio)?.[0] ?? '';
    const standalone = `<?xml version="1.0" encoding="ISO-8859-1"?>\n${dte.includes('xmlns=') ? dte : dte.replace('<DTE ', '<DTE xmlns="http://www.sii.cl/SiiDte" ')}`;
    const res = await recibir(TENANT, standalone).expect(201);
    expect(failed(res.body.verificaciones)).toEqual([]);
    expect(res.body.documentos[0]).toMatchObject({ estado: 'recibido', estado_recepcion: 0 });
  });

  it('accepts the file as multipart', async () => {
    const xml = await intercambio();
    const res = await request(gw.http)
      .post('/tax/recepcion/dte')
      .set('X-Internal-Key', KEY)
      .field('tenant', TENANT)
      .attach('file', Buffer.from(xml, 'latin1'), { filename: 'envio.xml', contentType: 'application/xml' })
      .expect(201);
    expect(res.body.documentos[0].estado).toBe('recibido');
  });
});

describe('commercial answers', () => {
  let recepcionId: string;

  beforeAll(async () => {
    const res = await recibir(TENANT, await intercambio()).expect(201);
    recepcionId = res.body.documentos[0].recepcion_id;
  });

  it('ResultadoDTE: signed, valid against RespuestaEnvioDTE_v10.xsd, once per DTE', async () => {
    const res = await request(gw.http)
      .post(`/tax/recepcion/${recepcionId}/resultado`)
      .set('X-Internal-Key', KEY)
      .send({ estado: 'aceptado' })
      .expect(201);
    const xml = Buffer.from(res.body.xml_base64, 'base64');
    expect((await xmllint(xml, 'RespuestaEnvioDTE_v10.xsd')).code).toBe(0);
    expect((await xmlsecVerify(xml, certificatePem, "/*[local-name()='RespuestaDTE']/*[local-name()='Signature']")).code).toBe(0);
    expect(xml.toString('latin1')).toContain('<EstadoDTE>0</EstadoDTE>');
    await request(gw.http)
      .post(`/tax/recepcion/${recepcionId}/resultado`)
      .set('X-Internal-Key', KEY)
      .send({ estado: 'rechazado' })
      .expect(409)
      .expect((r) => expect(r.body.error).toBe('resultado_ya_emitido'));
  });

  it('EnvioRecibos: signed at both levels, valid against EnvioRecibos_v10.xsd, once per DTE', async () => {
    const res = await request(gw.http)
      .post(`/tax/recepcion/${recepcionId}/recibo`)
      .set('X-Internal-Key', KEY)
      .send({ recinto: 'Bodega central' })
      .expect(201);
    const xml = Buffer.from(res.body.xml_base64, 'base64');
    expect((await xmllint(xml, 'EnvioRecibos_v10.xsd')).code).toBe(0);
    expect((await xmlsecVerify(xml, certificatePem, "/*[local-name()='EnvioRecibos']/*[local-name()='Signature']")).code).toBe(0);
    expect((await xmlsecVerify(xml, certificatePem, "//*[local-name()='Recibo']/*[local-name()='Signature']")).code).toBe(0);
    await request(gw.http).post(`/tax/recepcion/${recepcionId}/recibo`).set('X-Internal-Key', KEY).send({ recinto: 'x' }).expect(409);
    const detail = await request(gw.http).get(`/tax/recepcion/${recepcionId}`).set('X-Internal-Key', KEY).expect(200);
    expect(detail.body.estado_comercial).toBe('aceptado');
    expect(detail.body.respuestas.map((r: { tipo: string }) => r.tipo)).toEqual(['RecepcionEnvio', 'ResultadoDTE', 'EnvioRecibos']);
  });

  it('a DTE that failed reception can only be rejected, and gets no receipt', async () => {
    const res = await recibir(OTHER, await intercambio()).expect(201);
    const id = res.body.documentos[0].recepcion_id;
    await request(gw.http).post(`/tax/recepcion/${id}/resultado`).set('X-Internal-Key', KEY).send({ estado: 'aceptado' }).expect(409);
    await request(gw.http).post(`/tax/recepcion/${id}/recibo`).set('X-Internal-Key', KEY).send({ recinto: 'x' }).expect(409);
    await request(gw.http).post(`/tax/recepcion/${id}/resultado`).set('X-Internal-Key', KEY).send({ estado: 'rechazado' }).expect(201);
  });
});
