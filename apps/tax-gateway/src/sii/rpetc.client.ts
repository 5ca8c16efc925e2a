import { Inject, Injectable, Logger } from '@nestjs/common';
import { decodeXml, parseRecepcionAec, parseSiiRespuesta, parseSoapReturn, SOAP_HEADERS, soapRequest } from '@lib/dte';
import { escapeForLog } from '@lib/platform';
import { splitRut } from '@lib/rut';
import { TaxMetrics } from '../metrics/tax-metrics';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { SiiTokenInvalidError, siiRejected } from './sii-errors';
import { SiiHttp, SiiHttpResponse } from './sii-http';
import { multipartBody } from './upload-body';

/** getEstEnvio's answer: ESTADO_ENVIO (UPL ... EOK, RSC, RFS, RCR, RDC, RCS, EAN) and DESC_ESTADO. */
export interface EstadoEnvioAec {
  estado: string;
  glosa: string;
}

/** getEstCesionRelac's answer for a company linked to the document: who holds it now and since when. */
export interface CesionRegistrada {
  /** RUT_TENEDOR, `12345678-9`. */
  tenedor: string;
  fechaUltimaAnotacion?: string;
  declaracionJurada: boolean;
}

/** RPETC answers ESTADO 3 and 4 for a token that is inactive or unknown (docs/research/cesion.md §3, WSC). */
const TOKEN_INVALIDO = new Set(['3', '4']);
/** ESTADO 2 "No se encontró información"; -15 "Empresa Relacionada no esta vinculada con el documento consultado". */
const SIN_CESION = new Set(['2', '-15']);

/** RPETC (docs/research/cesion.md §2-§3): RTCAnotEnvio and wsRPETCConsulta, on the DTE host with the same token as DTEUpload. */
@Injectable()
export class RpetcClient {
  private readonly logger = new Logger(RpetcClient.name);
  private readonly http: SiiHttp;

  constructor(@Inject(TAX_SETTINGS) settings: TaxSettings, metrics: TaxMetrics) {
    this.http = new SiiHttp(settings, metrics);
  }

  /** RTCAnotEnvio (ENV §2.2): the TRACKID of STATUS 0; STATUS 5 is {@link SiiTokenInvalidError}, any other 502 `sii_rejected`. */
  async upload(input: { rutCedente: string; email: string; token: string; filename: string; file: Buffer }): Promise<string> {
    const op = 'RTCAnotEnvio';
    const cedente = splitRut(input.rutCedente);
    const { body, contentType } = multipartBody(
      [
        ['emailNotif', input.email],
        ['rutCompany', String(cedente.body)],
        ['dvCompany', cedente.dv],
      ],
      { field: 'archivo', filename: input.filename, contentType: 'text/xml', data: input.file },
    );
    const res = await this.http.send(op, {
      method: 'POST',
      path: '/cgi_rtc/RTC/RTCAnotEnvio.cgi',
      headers: { 'Content-Type': contentType, 'Content-Length': String(body.length), Cookie: `TOKEN=${input.token}` },
      // A CGI: its RECEPCIONAEC may come labelled text/html (ENV §3 shows only the body); the parser judges the body.
      acceptHtml: true,
      body,
    });
    let answer: ReturnType<typeof parseRecepcionAec>;
    try {
      answer = parseRecepcionAec(decodeXml(res.body));
    } catch (err) {
      return this.http.unusable(op, res, 'no RECEPCIONAEC STATUS', err);
    }
    if (answer.status === 5) {
      this.http.done(op, res, 'token_invalid');
      throw new SiiTokenInvalidError(op, 'STATUS 5');
    }
    if (answer.status !== 0 || !answer.trackid) {
      this.http.done(op, res, 'rejected');
      throw siiRejected(op, answer.status, answer.errors);
    }
    this.http.done(op, res, 'ok');
    return answer.trackid.trim();
  }

  /** getEstEnvio(Token, TrackId): the token goes first here (WSC), unlike QueryEstUp. */
  async getEstEnvio(trackid: string, token: string): Promise<EstadoEnvioAec> {
    const op = 'getEstEnvio';
    const res = await this.soap(op, [
      ['Token', token],
      ['TrackId', trackid],
    ]);
    const answer = this.respuesta(op, res);
    if (answer.estado !== '0') return this.reject(op, res, answer.estado, answer.glosa);
    const body = answer.body[0] ?? {};
    const estado = (body.ESTADO_ENVIO ?? '').trim();
    if (!/^[A-Z]{3}$/.test(estado)) return this.http.unusable(op, res, 'no ESTADO_ENVIO');
    this.http.done(op, res, 'ok');
    return { estado, glosa: (body.DESC_ESTADO ?? '').trim() };
  }

  /** getEstCesionRelac (WSC): the registered holder; undefined when never assigned or `rutEmpresa` is not linked (ESTADO 2, -15). */
  async getEstCesionRelac(
    doc: { rutEmisor: string; tipoDte: number; folio: number },
    rutEmpresa: string,
    token: string,
  ): Promise<CesionRegistrada | undefined> {
    const op = 'getEstCesionRelac';
    const emisor = splitRut(doc.rutEmisor);
    const empresa = splitRut(rutEmpresa);
    const res = await this.soap(op, [
      ['Token', token],
      ['RutEmisor', String(emisor.body)],
      ['DVEmisor', emisor.dv],
      ['TipoDoc', String(doc.tipoDte)],
      ['FolioDoc', String(doc.folio)],
      ['RutEmpresa', String(empresa.body)],
      ['DVEmpresa', empresa.dv],
    ]);
    const answer = this.respuesta(op, res);
    if (SIN_CESION.has(answer.estado)) {
      this.http.done(op, res, 'ok');
      return undefined;
    }
    if (answer.estado !== '0') return this.reject(op, res, answer.estado, answer.glosa);
    const body = answer.body[0] ?? {};
    const tenedor = (body.RUT_TENEDOR ?? '').trim();
    if (!/^\d{1,8}-[\dK]$/i.test(tenedor)) return this.http.unusable(op, res, 'no RUT_TENEDOR');
    this.http.done(op, res, 'ok');
    return {
      tenedor: tenedor.toUpperCase(),
      ...(body.FECHA_ULT_ANOT ? { fechaUltimaAnotacion: body.FECHA_ULT_ANOT.trim() } : {}),
      declaracionJurada: (body.DEC_JURADA ?? '').trim() === 'EXISTE',
    };
  }

  private soap(op: string, params: [string, string][]): Promise<SiiHttpResponse> {
    return this.http.send(op, {
      method: 'POST',
      path: '/DTEWS/services/wsRPETCConsulta',
      headers: SOAP_HEADERS,
      // WSC: rpc/encoded in the namespace http://DefaultNamespace, every parameter an xsd:string.
      body: soapRequest(op, 'http://DefaultNamespace', params),
    });
  }

  /** The SII:RESPUESTA with RESP_HDR/ESTADO trimmed; ESTADO 3 and 4 (token) are {@link SiiTokenInvalidError}. */
  private respuesta(op: string, res: SiiHttpResponse): ReturnType<typeof parseSiiRespuesta> {
    if (res.status !== 200) return this.http.unusable(op, res, `HTTP ${res.status}`);
    let answer: ReturnType<typeof parseSiiRespuesta>;
    try {
      answer = parseSiiRespuesta(parseSoapReturn(decodeXml(res.body)));
    } catch (err) {
      return this.http.unusable(op, res, 'not an SII:RESPUESTA', err);
    }
    const estado = answer.estado.trim();
    if (TOKEN_INVALIDO.has(estado)) {
      this.http.done(op, res, 'token_invalid');
      throw new SiiTokenInvalidError(op, `ESTADO ${estado}`);
    }
    return { ...answer, estado };
  }

  private reject(op: string, res: SiiHttpResponse, estado: string, glosa?: string): never {
    this.http.done(op, res, 'rejected');
    this.logger.warn(`SII ${op} ESTADO ${escapeForLog(estado)}: ${escapeForLog(glosa ?? '')}`);
    throw siiRejected(op, estado, glosa ? [glosa] : []);
  }
}
