import { createHash } from 'node:crypto';
import request from 'supertest';
import { emitir, facturaBody, Gateway, getBytes, KEY, prepareEmisor, simCaf, startGateway } from './support/harness';
import { SignerClient } from '../src/signer/signer-client';
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
  // More than 20 emissions a minute (the emission rate limit, tested in acceptance.e2e-spec.ts) make this file's documents.
  gw = await startGateway({ env: { THROTTLE_ENABLED: 'false' } });
  await prepareEmisor(gw, SUPPLIER, 100);
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

  // Anyone who can write to the intercambio mailbox could otherwise block a supplier's invoice (issue 17).
  it('a forged copy received first stays on record with its reason and never shadows the genuine document', async () => {
    const genuine = await intercambio();
    const forged = genuine.replace('<MntTotal>142788</MntTotal>', '<MntTotal>142789</MntTotal>');
    const first = await recibir(TENANT, forged).expect(201);
    expect(first.body.documentos[0]).toMatchObject({ estado: 'rechazado', estado_recepcion: 1, duplicado: false });
    const second = await recibir(TENANT, genuine).expect(201);
    const [doc] = second.body.documentos;
    expect(second.body.documentos).toHaveLength(1);
    expect(doc).toMatchObject({ estado: 'recibido', estado_recepcion: 0, duplicado: false });
    expect(doc.recepcion_id).not.toBe(first.body.documentos[0].recepcion_id);
    expect(Buffer.from(second.body.respuesta.xml_base64, 'base64').toString('latin1')).toContain('<EstadoRecepDTE>0</EstadoRecepDTE>');
    // A forged copy after the genuine one is recorded as failed too, not answered as a repetition of it.
    const third = await recibir(TENANT, forged.replace('<MntTotal>142789</MntTotal>', '<MntTotal>142790</MntTotal>')).expect(201);
    expect(third.body.documentos).toEqual([expect.objectContaining({ estado: 'rechazado', estado_recepcion: 1, duplicado: false })]);
    // The genuine one, sent again in another file, is the repetition of the verified record.
    const again = await recibir(
      TENANT,
      genuine.replace('<?xml version="1.0" encoding="ISO-8859-1"?>', '<?xml version="1.0" encoding="ISO-8859-1" ?>'),
    );
    expect(again.body.documentos).toEqual([expect.objectContaining({ recepcion_id: doc.recepcion_id, duplicado: true })]);
    expect(Buffer.from(again.body.respuesta.xml_base64, 'base64').toString('latin1')).toContain('<EstadoRecepDTE>4</EstadoRecepDTE>');
    // The first file answered again shows its own (failed) record, not the genuine one received after it.
    const replay = await recibir(TENANT, forged).expect(200);
    expect(replay.body.documentos).toEqual([expect.objectContaining({ recepcion_id: first.body.documentos[0].recepcion_id })]);
  });

  it.each([
    [
      'declared UTF-8 holding bytes that are not UTF-8',
      (x: string) =>
        Buffer.from(x.replace('encoding="ISO-8859-1"', 'encoding="UTF-8"').replace('<Folio>', '<!--\u00ff--><Folio>'), 'latin1'),
    ],
    [
      'UTF-16 with a byte order mark',
      (x: string) => Buffer.from(`\ufeff${x.replace('encoding="ISO-8859-1"', 'encoding="UTF-16"')}`, 'utf16le'),
    ],
    ['declared UTF-7', (x: string) => Buffer.from(x.replace('encoding="ISO-8859-1"', 'encoding="UTF-7"'), 'latin1')],
  ])('refuses a file %s with 422 encoding_invalid before the signer is asked, storing nothing', async (_what, encode) => {
    const bytes = encode(await intercambio());
    const signer = gw.app.get(SignerClient);
    const asked = [jest.spyOn(signer, 'verifyXml'), jest.spyOn(signer, 'verifyTed')];
    try {
      const res = await recibir(TENANT, bytes).expect(422);
      expect(res.body).toMatchObject({ error: 'encoding_invalid', detail: expect.stringMatching(/utf/i) });
      expect(asked.map((spy) => spy.mock.calls.length)).toEqual([0, 0]);
      await recibir(TENANT, bytes).expect(422);
    } finally {
      asked.forEach((spy) => spy.mockRestore());
    }
  });

  it('refuses a document type the intercambio does not carry with 422 tipo_dte_unsupported naming it', async () => {
    const boleta = (await intercambio()).replace(/<TipoDTE>33<\/TipoDTE>/g, '<TipoDTE>39</TipoDTE>');
    const res = await recibir(TENANT, boleta).expect(422);
    expect(res.body).toMatchObject({
      error: 'tipo_dte_unsupported',
      tipo_dte: 39,
      detail: expect.stringContaining('TipoDTE 39 (boleta electrónica)'),
    });
  });

  // SII Formato DTE v2.2 §2.2: content is never a reason to refuse. The signer is told the signatures hold, so that the
  // only failing check is the totals one (an edited MntNeto: the DD carries MNT, the total, not the neto).
  it('a document whose totals do not add up is received, with the difference as an observation', async () => {
    const xml = (await intercambio()).replace('<MntNeto>119990</MntNeto>', '<MntNeto>119989</MntNeto>');
    const signer = gw.app.get(SignerClient);
    const valid = { valid: true, reasons: [] };
    const spies = [jest.spyOn(signer, 'verifyXml').mockResolvedValue(valid), jest.spyOn(signer, 'verifyTed').mockResolvedValue(valid)];
    try {
      const res = await recibir(TENANT, xml).expect(201);
      const [doc] = res.body.documentos;
      expect(doc).toMatchObject({ estado: 'recibido', estado_recepcion: 0 });
      expect(failed(doc.verificaciones)).toEqual(['totales']);
      expect(doc.verificaciones.find((v: { verificacion: string }) => v.verificacion === 'totales').detalle).toContain('MntNeto');
    } finally {
      spies.forEach((s) => s.mockRestore());
    }
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
      .expect((r) => expect(r.body.error).toBe('resultado_already_issued'));
  });

  it('refuses text ISO-8859-1 cannot hold with 422 text_invalid naming the field, and transliterates typographic text', async () => {
    const fresh = (await recibir(TENANT, await intercambio()).expect(201)).body.documentos[0].recepcion_id;
    const answer = (path: string, body: object) =>
      request(gw.http).post(`/tax/recepcion/${fresh}/${path}`).set('X-Internal-Key', KEY).send(body);
    for (const [path, body, field] of [
      ['resultado', { estado: 'aceptado', glosa: 'Conforme 😀' }, 'glosa'],
      ['resultado', { estado: 'aceptado', glosa: 'Conforme\u0007' }, 'glosa'],
      ['recibo', { recinto: 'Bodega 🏭' }, 'recinto'],
    ] as const) {
      const res = await answer(path, body).expect(422);
      expect(res.body).toMatchObject({ error: 'text_invalid', errors: [{ field }] });
    }
    const ok = await answer('resultado', { estado: 'aceptado', glosa: 'Precio “conforme” – gracias…' }).expect(201);
    expect(Buffer.from(ok.body.xml_base64, 'base64').toString('latin1')).toContain(
      '<EstadoDTEGlosa>Precio &quot;conforme&quot; - gracias...</EstadoDTEGlosa>',
    );
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
