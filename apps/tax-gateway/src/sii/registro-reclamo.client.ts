import { Inject, Injectable } from '@nestjs/common';
import {
  REGISTRO_RECLAMO_NS,
  SOAP_HEADERS,
  parseSoapLiteralReturn,
  plainChildren,
  plainText,
  santiagoInstant,
  soapLiteralRequest,
  type PlainElement,
} from '@lib/dte';
import { TaxMetrics } from '../metrics/tax-metrics';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { SiiHttp, SiiHttpResponse } from './sii-http';
import { splitRut } from '@lib/rut';

/** A DTE as RegistroReclamoDTE names it: the issuer's RUT `12345678-9`, its type and folio. */
export interface DocumentoRcv {
  rutEmisor: string;
  tipoDte: number;
  folio: number;
}

/** Acciones of ingresarAceptacionReclamoDoc (manual v1.2, accionDoc). */
export type AccionRcv = 'ACD' | 'ERM' | 'RCD' | 'RFP' | 'RFT';

/** codResp and descResp as the SII answered them (manual v1.2, "Parámetros de salida"). */
export interface RespuestaRcv {
  codResp: number;
  descResp: string;
}

/** One event of listarEventosHistDoc; `fecha` an ISO instant (the SII writes Santiago wall-clock time). */
export interface EventoRcv {
  codigo: string;
  descripcion: string;
  rut_responsable: string;
  fecha: string;
}

const PATH = '/registroreclamodteservice';

/**
 * RegistroReclamoDTE (SII "Web Service de Consulta y Registro de Aceptación/Reclamo a DTE recibido" v1.2; docs/research/sii-protocol.md
 * §2.7). codResp is the caller's to judge.
 */
@Injectable()
export class RegistroReclamoClient {
  private readonly http: SiiHttp;

  constructor(@Inject(TAX_SETTINGS) settings: TaxSettings, metrics: TaxMetrics) {
    this.http = new SiiHttp(settings, metrics, settings.siiReclamoBaseUrl);
  }

  /** ingresarAceptacionReclamoDoc: registers `accion` on the document. */
  async register(doc: DocumentoRcv, accion: AccionRcv, token: string): Promise<RespuestaRcv> {
    const op = 'ingresarAceptacionReclamoDoc';
    const ret = await this.call(op, doc, token, [['accionDoc', accion]]);
    return this.parseRespuesta(op, ret);
  }

  /** listarEventosHistDoc: codResp 15 with the events, 16 without any, another code for a problem. */
  async listEventos(doc: DocumentoRcv, token: string): Promise<RespuestaRcv & { eventos: EventoRcv[] }> {
    const op = 'listarEventosHistDoc';
    const ret = await this.call(op, doc, token);
    const respuesta = this.parseRespuesta(op, ret);
    const eventos = plainChildren(ret.element, 'listaEventosDoc').map((e) => ({
      codigo: plainText(e, 'codEvento') ?? '',
      descripcion: plainText(e, 'descEvento') ?? '',
      rut_responsable: `${plainText(e, 'rutResponsable') ?? ''}-${plainText(e, 'dvResponsable') ?? ''}`,
      fecha: this.instant(op, ret.res, plainText(e, 'fechaEvento') ?? '').toISOString(),
    }));
    return { ...respuesta, eventos };
  }

  /** consultarFechaRecepcionSii: when the SII received the document, or undefined when it has no record of it. */
  async getFechaRecepcion(doc: DocumentoRcv, token: string): Promise<Date | undefined> {
    const op = 'consultarFechaRecepcionSii';
    const ret = await this.call(op, doc, token);
    const text = ret.element.text.trim();
    const date = text ? this.instant(op, ret.res, text) : undefined;
    this.http.done(op, ret.res, 'ok');
    return date;
  }

  private async call(
    op: string,
    doc: DocumentoRcv,
    token: string,
    extra: [string, string][] = [],
  ): Promise<{ res: SiiHttpResponse; element: PlainElement }> {
    const { body: rut, dv } = splitRut(doc.rutEmisor);
    const res = await this.http.send(op, {
      method: 'POST',
      path: PATH,
      headers: { ...SOAP_HEADERS, Cookie: `TOKEN=${token}` },
      body: soapLiteralRequest(op, REGISTRO_RECLAMO_NS, [
        ['rutEmisor', rut],
        ['dvEmisor', dv],
        ['tipoDoc', doc.tipoDte],
        ['folio', doc.folio],
        ...extra,
      ]),
    });
    if (res.status !== 200) return this.unusable(op, res, `HTTP ${res.status}`);
    try {
      return { res, element: parseSoapLiteralReturn(res.body) };
    } catch (err) {
      return this.unusable(op, res, 'no return element', err);
    }
  }

  private parseRespuesta(op: string, ret: { res: SiiHttpResponse; element: PlainElement }): RespuestaRcv {
    const code = plainText(ret.element, 'codResp');
    if (!code || !/^-?\d+$/.test(code)) return this.unusable(op, ret.res, 'no codResp');
    const codResp = Number(code);
    this.http.done(op, ret.res, codResp === 0 || codResp === 15 || codResp === 16 ? 'ok' : 'rejected');
    return { codResp, descResp: plainText(ret.element, 'descResp') ?? '' };
  }

  /** `DD-MM-AAAA HH:MM:SS` (Santiago wall clock) as an instant. */
  private instant(op: string, res: SiiHttpResponse, text: string): Date {
    const m = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}:\d{2}:\d{2})$/.exec(text.trim());
    if (!m) return this.unusable(op, res, `unexpected date ${text.slice(0, 40)}`);
    return santiagoInstant(`${m[3]}-${m[2]}-${m[1]}T${m[4]}`);
  }

  private unusable(op: string, res: SiiHttpResponse, detail: string, cause?: unknown): never {
    return this.http.unusable(op, res, detail, cause);
  }
}
