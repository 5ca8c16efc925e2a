import axios from 'axios';
import { setupServer } from 'msw/node';
import { SiiFakeAuthority } from './authority';
import { createSiiFakeHandlers } from './msw';
import { makeTestCertificate, signedGetToken, tag } from '../test/helpers';
import { EMISOR, boleta, cafFor, signedBoleta, signedEnvioBoleta, uploadForm } from '../test/envio';

// docs/research/boletas.md §1: apicert for seed, token and estado, pangal for the upload.
const API = 'https://apicert.sii.cl/recursos/v1';
const UPLOAD = 'https://pangal.sii.cl/recursos/v1';
const MOZILLA = 'Mozilla/4.0 ( compatible; PROG 1.0; Windows NT)';
const cert = makeTestCertificate('12345678-5');
let clock = new Date();
const authority = new SiiFakeAuthority({ now: () => clock, estUpDelaysMs: 1000 });
const server = setupServer(...createSiiFakeHandlers(authority));
const get = (url: string, headers: Record<string, string> = {}) =>
  axios.get(url, { headers, validateStatus: () => true, responseType: 'text' });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

async function boletaToken(): Promise<string> {
  const seed = tag((await get(`${API}/boleta.electronica.semilla`, { Accept: 'application/xml' })).data, 'SEMILLA') as string;
  const res = await axios.post(`${API}/boleta.electronica.token`, signedGetToken(seed, cert), {
    headers: { 'Content-Type': 'application/xml' },
    responseType: 'text',
  });
  return tag(res.data, 'TOKEN') as string;
}

async function enviar(file: Buffer, token: string, ua = MOZILLA) {
  const form = uploadForm(cert.rut, file, { filename: 'EnvioBOLETA.xml', contentType: 'application/xml' });
  return axios.post(`${UPLOAD}/boleta.electronica.envio`, form.getBuffer(), {
    headers: { ...form.getHeaders(), Cookie: `TOKEN=${token}`, 'User-Agent': ua, Accept: 'application/json' },
    validateStatus: () => true,
  });
}

const estado = (trackid: number | string, token: string, rut = EMISOR) =>
  axios.get(`${API}/boleta.electronica.envio/${rut}-${trackid}`, { headers: { Cookie: `TOKEN=${token}` }, validateStatus: () => true });

describe('the boleta REST services', () => {
  let caf: Awaited<ReturnType<typeof cafFor>>;
  let token: string;
  beforeAll(async () => {
    caf = await cafFor(authority, 39, 1, 100);
    token = await boletaToken();
  });
  beforeEach(() => (clock = new Date()));

  it('the seed is the SOAP CrSeed answer as plain XML, and the token comes from the signed seed', async () => {
    const seed = await get(`${API}/boleta.electronica.semilla`);
    expect(seed.status).toBe(200);
    expect(seed.data).toMatch(
      /<SII:RESPUESTA[^>]*><SII:RESP_HDR><ESTADO>00<\/ESTADO><\/SII:RESP_HDR><SII:RESP_BODY><SEMILLA>\d{12}<\/SEMILLA>/,
    );
    expect(token).toMatch(/^[A-Za-z0-9]{13}$/);
  });

  it('takes an EnvioBOLETA with REC and a 15-digit trackid, then reports REC, SOK, ... PRD and EPR with its statistics', async () => {
    const file = signedEnvioBoleta([signedBoleta(boleta(1), caf, cert), signedBoleta(boleta(2), caf, cert)], cert);
    const res = await enviar(file, token);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ rut_emisor: EMISOR, rut_envia: cert.rut, estado: 'REC', file: 'EnvioBOLETA.xml' });
    expect(String(res.data.trackid)).toMatch(/^\d{15}$/);
    expect(res.data.fecha_recepcion).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    const seen = [];
    for (let i = 0; i < 6; i++) {
      seen.push((await estado(res.data.trackid, token)).data.estado);
      clock = new Date(clock.getTime() + 1000);
    }
    expect(seen).toEqual(['REC', 'SOK', 'CRT', 'FOK', 'PRD', 'EPR']);
    const final = (await estado(res.data.trackid, token)).data;
    expect(final.estadistica).toEqual([{ tipo: 39, informados: 2, aceptados: 2, rechazados: 0, reparos: 0 }]);
    expect(final.detalle_rep_rech).toEqual([]);
  });

  it('rejects a boleta whose rule is broken and objects to wrong amounts, each named in detalle_rep_rech', async () => {
    const sinAfectas = signedBoleta(boleta(3), caf, cert, (x) =>
      x.replace('<NroLinDet>1</NroLinDet>', '<NroLinDet>1</NroLinDet><IndExe>1</IndExe>'),
    );
    const ivaMal = signedBoleta(boleta(4), caf, cert, (x) =>
      x.replace('<IVA>1900</IVA>', '<IVA>1899</IVA>').replace('<MntNeto>10000</MntNeto>', '<MntNeto>10001</MntNeto>'),
    );
    const res = await enviar(signedEnvioBoleta([sinAfectas, ivaMal, signedBoleta(boleta(5), caf, cert)], cert), token);
    clock = new Date(clock.getTime() + 10_000);
    const final = (await estado(res.data.trackid, token)).data;
    expect(final.estado).toBe('EPR');
    expect(final.estadistica).toEqual([{ tipo: 39, informados: 3, aceptados: 2, rechazados: 1, reparos: 1 }]);
    const [rch, rpr] = final.detalle_rep_rech;
    expect(rch).toMatchObject({ tipo: 39, folio: 3, estado: 'RCH', descripcion: 'Dte Rechazado' });
    expect(rch.error[0]).toMatchObject({ seccion: 'DET', nivel: 3, descripcion: '(DET) Boleta afecta sin lineas afectas' });
    expect(rpr).toMatchObject({ tipo: 39, folio: 4, estado: 'RLV' });
    expect(rpr.error.map((e: { descripcion: string }) => e.descripcion)).toEqual([
      '(HED) MntNeto 10001 distinto de el monto afecto dividido por 1,19 (10000)',
      '(HED) IVA 1899 distinto de el monto afecto menos el neto (1900)',
    ]);
  });

  it('refuses a whole envío: schema RSC, carátula RCT, the same file again RPT, a boleta already received RCH', async () => {
    const final = async (file: Buffer) => {
      const res = await enviar(file, token);
      clock = new Date(clock.getTime() + 10_000);
      return (await estado(res.data.trackid, token)).data;
    };
    const b = signedBoleta(boleta(10), caf, cert);
    const sinIndServicio = signedBoleta(boleta(11), caf, cert, (x) => x.replace('<IndServicio>3</IndServicio>', ''));
    expect(await final(signedEnvioBoleta([sinIndServicio], cert))).toMatchObject({
      estado: 'RSC',
      detalle_rep_rech: [{ tipo: null, folio: null, estado: 'RCH' }],
    });
    expect((await final(signedEnvioBoleta([b], cert, '11111111-1'))).detalle_rep_rech[0].error[0]).toMatchObject({
      seccion: 'CRT',
      descripcion: '(CRT-3-18) RUT Receptor (Caratula) Invalido',
    });
    const file = signedEnvioBoleta([b], cert);
    expect((await final(file)).estado).toBe('EPR');
    expect((await final(file)).estado).toBe('RPT');
    const otra = await final(signedEnvioBoleta([b, signedBoleta(boleta(12), caf, cert)], cert));
    expect(otra.estadistica).toEqual([{ tipo: 39, informados: 2, aceptados: 1, rechazados: 1, reparos: 0 }]);
    expect(otra.detalle_rep_rech).toHaveLength(1);
    expect(otra.detalle_rep_rech[0]).toMatchObject({ folio: 10, estado: 'RCH' });
    expect(otra.detalle_rep_rech[0].error[0].descripcion).toMatch(/ya recibida/);
  });

  it("answers 401 to a SOAP token, a missing one or a non-Mozilla User-Agent, and 404 for another company's envío", async () => {
    const file = signedEnvioBoleta([signedBoleta(boleta(20), caf, cert)], cert);
    const soap = authority.issueToken(cert.rut).token;
    expect((await enviar(file, soap)).status).toBe(401);
    expect((await enviar(file, 'nope')).status).toBe(401);
    expect((await enviar(file, token, 'node-fetch/1.0')).status).toBe(401);
    const ok = await enviar(file, token);
    expect(ok.status).toBe(200);
    expect((await estado(ok.data.trackid, soap)).status).toBe(401);
    expect((await estado(ok.data.trackid, token, '11111111-1')).status).toBe(404);
  });

  it('answers one boleta: "falta ..." until every parameter is given, then DOK, DNK when its data differ, FAU when not received', async () => {
    const res = await enviar(signedEnvioBoleta([signedBoleta(boleta(30), caf, cert)], cert), token);
    clock = new Date(clock.getTime() + 10_000);
    expect((await estado(res.data.trackid, token)).data.estado).toBe('EPR');
    const hoy = boleta(30).fecha_emision.split('-').reverse().join('-');
    const consulta = (folio: number, params: Record<string, string>, tok = token) =>
      axios.get(`${API}/boleta.electronica/${EMISOR}-39-${folio}/estado`, {
        params,
        headers: { Cookie: `TOKEN=${tok}` },
        validateStatus: () => true,
        responseType: 'text',
      });
    const todo = { rut_receptor: '66666666', dv_receptor: '6', monto: '11900', fechaEmision: hoy };
    expect((await consulta(30, { rut_receptor: '66666666' })).data).toBe('falta dv_receptor');
    expect(JSON.parse((await consulta(30, todo)).data)).toEqual({
      codigo: 'DOK',
      descripcion: 'Documento Recibido por el SII. Datos Coinciden con los Registrados',
    });
    expect(JSON.parse((await consulta(30, { ...todo, monto: '11000' })).data).codigo).toBe('DNK');
    expect(JSON.parse((await consulta(31, todo)).data).codigo).toBe('FAU');
    expect((await consulta(30, todo, authority.issueToken(cert.rut).token)).status).toBe(401);
  });
});
