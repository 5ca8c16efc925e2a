import request from 'supertest';
import { Gateway, KEY, emitir, facturaBody, registerEmisor, simCaf, startGateway, uploadCaf } from './support/harness';
import { DOCUMENTO_SIGNATURE, ENVELOPE_SIGNATURE, tedVerifies, xmllintEnvio, xmlsecVerify } from './support/independent-checks';
import { TABLE } from './support/emission-table-rows';

// Every row is an ordinary document a Chilean business issues, emitted through the API, checked by independent
// tools (xmllint, xmlsec1, node crypto for the TED), judged by the SII stand-in's content checks (DOK), with
// totals computed by hand in the row (SII Formato DTE v2.2 §B Totales, §C Detalle, §D DscRcgGlobal, §4 codes).
const TENANT = '76086428-5';

describe('emission table: 30+ documents checked by xmllint, xmlsec1, the TED and the SII stand-in', () => {
  let gw: Gateway;
  let certificatePem: string;
  const cafs = new Map<number, Buffer>();

  beforeAll(async () => {
    // The rate limit of emissions (20 per minute) is not what this suite tests.
    gw = await startGateway({ env: { THROTTLE_ENABLED: 'false' } });
    await registerEmisor(gw, TENANT).expect(200);
    for (const tipo of [33, 34, 43, 46, 52, 56, 61, 110, 111, 112]) {
      const caf = await simCaf(gw, TENANT, tipo, 1, 100);
      cafs.set(tipo, caf);
      await uploadCaf(gw, TENANT, caf).expect(201);
    }
    const cert = await request(gw.signer.url).get('/sign/certificate').set('X-Internal-Key', gw.signer.key).expect(200);
    certificatePem = cert.body.certificate_pem;
  }, 120_000);

  afterAll(async () => {
    await gw?.close();
  });

  it('has at least 30 rows', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(30);
  });

  it.each(TABLE)('%s', async (_name, tipo, fields, esperado) => {
    const res = await emitir(gw, facturaBody(TENANT, { tipo_dte: tipo, ...fields }));
    expect({ status: res.status, body: res.status === 201 ? undefined : res.body }).toEqual({ status: 201, body: undefined });
    expect(res.body.montos).toEqual({ descuentos: 0, recargos: 0, impuestos_adicionales: [], ...esperado });

    const got = await request(gw.http).get(`/tax/dte/get/${res.body.emision_id}`).set('X-Internal-Key', KEY).expect(200);
    const envio = Buffer.from(got.body.xml_base64, 'base64');
    const lint = await xmllintEnvio(envio);
    expect(lint.output).toContain('validates');
    expect(tedVerifies(envio.toString('latin1'), (cafs.get(tipo) as Buffer).toString('latin1'))).toBe(true);
    for (const xpath of [ENVELOPE_SIGNATURE, DOCUMENTO_SIGNATURE]) expect((await xmlsecVerify(envio, certificatePem, xpath)).code).toBe(0);
    const judged = gw.authority.uploads.get(res.body.trackid)?.documents[0];
    expect({ result: judged?.result, detail: judged?.detail }).toEqual({ result: 'DOK', detail: undefined });
    expect(judged?.montos).toEqual({ neto: esperado.neto, exento: esperado.exento, iva: esperado.iva, total: esperado.total });
  });
});
