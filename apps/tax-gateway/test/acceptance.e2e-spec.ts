import { createHash } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { TEST_KEYS } from '@lib/testing';
import {
  emitir,
  facturaBody,
  Gateway,
  KEY,
  prepareEmisor,
  registerEmisor,
  rut,
  SII_BASE,
  simCaf,
  startGateway,
  uploadCaf,
  waitForFinalEstado,
} from './support/harness';
import { DOCUMENTO_SIGNATURE, ENVELOPE_SIGNATURE, tedVerifies, xmllintEnvio, xmlsecVerify } from './support/independent-checks';

const TENANT = '76086428-5';

/** Acceptance checks of the walking skeleton, with independent verifiers (system xmllint and xmlsec1, node crypto). */
describe('acceptance: DTE emission checked by independent tools', () => {
  let gw: Gateway;
  let cafFile: Buffer;
  let envio: Buffer;
  let certificatePem: string;
  const db = () => gw.app.get(DataSource);
  const count = async (tenant: string) =>
    (await db().query('SELECT count(*)::int AS n FROM dte_emission WHERE tenant = $1', [tenant]))[0].n as number;

  beforeAll(async () => {
    gw = await startGateway();
    cafFile = await simCaf(gw, TENANT, 33, 1, 20);
    await registerEmisor(gw, TENANT).expect(200);
    await uploadCaf(gw, TENANT, cafFile).expect(201);
    const res = await emitir(gw, facturaBody(TENANT)).expect(201);
    expect((await waitForFinalEstado(gw, TENANT, res.body.trackid)).estado).toBe('EPR');
    const got = await request(gw.http).get(`/tax/dte/get/${res.body.emision_id}`).set('X-Internal-Key', KEY).expect(200);
    envio = Buffer.from(got.body.xml_base64, 'base64');
    expect(createHash('sha256').update(envio).digest('hex')).toBe(gw.authority.uploads.get(res.body.trackid)?.sha256);
    const cert = await request(gw.signer.url).get('/sign/certificate').set('X-Internal-Key', gw.signer.key).expect(200);
    certificatePem = cert.body.certificate_pem;
  });

  afterAll(async () => {
    await gw?.close();
  });

  it('the uploaded EnvioDTE validates with the system xmllint against EnvioDTE_v10.xsd', async () => {
    const result = await xmllintEnvio(envio);
    expect(result.output).toContain('validates');
    expect(result.code).toBe(0);
  });

  it('its TED FRMT verifies with the CAF public key (RSA-SHA1 over the flattened DD in ISO-8859-1)', () => {
    const text = envio.toString('latin1');
    expect(tedVerifies(text, cafFile.toString('latin1'))).toBe(true);
    expect(tedVerifies(text.replace('<MNT>142788</MNT>', '<MNT>142789</MNT>'), cafFile.toString('latin1'))).toBe(false);
  });

  it('its envelope and Documento signatures verify with xmlsec1 and the signer certificate', async () => {
    for (const xpath of [ENVELOPE_SIGNATURE, DOCUMENTO_SIGNATURE]) {
      const ok = await xmlsecVerify(envio, certificatePem, xpath);
      expect(ok.output).toContain('OK');
      expect(ok.code).toBe(0);
    }
    // The verifier can fail: one changed character in the Documento breaks both digests.
    const tampered = Buffer.from(envio.toString('latin1').replace('<MntNeto>119990</MntNeto>', '<MntNeto>119991</MntNeto>'), 'latin1');
    for (const xpath of [ENVELOPE_SIGNATURE, DOCUMENTO_SIGNATURE]) {
      expect((await xmlsecVerify(tampered, certificatePem, xpath)).code).not.toBe(0);
    }
  });

  it('five concurrent emissions get five distinct consecutive folios', async () => {
    const tenant = rut(76_200_300);
    await prepareEmisor(gw, tenant, 10);
    const results = await Promise.all(Array.from({ length: 5 }, () => emitir(gw, facturaBody(tenant))));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(results.map((r) => r.body.folio).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(results.map((r) => r.body.trackid)).size).toBe(5);
    const status = await request(gw.http).get('/tax/caf/status').query({ tenant }).set('X-Internal-Key', KEY).expect(200);
    expect(status.body.tipos[0]).toMatchObject({ tipo_dte: 33, disponibles: 5 });
  });

  it('signer down: 503 signer_unavailable, no emission row, and the folio is not consumed', async () => {
    const tenant = rut(76_200_400);
    await prepareEmisor(gw, tenant, 10);
    // Token and taxpayer data are warm, so the signer fails inside the emission transaction (TED), after the folio was taken.
    await request(gw.http).get('/tax/contribuyente/datos').query({ tenant }).set('X-Internal-Key', KEY).expect(200);
    gw.msw.use(http.all(`${gw.signer.url}/sign/*`, () => HttpResponse.error()));
    try {
      const res = await emitir(gw, facturaBody(tenant)).expect(503);
      expect(res.body).toMatchObject({ status: 503, error: 'signer_unavailable' });
      expect(await count(tenant)).toBe(0);
    } finally {
      gw.msw.resetHandlers();
    }
    const next = await emitir(gw, facturaBody(tenant)).expect(201);
    expect(next.body.folio).toBe(1);
  });

  it.each([
    [7, 'Error de Schema'],
    [8, 'Firma del DTE incorrecta'],
  ])(
    'SII upload STATUS %i: 502 sii_rejected, the emission stays as upload_failed and its folio is never reused',
    async (status, detail) => {
      const tenant = rut(76_200_500 + status);
      await prepareEmisor(gw, tenant, 10);
      gw.msw.use(
        http.post(`${SII_BASE}/cgi_dte/UPL/DTEUpload`, () =>
          HttpResponse.text(
            `<?xml version="1.0"?>\n<RECEPCIONDTE><STATUS>${status}</STATUS><DETAIL><ERROR>${detail}</ERROR></DETAIL></RECEPCIONDTE>`,
            {
              headers: { 'content-type': 'text/xml' },
            },
          ),
        ),
      );
      let failed;
      try {
        failed = await emitir(gw, facturaBody(tenant)).expect(502);
      } finally {
        gw.msw.resetHandlers();
      }
      expect(failed.body).toMatchObject({
        status: 502,
        error: 'sii_rejected',
        sii_status: String(status),
        sii_details: [detail],
        folio: 1,
      });
      const got = await request(gw.http).get(`/tax/dte/get/${failed.body.emision_id}`).set('X-Internal-Key', KEY).expect(200);
      expect(got.body).toMatchObject({
        estado: 'upload_failed',
        trackid: null,
        folio: 1,
        error: { error: 'sii_rejected', sii_status: String(status) },
      });
      expect(got.body.historial.map((h: { estado: string }) => h.estado)).toEqual(['signed', 'upload_failed']);
      const next = await emitir(gw, facturaBody(tenant)).expect(201);
      expect(next.body.folio).toBe(2);
    },
  );

  it('a token the SII rejects during the upload (STATUS 5) is renewed once and the emission succeeds', async () => {
    gw.authority.tokens.clear();
    const seeds = gw.authority.seeds.size;
    const res = await emitir(gw, facturaBody(TENANT)).expect(201);
    expect(res.body.estado).toBe('uploaded');
    expect(gw.authority.seeds.size - seeds).toBe(1);
  });

  it('every route answers 401 unauthorized without a key', async () => {
    const routes: [string, string][] = [
      ['post', '/tax/auth/token'],
      ['delete', '/tax/auth/token'],
      ['get', `/tax/contribuyente/datos?tenant=${TENANT}`],
      ['get', `/tax/contribuyente/datos-rut/${TENANT}`],
      ['get', `/tax/contribuyente/estado?tenant=${TENANT}`],
      ['get', `/tax/contribuyente/giros?tenant=${TENANT}`],
      ['get', `/tax/contribuyente/representantes?tenant=${TENANT}`],
      ['post', '/tax/contribuyente/cache/clear'],
      ['post', '/tax/caf/upload'],
      ['get', `/tax/caf/status?tenant=${TENANT}`],
      ['post', '/tax/dte/emitir'],
      ['get', `/tax/dte/estado?tenant=${TENANT}&trackid=1`],
      ['get', '/tax/dte/get/00000000-0000-4000-8000-000000000000'],
    ];
    for (const [method, path] of routes) {
      const res = await (request(gw.http) as unknown as Record<string, (p: string) => request.Test>)[method](path).expect(401);
      expect(res.body.error).toBe('unauthorized');
    }
  });

  it('limits emissions to 20 per minute per caller + tenant: the 21st is 429 rate_limited with Retry-After', async () => {
    const tenant = rut(76_200_600);
    const body = { tenant, tipo_dte: 33 }; // invalid on purpose: counted, never emitted
    for (let i = 0; i < 20; i++) await emitir(gw, body, TEST_KEYS.accounting).expect(400);
    const limited = await emitir(gw, body, TEST_KEYS.accounting).expect(429);
    expect(limited.body).toMatchObject({ status: 429, error: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another caller, or another tenant, has its own budget.
    await emitir(gw, body, TEST_KEYS.admin).expect(400);
    await emitir(gw, { tenant: rut(76_200_601), tipo_dte: 33 }, TEST_KEYS.accounting).expect(400);
  });

  it('exposes the gateway metrics on /metrics', async () => {
    const res = await request(gw.http).get('/metrics').set('X-Internal-Key', KEY).expect(200);
    expect(res.text).toMatch(/dtes_emitted_total\{tipo_dte="33"[^}]*\} [1-9]/);
    expect(res.text).toMatch(/sii_requests_total\{operation="DTEUpload",outcome="rejected"[^}]*\} 2/);
    expect(res.text).toMatch(/signer_request_duration_seconds_count\{[^}]*operation="sign_ted",outcome="ok"[^}]*\} [1-9]/);
    expect(res.text).toMatch(/signer_request_duration_seconds_count\{[^}]*operation="sign_ted",outcome="unavailable"[^}]*\} 1/);
    // Spec 1's nine counters and histograms, and the three CAF gauges: nothing else besides Node's process metrics.
    const names = [...res.text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]).filter((n) => !/^(process|nodejs)_/.test(n));
    expect(names.sort()).toEqual(
      [
        'cache_lookups_total',
        'caf_alert',
        'caf_days_to_expiry',
        'caf_folios_available',
        'dtes_emitted_total',
        'dtes_received_total',
        'http_request_duration_seconds',
        'http_requests_total',
        'scrape_runs_total',
        'signer_request_duration_seconds',
        'sii_request_duration_seconds',
        'sii_requests_total',
      ].sort(),
    );
    // Closed label sets: never a RUT in a label.
    expect(res.text).not.toMatch(/\{[^}]*\d{7,8}-[\dK][^}]*\}/);
  });
});
