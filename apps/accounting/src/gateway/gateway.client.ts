import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AxiosResponse } from 'axios';
import {
  ESTADOS_RCV,
  RESULTADOS_SII,
  type BoletaHonorariosView,
  type DocumentoRcvView,
  type EmisionDetailView,
  type HonorariosRecibidosView,
  type MovimientoView,
  type RcvLibroView,
  type RecepcionEnvioView,
} from '@lib/contracts';
import { isCalendarDate } from '@lib/dte';
import type { DeclaracionIva } from '@lib/portal';
import { OutboundHttp, OutboundTransportError } from '@lib/platform';
import { isValidRut, normalizeRut } from '@lib/rut';
import { ProblemException } from '@lib/schemas';
import { EmitirRequest, EmitirResult, isEmisionGateway, problemFromGateway } from './emitir.types';
import { GATEWAY_SETTINGS, GatewaySettings } from './gateway.settings';

/** The gateway's canonical taxpayer data (`GET /tax/contribuyente/datos-rut/{rut}`). */
export interface Contribuyente {
  rut: string;
  razon_social: string;
  [field: string]: unknown;
}

/** Movements asked per page (the gateway's maximum), and at most this many pages for one range (10,000 movements). */
const MOVIMIENTOS_POR_PAGINA = 200;
const MAX_PAGINAS_MOVIMIENTOS = 50;

/** A text from the SII or a bank as accounting stores it: control characters (NUL: PostgreSQL refuses it in text) as spaces, cut. */
function texto(value: string, maxLength = 200): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, maxLength);
}
/** A provider's id of a movement or an account, as the gateway stores them. */
const IDENTIFICADOR = /^[A-Za-z0-9_.:-]{1,128}$/;

/** Connection failures that prove the request never reached the gateway. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/** HTTP client of the tax gateway, the only source of canonical taxpayer data (docs/DESIGN.md §4.4 "contribuyente"). */
@Injectable()
export class GatewayClient {
  private readonly logger = new Logger(GatewayClient.name);
  private readonly http: OutboundHttp;
  private readonly timeoutMs: number;

  constructor(@Inject(GATEWAY_SETTINGS) settings: GatewaySettings) {
    this.timeoutMs = settings.timeoutMs;
    this.http = new OutboundHttp({
      service: 'gateway',
      label: 'The tax gateway',
      baseURL: settings.url,
      timeoutMs: settings.timeoutMs,
      timeoutError: 'gateway_unavailable',
      retryAfterSeconds: 30,
      responseType: 'json',
      headers: { 'x-internal-key': settings.key, accept: 'application/json' },
    });
  }

  /** The gateway's 404 is 422 `taxpayer_unknown`; a 200 without a valid RUT and razon_social is 502. */
  async fetchDatosRut(rut: string): Promise<Contribuyente> {
    const res = await this.send<Partial<Contribuyente> | null>(
      'datos_rut',
      'GET',
      `/tax/contribuyente/datos-rut/${encodeURIComponent(rut)}`,
    );
    if (res.status === 404) {
      throw new ProblemException(422, 'taxpayer_unknown', `The tax gateway does not know RUT ${rut}`, {
        errors: [{ field: 'rut', message: 'unknown taxpayer' }],
      });
    }
    if (res.status !== 200) throw this.upstreamFailure(res);
    const body = objectOrNull(res.data) as Partial<Contribuyente> | null;
    if (!body || !isValidRut(body.rut) || typeof body.razon_social !== 'string' || body.razon_social.trim() === '') {
      throw new ProblemException(502, 'gateway_unavailable', 'The tax gateway answered without a valid RUT and razon_social');
    }
    return { ...body, rut: normalizeRut(body.rut), razon_social: body.razon_social.trim() } as Contribuyente;
  }

  /** Never throws for a gateway or network failure: the result says whether a DTE may exist; a refused connection sent nothing. */
  async emit(body: EmitirRequest): Promise<EmitirResult> {
    let res: AxiosResponse<unknown>;
    try {
      res = await this.request<unknown>('emitir', 'POST', '/tax/dte/emitir', body);
    } catch (err) {
      if (!(err instanceof OutboundTransportError)) throw err;
      return { ok: false, problem: this.emitFailure(err), mayHaveEmitted: !NOT_SENT.has(err.code) };
    }
    const answer = objectOrNull(res.data);
    if (res.status === 200 || res.status === 201) {
      if (isEmisionGateway(answer)) return { ok: true, emision: answer };
      const problem = new ProblemException(
        502,
        'gateway_bad_response',
        'The tax gateway answered success without an emission (emision_id, folio, montos)',
      );
      return { ok: false, problem, mayHaveEmitted: true };
    }
    this.logger.warn(`tax gateway emitir answered ${res.status}`);
    const emisionId = (answer as { emision_id?: unknown } | null)?.emision_id;
    return {
      ok: false,
      problem: problemFromGateway(res.status, answer, retryAfterOf(res)),
      mayHaveEmitted: typeof emisionId === 'string',
    };
  }

  /** A timeout after the request left may have emitted the DTE: the answer says so. */
  private emitFailure(err: OutboundTransportError): ProblemException {
    if (err.failure !== 'timeout') return err.problem;
    return new ProblemException(
      504,
      'gateway_unavailable',
      `The tax gateway did not answer within ${this.timeoutMs} ms; the DTE may have been emitted`,
    );
  }

  /** An emission as the gateway tracks it, undefined when it does not know it; 502 `gateway_bad_response` for a 200 without a state and a `resultado` of RESULTADOS_SII: accounting stores and acts on them. */
  async fetchEmision(emisionId: string): Promise<EmisionDetailView | undefined> {
    const res = await this.send<unknown>('emision', 'GET', `/tax/dte/get/${encodeURIComponent(emisionId)}`);
    if (res.status === 404) return undefined;
    if (res.status !== 200) throw this.upstreamFailure(res);
    const answer = objectOrNull(res.data);
    const resultado = answer?.['resultado'];
    if (typeof answer?.['estado'] !== 'string' || !(RESULTADOS_SII as readonly unknown[]).includes(resultado)) {
      throw new ProblemException(502, 'gateway_bad_response', 'The tax gateway answered an emission without estado and a known resultado');
    }
    return answer as unknown as EmisionDetailView;
  }

  /** A supplier's file, as received, to the gateway's reception (docs/tax-gateway.md "Reception"); its 413/422 is 422 `invalid_dte`. */
  async receiveDte(tenant: string, bytes: Buffer, nombreArchivo?: string): Promise<RecepcionEnvioView> {
    const res = await this.send<unknown>('recepcion', 'POST', '/tax/recepcion/dte', {
      tenant,
      xml_base64: bytes.toString('base64'),
      ...(nombreArchivo ? { nombre_archivo: nombreArchivo } : {}),
    });
    const answer = objectOrNull(res.data) as { detail?: unknown; error?: unknown; documentos?: unknown } | null;
    if (res.status === 413 || res.status === 422) {
      const detail = String(answer?.detail ?? `HTTP ${res.status}`).slice(0, 500);
      throw new ProblemException(422, 'invalid_dte', `The tax gateway refused the file: ${detail}`, {
        gateway_error: answer?.error ?? null,
      });
    }
    if (res.status !== 200 && res.status !== 201) throw this.upstreamFailure(res);
    if (!Array.isArray(answer?.documentos)) {
      throw new ProblemException(502, 'gateway_unavailable', 'The tax gateway answered a reception without documentos');
    }
    return answer as unknown as RecepcionEnvioView;
  }

  /**
   * A month's purchases or sales register as the SII holds it (`GET /tax/rcv/libro`, docs/tax-gateway.md "RCV"); periodo YYYY-MM,
   * RUTs canonical.
   * @throws 502 `gateway_bad_response` for a 200 without a documentos list, the gateway's failures as 502/503/504 `gateway_unavailable`.
   */
  async fetchRcvLibro(tenant: string, periodo: string, tipo: 'compra' | 'venta'): Promise<RcvLibroView> {
    const query = new URLSearchParams({ tenant, periodo, tipo }).toString();
    const res = await this.send<unknown>('rcv_libro', 'GET', `/tax/rcv/libro?${query}`);
    if (res.status !== 200) throw this.upstreamFailure(res);
    const answer = objectOrNull(res.data);
    const documentos = answer?.['documentos'];
    if (
      !Array.isArray(documentos) ||
      !documentos.every((d) => isDocumentoRcv(d) && (d.sii === null || d.fecha_emision.startsWith(periodo)))
    ) {
      throw new ProblemException(502, 'gateway_bad_response', 'The tax gateway answered the RCV without a valid documentos list');
    }
    const libro = answer as unknown as RcvLibroView;
    return {
      ...libro,
      documentos: libro.documentos.map((d) => ({
        ...d,
        rut_contraparte: normalizeRut(d.rut_contraparte),
        razon_social: texto(d.razon_social),
      })),
    };
  }

  /**
   * The boletas de honorarios the tenant received in a month (`GET /tax/honorarios/recibidas`, docs/tax-gateway.md "Boletas de honorarios"),
   * RUTs canonical. @throws 502 `gateway_bad_response` for a malformed list, the gateway's failures as 502/503/504 `gateway_unavailable`.
   */
  async fetchHonorariosRecibidos(tenant: string, periodo: string): Promise<HonorariosRecibidosView> {
    const res = await this.send<unknown>(
      'honorarios_recibidos',
      'GET',
      `/tax/honorarios/recibidas?${new URLSearchParams({ tenant, periodo })}`,
    );
    if (res.status !== 200) throw this.upstreamFailure(res);
    const answer = objectOrNull(res.data);
    const boletas = answer?.['boletas'];
    if (!Array.isArray(boletas) || !boletas.every((b) => isBoletaHonorarios(b) && b.fecha.startsWith(periodo))) {
      throw new ProblemException(502, 'gateway_bad_response', 'The tax gateway answered the boletas de honorarios without a valid list');
    }
    const view = answer as unknown as HonorariosRecibidosView;
    return {
      ...view,
      boletas: view.boletas.map((b) => ({ ...b, rut_emisor: normalizeRut(b.rut_emisor), nombre_emisor: texto(b.nombre_emisor) })),
    };
  }

  /**
   * The tenant's stored bank movements dated desde..hasta (YYYY-MM-DD), every page of `GET /banco/movimientos` (docs/tax-gateway.md
   * "Bank movements"), newest first; amounts whole CLP, negative for debits. @throws 502 `gateway_bad_response` for a malformed page.
   */
  async fetchMovimientos(tenant: string, desde: string, hasta: string): Promise<MovimientoView[]> {
    const out: MovimientoView[] = [];
    for (let offset = 0; offset < MOVIMIENTOS_POR_PAGINA * MAX_PAGINAS_MOVIMIENTOS; offset += MOVIMIENTOS_POR_PAGINA) {
      const query = new URLSearchParams({ tenant, desde, hasta, limit: String(MOVIMIENTOS_POR_PAGINA), offset: String(offset) });
      const res = await this.send<unknown>('banco_movimientos', 'GET', `/banco/movimientos?${query}`);
      if (res.status !== 200) throw this.upstreamFailure(res);
      const page = objectOrNull(res.data);
      const items = page?.['items'];
      if (!Array.isArray(items) || !items.every(isMovimiento) || !Number.isSafeInteger(page?.['total'])) {
        throw new ProblemException(502, 'gateway_bad_response', 'The tax gateway answered the bank movements without a valid page');
      }
      out.push(...items.map(movimientoLimpio));
      if (items.length === 0 || offset + items.length >= (page?.['total'] as number)) return out;
    }
    throw new ProblemException(
      502,
      'gateway_bad_response',
      `The tax gateway listed more than ${MAX_PAGINAS_MOVIMIENTOS} pages of bank movements for one range`,
    );
  }

  /**
   * The F29s the SII has on record for the tenant, as its carpeta tributaria lists them (`POST /tax/scrape/carpeta/json`, docs/tax-gateway.md
   * "Carpeta tributaria"): each period YYYY-MM, whether declared, and its códigos. @throws 502 `gateway_bad_response` for another shape.
   */
  async fetchF29Declarados(tenant: string): Promise<DeclaracionIva[]> {
    const res = await this.send<unknown>('carpeta', 'POST', '/tax/scrape/carpeta/json', { tenant });
    if (res.status !== 200) throw this.upstreamFailure(res);
    const declaraciones = objectOrNull(res.data)?.['declaraciones_iva'];
    if (!Array.isArray(declaraciones) || !declaraciones.every(isDeclaracionIva)) {
      throw new ProblemException(502, 'gateway_bad_response', 'The tax gateway answered the carpeta without valid declaraciones_iva');
    }
    return declaraciones;
  }

  /** @throws the transport failure's problem (503/504 `gateway_unavailable`). */
  private async send<T>(operation: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<AxiosResponse<T>> {
    try {
      return await this.request<T>(operation, method, url, data);
    } catch (err) {
      throw err instanceof OutboundTransportError ? err.problem : err;
    }
  }

  /** @throws OutboundTransportError when no answer came (logged by its code only). */
  private async request<T>(operation: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<AxiosResponse<T>> {
    try {
      return await this.http.request<T>(operation, {
        method,
        url,
        ...(data === undefined ? {} : { data, headers: { 'content-type': 'application/json' } }),
        idempotent: method === 'GET',
      });
    } catch (err) {
      if (err instanceof OutboundTransportError) this.logger.warn(`tax gateway ${operation} failed: ${err.failure} (${err.code})`);
      throw err;
    }
  }

  private upstreamFailure(res: AxiosResponse<unknown>): ProblemException {
    this.logger.warn(`tax gateway answered ${res.status}`);
    if (res.status === 503 || res.status === 429) {
      const retryAfter = retryAfterOf(res);
      return new ProblemException(503, 'gateway_unavailable', `The tax gateway is unavailable (HTTP ${res.status})`, {
        headers: retryAfter && /^\d+$/.test(retryAfter) ? { 'Retry-After': retryAfter } : {},
      });
    }
    if (res.status === 504) return new ProblemException(504, 'gateway_unavailable', 'The tax gateway timed out upstream');
    return new ProblemException(502, 'gateway_unavailable', `The tax gateway answered HTTP ${res.status}`);
  }
}

function retryAfterOf(res: AxiosResponse<unknown>): string | null {
  const v = res.headers['retry-after'];
  return typeof v === 'string' ? v : null;
}

/** What accounting stores of an RCV document: tipo, folio, a valid RUT, a calendar date, whole-peso amounts or none. */
function isDocumentoRcv(value: unknown): value is DocumentoRcvView {
  const d = objectOrNull(value);
  const sii = objectOrNull(d?.['sii']);
  const pesos = (v: unknown) => Number.isSafeInteger(v);
  return (
    !!d &&
    Number.isSafeInteger(d['tipo_dte']) &&
    Number.isSafeInteger(d['folio']) &&
    (d['folio'] as number) > 0 &&
    isValidRut(d['rut_contraparte']) &&
    typeof d['razon_social'] === 'string' &&
    isCalendarDate(d['fecha_emision']) &&
    (d['estado_rcv'] === null || (ESTADOS_RCV as readonly unknown[]).includes(d['estado_rcv'])) &&
    (d['sii'] === null || (!!sii && ['exento', 'neto', 'iva', 'total'].every((k) => pesos(sii[k]) && (sii[k] as number) >= 0)))
  );
}

/** A boleta accounting can book: a positive folio, a valid RUT, a calendar date, whole pesos with líquido = bruto − retención. */
function isBoletaHonorarios(value: unknown): value is BoletaHonorariosView {
  const b = objectOrNull(value);
  const pesos = (k: string) => Number.isSafeInteger(b?.[k]) && (b?.[k] as number) >= 0;
  return (
    !!b &&
    Number.isSafeInteger(b['folio']) &&
    (b['folio'] as number) > 0 &&
    isValidRut(b['rut_emisor']) &&
    typeof b['nombre_emisor'] === 'string' &&
    isCalendarDate(b['fecha']) &&
    ['honorario_bruto', 'retencion_receptor', 'liquido'].every(pesos) &&
    (b['honorario_bruto'] as number) > 0 &&
    typeof b['codigo_barras'] === 'string' &&
    /^[\w.-]{0,64}$/.test(b['codigo_barras']) &&
    (b['liquido'] as number) === (b['honorario_bruto'] as number) - (b['retencion_receptor'] as number) &&
    typeof b['anulada'] === 'boolean'
  );
}

/** A movement accounting can match: an id, whole pesos, a calendar date, a description, a canonical RUT or none as counterpart. */
function isMovimiento(value: unknown): value is MovimientoView {
  const m = objectOrNull(value);
  const contraparte = m?.['contraparte'];
  const rut = objectOrNull(contraparte)?.['rut'];
  return (
    !!m &&
    typeof m['id'] === 'string' &&
    IDENTIFICADOR.test(m['id']) &&
    typeof m['cuenta'] === 'string' &&
    IDENTIFICADOR.test(m['cuenta']) &&
    Number.isSafeInteger(m['monto']) &&
    isCalendarDate(m['fecha']) &&
    typeof m['descripcion'] === 'string' &&
    (contraparte === null || (objectOrNull(contraparte) !== null && (rut === null || isValidRut(rut))))
  );
}

/** The counterpart's RUT canonical (the matcher compares it with the books'), the description as stored (500 characters). */
function movimientoLimpio(m: MovimientoView): MovimientoView {
  const contraparte = m.contraparte && { ...m.contraparte, rut: m.contraparte.rut && normalizeRut(m.contraparte.rut) };
  return { ...m, descripcion: texto(m.descripcion, 500), contraparte };
}

function isDeclaracionIva(value: unknown): value is DeclaracionIva {
  const d = objectOrNull(value);
  const campos = d?.['campos'];
  return (
    !!d &&
    typeof d['periodo'] === 'string' &&
    typeof d['declarada'] === 'boolean' &&
    (campos === null || (!!objectOrNull(campos) && Object.values(campos as object).every((v) => typeof v === 'string')))
  );
}

/** A JSON answer's object, or null for a body that was not JSON (axios leaves it a string). */
function objectOrNull(data: unknown): Record<string, unknown> | null {
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
}
