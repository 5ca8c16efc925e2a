import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  decodeXml,
  parseRecepcionDte,
  parseSiiRespuesta,
  parseSoapReturn,
  SOAP_HEADERS,
  soapNamespace,
  soapRequest,
  type ConteoEnvio,
} from '@lib/dte';
import { textoSetDePruebas } from '@lib/portal';
import { TaxMetrics } from '../metrics/tax-metrics';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { escapeForLog } from '@lib/platform';
import { SiiTokenInvalidError, siiRejected } from './sii-errors';
import { SiiHttp, SiiHttpResponse } from './sii-http';
import { uploadForm } from './upload-body';
import { splitRut } from '@lib/rut';

/** Counts of one document type in a QueryEstUp answer (docs/research/sii-protocol.md §2.5). */
export type EstUpDocument = ConteoEnvio;

/** QueryEstUp answer: ESTADO (REC, SOK, CRT, FOK, PDR, EPR, RSC, RFR, RCT, RPT, ...), GLOSA, counts. */
export interface EstUpAnswer {
  trackid: string;
  estado: string;
  glosa: string;
  documentos: EstUpDocument[];
}

/** A document as getEstDte asks for it: RUTs `12345678-9`, fecha YYYY-MM-DD, monto MntTotal in CLP. */
export interface EstDteQuery {
  rutConsultante: string;
  rutCompany: string;
  rutReceptor: string;
  tipoDte: number;
  folio: number;
  fechaEmision: string;
  montoTotal: number;
}

/** getEstDte answer: ESTADO (DOK, DNK, FAU, FNA, FAN, EMP, TMD, TMC, MMD, MMC, AND, ANC), GLOSA_ESTADO, ERR_CODE. */
export interface EstDteAnswer {
  estado: string;
  glosa: string;
  errCode: string;
}

/** One DTEUpload: RUTs in canonical form `12345678-9`; `file` is sent byte for byte. */
export interface UploadInput {
  rutSender: string;
  rutCompany: string;
  token: string;
  filename: string;
  file: Buffer;
}

const OFFICIAL_HOST = { cert: 'https://maullin.sii.cl', prod: 'https://palena.sii.cl' } as const;
// QueryEstUp ESTADO codes that mean the token is no longer valid (docs/research/sii-protocol.md §2.2, §2.5).
const TOKEN_INVALID_ESTADOS = new Set(['001', '002', '003']);

/** The whole list of DTE-authorized taxpayers is about 150 MB (docs/research/sources/README.md §1.3). */
const LIST_TIMEOUT_MS = 10 * 60 * 1000;

/** The SII DTE web services (docs/research/sii-protocol.md §2). */
@Injectable()
export class SiiClient {
  private readonly logger = new Logger(SiiClient.name);
  private readonly http: SiiHttp;
  private readonly host: string;

  constructor(@Inject(TAX_SETTINGS) settings: TaxSettings, metrics: TaxMetrics) {
    this.http = new SiiHttp(settings, metrics);
    this.host = OFFICIAL_HOST[settings.taxEnv];
  }

  /** CrSeed.getSeed: the seed (numeric string, leading zeros kept). */
  async getSeed(): Promise<string> {
    const op = 'getSeed';
    const res = await this.soap(op, 'CrSeed.jws', []);
    const answer = this.parseRespuesta(op, res);
    const seed = answer.body[0]?.SEMILLA?.trim();
    if (answer.estado !== '00' || !seed) return this.reject(op, res, answer.estado, answer.glosa);
    this.http.done(op, res, 'ok');
    return seed;
  }

  /** GetTokenFromSeed.getToken: `signedXml` (the signed getToken document) travels as the string `pszXml`. */
  async getToken(signedXml: Buffer): Promise<string> {
    const op = 'getToken';
    const res = await this.soap(op, 'GetTokenFromSeed.jws', [['pszXml', decodeXml(signedXml)]]);
    const answer = this.parseRespuesta(op, res);
    const token = answer.body[0]?.TOKEN?.trim();
    if (answer.estado !== '00' || !token) return this.reject(op, res, answer.estado, answer.glosa);
    this.http.done(op, res, 'ok');
    return token;
  }

  /** QueryEstUp.getEstUp(RutCompania, DvCompania, TrackId, Token). */
  async getEstUp(rutCompany: string, trackid: string, token: string): Promise<EstUpAnswer> {
    const op = 'getEstUp';
    const { body: rut, dv } = splitRut(rutCompany);
    const res = await this.soap(op, 'QueryEstUp.jws', [
      ['RutCompania', String(rut)],
      ['DvCompania', dv],
      ['TrackId', trackid],
      ['Token', token],
    ]);
    const answer = this.parseRespuesta(op, res);
    const estado = this.checkEstado(op, res, answer);
    if (!/^[A-Z]{3}$/.test(estado)) return this.reject(op, res, estado, answer.glosa);
    this.http.done(op, res, 'ok');
    return {
      trackid: answer.header.TRACKID?.trim() || trackid,
      estado,
      glosa: answer.glosa ?? '',
      documentos: answer.body.filter((b) => b.TIPO_DOCTO !== undefined).map(toEstUpDocument),
    };
  }

  /** docs/research/sii-protocol.md §2.6; a negative ESTADO (query error) is 502 `sii_rejected`. */
  async getEstDte(q: EstDteQuery, token: string): Promise<EstDteAnswer> {
    const op = 'getEstDte';
    const split = (rut: string): [string, string] => {
      const { body, dv } = splitRut(rut);
      return [String(body), dv];
    };
    const [rc, dc] = split(q.rutConsultante);
    const [re, de] = split(q.rutCompany);
    const [rr, dr] = split(q.rutReceptor);
    const res = await this.soap(op, 'QueryEstDte.jws', [
      ['RutConsultante', rc],
      ['DvConsultante', dc],
      ['RutCompania', re],
      ['DvCompania', de],
      ['RutReceptor', rr],
      ['DvReceptor', dr],
      ['TipoDte', String(q.tipoDte)],
      ['FolioDte', String(q.folio)],
      ['FechaEmisionDte', q.fechaEmision.split('-').reverse().join('')],
      ['MontoDte', String(q.montoTotal)],
      ['Token', token],
    ]);
    const answer = this.parseRespuesta(op, res);
    const estado = this.checkEstado(op, res, answer);
    if (!/^[A-Z]{3}$/.test(estado)) return this.reject(op, res, estado, answer.header.GLOSA_ERR ?? answer.glosa);
    this.http.done(op, res, 'ok');
    return { estado, glosa: (answer.header.GLOSA_ESTADO ?? answer.glosa ?? '').trim(), errCode: (answer.header.ERR_CODE ?? '').trim() };
  }

  /** docs/research/sii-protocol.md §2.4: parts in this order, one buffered body with Content-Length. */
  async upload(input: UploadInput): Promise<string> {
    const op = 'DTEUpload';
    const { body, contentType } = uploadForm(input);
    const res = await this.http.send(op, {
      method: 'POST',
      path: '/cgi_dte/UPL/DTEUpload',
      headers: { 'Content-Type': contentType, 'Content-Length': String(body.length), Cookie: `TOKEN=${input.token}` },
      body,
    });
    let answer: ReturnType<typeof parseRecepcionDte>;
    try {
      answer = parseRecepcionDte(decodeXml(res.body));
    } catch (err) {
      return this.unusable(op, res, 'no RECEPCIONDTE STATUS', err);
    }
    if (answer.status === 5) {
      this.http.done(op, res, 'token_invalid');
      throw new SiiTokenInvalidError(op, 'STATUS 5');
    }
    if (answer.status !== 0 || !answer.trackid) {
      this.http.done(op, res, 'rejected');
      this.logger.warn(`DTEUpload STATUS ${answer.status}: ${escapeForLog(answer.errors.join('; '))}`);
      throw siiRejected(op, answer.status, answer.errors);
    }
    this.http.done(op, res, 'ok');
    return answer.trackid.trim();
  }

  /** `ce_empresas_dwnld` with portal cookies (docs/research/sources/README.md §1.1-1.3): the CSV bytes as received (~150 MB). */
  async downloadContribuyentesAutorizados(cookie: string): Promise<Buffer> {
    const op = 'contribuyentesAutorizados';
    const res = await this.http.send(op, {
      method: 'GET',
      path: '/cvc_cgi/dte/ce_empresas_dwnld',
      headers: { Accept: 'text/csv, text/plain, */*', Cookie: cookie },
      timeoutMs: LIST_TIMEOUT_MS,
    });
    if (res.status !== 200) return this.unusable(op, res, `HTTP ${res.status}`);
    if (!res.body.subarray(0, 64).toString('latin1').startsWith('RUT;RAZON SOCIAL;')) return this.unusable(op, res, 'not the CSV list');
    this.http.done(op, res, 'ok');
    return res.body;
  }

  /** The certification pages pe_generar1 then pe_generar2 (docs/research/sources/README.md §3); `sets` are the form's SETnn fields. */
  async downloadSetDePruebas(rut: string, cookie: string, sets: string[] = ['SET01']): Promise<string> {
    const op = 'setDePruebas';
    const { body: cuerpo, dv } = splitRut(rut);
    const form = (fields: [string, string][]) => Buffer.from(new URLSearchParams(fields).toString(), 'latin1');
    const headers = { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie };
    const empresa: [string, string][] = [
      ['RUT_EMP', String(cuerpo)],
      ['DV_EMP', dv],
    ];
    const confirm = await this.http.send(op, {
      method: 'POST',
      path: '/cvc_cgi/dte/pe_generar1',
      headers,
      acceptHtml: true,
      body: form([...empresa, ['CODIGO', '8'], ['ACEPTAR', 'Confirmar Empresa']]),
    });
    if (confirm.status !== 200) return this.unusable(op, confirm, `HTTP ${confirm.status}`);
    const res = await this.http.send(op, {
      method: 'POST',
      path: '/cvc_cgi/dte/pe_generar2',
      headers: { ...headers, Accept: 'text/plain' },
      acceptHtml: true,
      body: form([...empresa, ['AUTORIZADA', 'S'], ...sets.map((s): [string, string] => [s, 'S'])]),
    });
    if (res.status !== 200) return this.unusable(op, res, `HTTP ${res.status}`);
    const text = textoSetDePruebas(res.body.toString('latin1'));
    if (!text) return this.unusable(op, res, 'not a set de pruebas');
    this.http.done(op, res, 'ok');
    return text;
  }

  private soap(op: string, service: string, params: [string, string][]): Promise<SiiHttpResponse> {
    return this.http.send(op, {
      method: 'POST',
      path: `/DTEWS/${service}`,
      headers: SOAP_HEADERS,
      body: soapRequest(op, soapNamespace(this.host, service), params),
    });
  }

  /** The answer's ESTADO; 001/002/003 (token not valid) -> {@link SiiTokenInvalidError}. */
  private checkEstado(op: string, res: SiiHttpResponse, answer: ReturnType<typeof parseSiiRespuesta>): string {
    const estado = answer.estado.trim();
    if (TOKEN_INVALID_ESTADOS.has(estado)) {
      this.http.done(op, res, 'token_invalid');
      throw new SiiTokenInvalidError(op, `ESTADO ${estado}`);
    }
    return estado;
  }

  private parseRespuesta(op: string, res: SiiHttpResponse): ReturnType<typeof parseSiiRespuesta> {
    if (res.status !== 200) return this.unusable(op, res, `HTTP ${res.status}`);
    try {
      return parseSiiRespuesta(parseSoapReturn(decodeXml(res.body)));
    } catch (err) {
      return this.unusable(op, res, 'not an SII:RESPUESTA', err);
    }
  }

  private reject(op: string, res: SiiHttpResponse, estado: string, glosa?: string): never {
    this.http.done(op, res, 'rejected');
    this.logger.warn(`SII ${op} ESTADO ${escapeForLog(estado)}: ${escapeForLog(glosa ?? '')}`);
    throw siiRejected(op, estado, glosa ? [glosa] : []);
  }

  private unusable(op: string, res: SiiHttpResponse, detail: string, cause?: unknown): never {
    return this.http.unusable(op, res, detail, cause);
  }
}

function toEstUpDocument(b: Record<string, string>): EstUpDocument {
  const n = (v: string | undefined) => Number.parseInt(v ?? '0', 10) || 0;
  return {
    tipo_dte: n(b.TIPO_DOCTO),
    informados: n(b.INFORMADOS),
    aceptados: n(b.ACEPTADOS),
    rechazados: n(b.RECHAZADOS),
    reparos: n(b.REPAROS),
  };
}
