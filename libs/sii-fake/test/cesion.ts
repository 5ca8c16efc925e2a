// A cesión scenario for the RPETC specs: one stand-in with a clock the specs move, the issuer's DTEs uploaded through DTEUpload
// (so that the SII received them), synthetic AECs (test/aec.ts) sent through RTCAnotEnvio and followed with wsRPETCConsulta.
import FormData from 'form-data';
import {
  REGISTRO_RECLAMO_NS,
  parseSiiRespuesta,
  parseSoapReturn,
  santiagoDate,
  santiagoTimestamp,
  soapLiteralRequest,
  soapRequest,
  type DocumentoInput,
} from '@lib/dte';
import { SiiFakeAuthority } from '../src/authority';
import type { SiiFakeOptions } from '../src/state';
import { makeTestCertificate, tag, type TestCertificate } from './helpers';
import { EMISOR, cafFor, documento, rutFields, signedDte, signedEnvio, uploadForm } from './envio';
import { buildAec, partesFirmadas, type AecInput, type CesionInput, type IdDte, type Parte } from './aec';

export const SII = 'https://maullin.sii.cl';
export const RPETC = `${SII}/DTEWS/services/wsRPETCConsulta`;
export const DEUDOR = '77777777-7';
export const FACTOR_A = '76111111-6';
export const FACTOR_B = '76222222-1';
export const OTRA = '76333333-7';
/** Each envío state lasts this long in the scenario's stand-in. */
export const PASO_MS = 1000;

export const CEDENTE_PARTE: Parte = { rut: EMISOR, razonSocial: 'Comercial Nuble Prueba SpA' };
export const FACTOR_A_PARTE: Parte = { rut: FACTOR_A, razonSocial: 'Factoring Uno SpA' };
export const FACTOR_B_PARTE: Parte = { rut: FACTOR_B, razonSocial: 'Factoring Dos SpA' };

/** FMT C.14's text, with the scenario's made-up parties. */
export const DECLARACION =
  'Se declara bajo juramento que Comercial Nuble Prueba SpA, RUT 76555835-2 ha puesto a disposicion del cesionario Factoring Uno SpA, ' +
  'RUT 76111111-6, el o los documentos donde constan los recibos de las mercaderias entregadas o servicios prestados, entregados por ' +
  'parte del deudor de la factura Cliente de Prueba Ltda., RUT 77777777-7, de acuerdo a lo establecido en la Ley N 19.983';

/** A DTE the stand-in received: its signed XML (as uploaded) and its IdDTE. */
export interface Emitido {
  dte: string;
  idDte: IdDte;
}

export interface Anotacion {
  status: number;
  trackId?: string;
  xml: string;
}

/** Made once per spec file (RSA key generation is slow): the issuer's representative, then each factoring company's. */
const CERTIFICADOS = {
  emisor: makeTestCertificate('12345678-5', 'REPRESENTANTE EMISOR'),
  factorA: makeTestCertificate('13131313-6', 'REPRESENTANTE FACTOR UNO'),
  factorB: makeTestCertificate('14141414-3', 'REPRESENTANTE FACTOR DOS'),
};

export class EscenarioCesion {
  clock = new Date();
  readonly authority: SiiFakeAuthority;
  /** Signs the DTEs, the DTECedido and seq 1. */
  readonly emisor = CERTIFICADOS.emisor;
  readonly factorA = CERTIFICADOS.factorA;
  readonly factorB = CERTIFICADOS.factorB;
  private readonly cafs = new Map<number, Awaited<ReturnType<typeof cafFor>>>();

  constructor(options: SiiFakeOptions = {}) {
    this.authority = new SiiFakeAuthority({ estUpDelaysMs: PASO_MS, now: () => this.clock, ...options });
  }

  avanzar(ms: number): void {
    this.clock = new Date(this.clock.getTime() + ms);
  }

  ahora(): string {
    return santiagoTimestamp(this.clock);
  }

  /** A factura 33 of 2 x 50.000 + IVA (119.000) to {@link DEUDOR}, uploaded through DTEUpload and accepted. */
  async emitir(folio: number, overrides: Partial<DocumentoInput> = {}): Promise<Emitido> {
    const dte = await this.firmar(folio, overrides);
    const subida = await this.subirDte(dte);
    const record = this.authority.uploads.get(subida);
    const doc = record?.documents[0];
    if (!doc || record.finalState !== 'EPR' || doc.result === 'RCH') throw new Error(`DTE ${folio} not accepted: ${doc?.detail}`);
    return {
      dte,
      idDte: { tipo: doc.tipo, emisor: doc.emisor, receptor: doc.receptor, folio, fchEmis: doc.fechaEmision, mntTotal: doc.montos.total },
    };
  }

  /** A signed DTE (folios 1-200 of the scenario's CAF of its type), not uploaded. */
  async firmar(folio: number, overrides: Partial<DocumentoInput> = {}): Promise<string> {
    const input = documento(folio, { fecha_emision: santiagoDate(this.clock), ...overrides });
    return signedDte(input, await this.caf(input.tipo_dte), this.emisor);
  }

  private async caf(tipo: number) {
    const known = this.cafs.get(tipo);
    if (known) return known;
    const caf = await cafFor(this.authority, tipo, 1, 200);
    this.cafs.set(tipo, caf);
    return caf;
  }

  /** DTEUpload's form with the issuer's representative as sender; the track ID. */
  async subirDte(dte: string): Promise<string> {
    const form = uploadForm(this.emisor.rut, signedEnvio([dte], this.emisor));
    const res = await this.authority.handle({
      method: 'POST',
      url: `${SII}/cgi_dte/UPL/DTEUpload`,
      headers: { ...form.getHeaders(), cookie: `TOKEN=${this.token(this.emisor)}` },
      body: form.getBuffer(),
    });
    const xml = res.body.toString('latin1');
    const trackId = tag(xml, 'TRACKID');
    if (tag(xml, 'STATUS') !== '0' || !trackId) throw new Error(`DTEUpload answered ${xml}`);
    return trackId;
  }

  token(cert: TestCertificate): string {
    return this.authority.issueToken(cert.rut).token;
  }

  /** The first cesión: the issuer assigns the whole total to factoring company A, due in 30 days, with a DJ. */
  cesion1(e: Emitido, overrides: Partial<CesionInput> = {}): CesionInput {
    const vence = new Date(`${e.idDte.fchEmis}T12:00:00Z`);
    vence.setUTCDate(vence.getUTCDate() + 30);
    return {
      seq: 1,
      idDte: e.idDte,
      cedente: CEDENTE_PARTE,
      cesionario: FACTOR_A_PARTE,
      montoCesion: e.idDte.mntTotal,
      ultimoVencimiento: vence.toISOString().slice(0, 10),
      tmstCesion: this.ahora(),
      firmantes: [this.emisor],
      declaracionJurada: DECLARACION,
      ...overrides,
    };
  }

  /** The AEC of a first cesión (the carátula follows the cesión unless overridden). */
  aec1(e: Emitido, cesion: Partial<CesionInput> = {}, extra: Partial<AecInput> = {}): Buffer {
    const c = this.cesion1(e, cesion);
    return buildAec({
      dteCedido: { dte: e.dte, tmstFirma: this.ahora(), firmante: this.emisor },
      cesiones: [c],
      caratula: { rutCedente: c.cedente.rut, rutCesionario: c.cesionario.rut, tmstFirmaEnvio: this.ahora() },
      firmante: this.emisor,
      ...extra,
    });
  }

  /** The AEC of a second cesión to factoring company B, the signed parts of `primera` kept byte-for-byte; factor A signs it. */
  aec2(e: Emitido, primera: Buffer, cesion: Partial<CesionInput> & { cedente: Parte }, extra: Partial<AecInput> = {}): Buffer {
    const partes = partesFirmadas(primera);
    return buildAec({
      dteCedido: partes.dteCedido,
      cesiones: [...partes.cesiones, this.cesion1(e, { seq: 2, cesionario: FACTOR_B_PARTE, ...cesion })],
      caratula: { rutCedente: cesion.cedente.rut, rutCesionario: FACTOR_B, tmstFirmaEnvio: this.ahora() },
      firmante: this.factorA,
      ...extra,
    });
  }

  /** RTCAnotEnvio with the docs/research/cesion.md §2 form; `fields` reorders or drops fields. */
  async anotar(
    file: Buffer,
    {
      cookie,
      rutCompany = EMISOR,
      fields,
      filename = 'aec.xml',
    }: { cookie?: string; rutCompany?: string; fields?: string[]; filename?: string } = {},
  ): Promise<Anotacion> {
    const [rc, dc] = rutFields(rutCompany);
    const values: Record<string, string> = { emailNotif: 'cesiones@ejemplo.cl', rutCompany: rc, dvCompany: dc };
    const form = new FormData();
    for (const name of fields ?? ['emailNotif', 'rutCompany', 'dvCompany', 'archivo']) {
      if (name === 'archivo') form.append('archivo', file, { filename, contentType: 'text/xml' });
      else form.append(name, values[name]);
    }
    const res = await this.authority.handle({
      method: 'POST',
      url: `${SII}/cgi_rtc/RTC/RTCAnotEnvio.cgi`,
      headers: { ...form.getHeaders(), cookie: cookie ?? `TOKEN=${this.token(this.emisor)}` },
      body: form.getBuffer(),
    });
    const xml = res.body.toString('latin1');
    return { status: Number(tag(xml, 'STATUS')), trackId: tag(xml, 'TRACKID'), xml };
  }

  /** A wsRPETCConsulta operation; the `SII:RESPUESTA` read with libs/dte's parser. */
  async consultar(operation: string, params: [string, string][]) {
    const res = await this.authority.handle({
      method: 'POST',
      url: RPETC,
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '' },
      body: soapRequest(operation, 'http://DefaultNamespace', params),
    });
    const envelope = res.body.toString('utf8');
    const inner = parseSoapReturn(res.body);
    return { envelope, inner, ...parseSiiRespuesta(inner) };
  }

  estEnvio(trackId: string, token = this.token(this.emisor)) {
    return this.consultar('getEstEnvio', [
      ['Token', token],
      ['TrackId', trackId],
    ]);
  }

  /** The state getEstEnvio reports once every step has passed, and its detail. */
  async final(trackId: string): Promise<{ estado?: string; desc?: string; detalle?: string }> {
    this.avanzar(7 * PASO_MS);
    const body = (await this.estEnvio(trackId)).body[0] ?? {};
    return { estado: body['ESTADO_ENVIO'], desc: body['DESC_ESTADO'], detalle: body['DETALLE'] };
  }

  /** An AEC sent and followed to its final state. */
  async anotarYJuzgar(file: Buffer, rutCompany = EMISOR) {
    const anotacion = await this.anotar(file, { rutCompany });
    if (anotacion.status !== 0 || !anotacion.trackId) throw new Error(`RTCAnotEnvio answered ${anotacion.xml}`);
    return { trackId: anotacion.trackId, ...(await this.final(anotacion.trackId)) };
  }

  /** An event of the receiver on RegistroReclamoDTE (ACD, ERM, RCD, RFP, RFT); its codResp. */
  async evento(e: Emitido, accion: string): Promise<string> {
    const [rut, dv] = e.idDte.emisor.split('-');
    const res = await this.authority.handle({
      method: 'POST',
      url: 'https://ws2.sii.cl/WSREGISTRORECLAMODTECERT/registroreclamodteservice',
      headers: { cookie: `TOKEN=${this.token(this.emisor)}`, 'content-type': 'text/xml' },
      body: soapLiteralRequest('ingresarAceptacionReclamoDoc', REGISTRO_RECLAMO_NS, [
        ['rutEmisor', rut],
        ['dvEmisor', dv],
        ['tipoDoc', e.idDte.tipo],
        ['folio', e.idDte.folio],
        ['accionDoc', accion],
      ]),
    });
    return /<codResp>([^<]*)<\/codResp>/.exec(res.body.toString('utf8'))?.[1] ?? '';
  }
}
