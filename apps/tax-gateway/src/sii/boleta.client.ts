import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  decodeXml,
  parseEstadoBoleta,
  parseEstadoEnvioBoleta,
  parseResultadoEnvioBoleta,
  parseSiiRespuesta,
  type EstadoEnvioBoleta,
} from '@lib/dte';
import { escapeForLog } from '@lib/platform';
import { splitRut } from '@lib/rut';
import { TaxMetrics } from '../metrics/tax-metrics';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { siiRejected } from './sii-errors';
import { SiiHttp, type SiiHttpResponse } from './sii-http';
import type { EstDteAnswer, EstDteQuery, UploadInput } from './sii-client';
import { uploadForm } from './upload-body';

const RECURSOS = '/recursos/v1';

// The SII's boleta REST services (docs/research/boletas.md §1): own seed, token and upload host. Calls carry `Cookie: TOKEN=`; a 401
// is SiiTokenInvalidError (SiiHttp), renewed once by TokenService.
@Injectable()
export class BoletaClient {
  private readonly logger = new Logger(BoletaClient.name);
  private readonly api: SiiHttp;
  private readonly envio: SiiHttp;

  constructor(@Inject(TAX_SETTINGS) settings: TaxSettings, metrics: TaxMetrics) {
    this.api = new SiiHttp(settings, metrics, settings.siiBoletaApiBaseUrl);
    this.envio = new SiiHttp(settings, metrics, settings.siiBoletaEnvioBaseUrl);
  }

  /** `GET boleta.electronica.semilla`: the SOAP CrSeed's SII:RESPUESTA as plain XML (§1.2). */
  async getSeed(): Promise<string> {
    const op = 'boletaSemilla';
    const res = await this.api.send(op, {
      method: 'GET',
      path: `${RECURSOS}/boleta.electronica.semilla`,
      headers: { Accept: 'application/xml' },
    });
    return this.respuesta(op, res, 'SEMILLA');
  }

  /** `POST boleta.electronica.token` with the signed getToken document as the body (§1.2): a token for the boleta services only. */
  async getToken(signedXml: Buffer): Promise<string> {
    const op = 'boletaToken';
    const res = await this.api.send(op, {
      method: 'POST',
      path: `${RECURSOS}/boleta.electronica.token`,
      headers: { 'Content-Type': 'application/xml', Accept: 'application/xml' },
      body: signedXml,
    });
    return this.respuesta(op, res, 'TOKEN');
  }

  /** `POST boleta.electronica.envio` (§1.3): the DTEUpload's fields in order, one buffered body; the trackid (15 digits). */
  async upload(input: UploadInput): Promise<string> {
    const op = 'boletaEnvio';
    const { body, contentType } = uploadForm(input);
    const res = await this.envio.send(op, {
      method: 'POST',
      path: `${RECURSOS}/boleta.electronica.envio`,
      headers: {
        'Content-Type': contentType,
        'Content-Length': String(body.length),
        Cookie: `TOKEN=${input.token}`,
        Accept: 'application/json',
      },
      body,
    });
    if (res.status !== 200) return this.envio.unusable(op, res, `HTTP ${res.status}`);
    try {
      const { trackid } = parseResultadoEnvioBoleta(res.body.toString('utf8'));
      this.envio.done(op, res, 'ok');
      return trackid;
    } catch (err) {
      return this.envio.unusable(op, res, 'not a ResultadoEnvioPost', err);
    }
  }

  /** `GET boleta.electronica.envio/{rut}-{dv}-{trackid}` (§1.4). */
  async getEstadoEnvio(rutCompany: string, trackid: string, token: string): Promise<EstadoEnvioBoleta> {
    const op = 'boletaEnvioEstado';
    const { body: rut, dv } = splitRut(rutCompany);
    const res = await this.api.send(op, {
      method: 'GET',
      path: `${RECURSOS}/boleta.electronica.envio/${rut}-${dv}-${encodeURIComponent(trackid)}`,
      headers: { Cookie: `TOKEN=${token}`, Accept: 'application/json' },
    });
    if (res.status !== 200) return this.api.unusable(op, res, `HTTP ${res.status}`);
    try {
      const estado = parseEstadoEnvioBoleta(res.body.toString('utf8'));
      this.api.done(op, res, 'ok');
      return estado;
    } catch (err) {
      return this.api.unusable(op, res, 'not the estado of an envío', err);
    }
  }

  /** `GET boleta.electronica/{rut}-{dv}-{tipo}-{folio}/estado` (§1.5): answers as QueryEstDte (DOK, DNK, ...); date DD-MM-YYYY. */
  async getEstadoBoleta(q: EstDteQuery, token: string): Promise<EstDteAnswer> {
    const op = 'boletaEstado';
    const emisor = splitRut(q.rutCompany);
    const receptor = splitRut(q.rutReceptor);
    const query = new URLSearchParams({
      rut_receptor: String(receptor.body),
      dv_receptor: receptor.dv,
      monto: String(q.montoTotal),
      fechaEmision: q.fechaEmision.split('-').reverse().join('-'),
    });
    const res = await this.api.send(op, {
      method: 'GET',
      path: `${RECURSOS}/boleta.electronica/${emisor.body}-${emisor.dv}-${q.tipoDte}-${q.folio}/estado?${query}`,
      headers: { Cookie: `TOKEN=${token}`, Accept: 'application/json' },
    });
    if (res.status !== 200) return this.api.unusable(op, res, `HTTP ${res.status}`);
    try {
      const { codigo, descripcion } = parseEstadoBoleta(res.body.toString('utf8'));
      this.api.done(op, res, 'ok');
      return { estado: codigo, glosa: descripcion, errCode: '' };
    } catch (err) {
      return this.api.unusable(op, res, 'not an EstadoBoletaRespuesta', err);
    }
  }

  private respuesta(op: string, res: SiiHttpResponse, campo: 'SEMILLA' | 'TOKEN'): string {
    if (res.status !== 200) return this.api.unusable(op, res, `HTTP ${res.status}`);
    let answer: ReturnType<typeof parseSiiRespuesta>;
    try {
      answer = parseSiiRespuesta(decodeXml(res.body));
    } catch (err) {
      return this.api.unusable(op, res, 'not an SII:RESPUESTA', err);
    }
    const value = answer.body[0]?.[campo]?.trim();
    if (answer.estado !== '00' || !value) {
      this.api.done(op, res, 'rejected');
      this.logger.warn(`SII ${op} ESTADO ${escapeForLog(answer.estado)}: ${escapeForLog(answer.glosa ?? '')}`);
      throw siiRejected(op, answer.estado, answer.glosa ? [answer.glosa] : []);
    }
    this.api.done(op, res, 'ok');
    return value;
  }
}
