import type { EstadoRcv } from '@lib/contracts';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { TaxMetrics } from '../metrics/tax-metrics';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { siiRejected } from './sii-errors';
import { SiiHttp, SiiHttpResponse } from './sii-http';
import { splitRut } from '@lib/rut';

/** Which register: purchases (compras) or sales (ventas). */
export type OperacionRcv = 'COMPRA' | 'VENTA';

/** Estados of the purchases register; the sales register has one (REGISTRO). */
export type EstadoContabRcv = EstadoRcv;

/** One line of getResumen: a document type's count and amounts (CLP) in the register. */
export interface RcvResumenTipo {
  tipo_dte: number;
  documentos: number;
}

/** One document of getDetalleCompra / getDetalleVenta; amounts in CLP, `fecha_emision` YYYY-MM-DD. */
export interface RcvDocumento {
  tipo_dte: number;
  folio: number;
  /** The supplier (compras) or the customer (ventas), `12345678-9`. */
  rut_contraparte: string;
  razon_social: string;
  fecha_emision: string;
  exento: number;
  neto: number;
  iva: number;
  total: number;
  /** Last event of the receiver (ACD, ERM, RCD, RFP, RFT) or null. */
  evento_receptor: string | null;
}

const FACADE = '/consdcvinternetui/services/data/facadeService';
const NAMESPACE = 'cl.sii.sdi.lob.diii.consdcv.data.api.interfaces.FacadeService';

interface FacadeAnswer {
  data?: unknown;
  respEstado?: { codRespuesta?: unknown; msgeRespuesta?: unknown };
}

/**
 * The RCV's portal services (docs/research/sii-protocol.md §8: the SII publishes no web service for the register's detail), with the
 * platform's certificate session (docs/tax-gateway.md "Portal session").
 */
@Injectable()
export class RcvClient {
  private readonly http: SiiHttp;

  constructor(@Inject(TAX_SETTINGS) settings: TaxSettings, metrics: TaxMetrics) {
    this.http = new SiiHttp(settings, metrics, settings.siiRcvBaseUrl);
  }

  async getResumen(
    rut: string,
    periodo: string,
    operacion: OperacionRcv,
    estado: EstadoContabRcv,
    cookie: string,
  ): Promise<RcvResumenTipo[]> {
    const rows = await this.call('getResumen', consulta(rut, periodo, operacion, estado), cookie);
    return rows.map((r) => ({ tipo_dte: int(r['rsmnTipoDocInteger']), documentos: int(r['rsmnTotDoc']) }));
  }

  async getDetalle(
    rut: string,
    periodo: string,
    operacion: OperacionRcv,
    estado: EstadoContabRcv,
    tipoDte: number,
    cookie: string,
  ): Promise<RcvDocumento[]> {
    const op = operacion === 'COMPRA' ? 'getDetalleCompra' : 'getDetalleVenta';
    const rows = await this.call(op, { ...consulta(rut, periodo, operacion, estado), codTipoDoc: tipoDte }, cookie);
    return rows.map((r) => ({
      tipo_dte: int(r['detTipoDoc']) || tipoDte,
      folio: int(r['detNroDoc']),
      rut_contraparte: `${int(r['detRutDoc'])}-${String(r['detDvDoc'] ?? '').toUpperCase()}`,
      razon_social: String(r['detRznSoc'] ?? '').trim(),
      fecha_emision: String(r['detFchDoc'] ?? '')
        .split('/')
        .reverse()
        .join('-'),
      exento: int(r['detMntExe']),
      neto: int(r['detMntNeto']),
      iva: int(r['detMntIVA']),
      total: int(r['detMntTotal']),
      evento_receptor: r['detEventoReceptor'] ? String(r['detEventoReceptor']) : null,
    }));
  }

  private async call(op: string, data: Record<string, unknown>, cookie: string): Promise<Record<string, unknown>[]> {
    const body = Buffer.from(
      JSON.stringify({ metaData: { namespace: `${NAMESPACE}/${op}`, conversationId: randomUUID(), page: null }, data }),
    );
    const res = await this.http.send(op, {
      method: 'POST',
      path: `${FACADE}/${op}`,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Cookie: cookie },
      body,
    });
    const answer = this.json(op, res);
    const code = answer.respEstado?.codRespuesta;
    if (code !== 0 && code !== '0') {
      this.http.done(op, res, 'rejected');
      throw siiRejected(op, String(code), answer.respEstado?.msgeRespuesta ? [String(answer.respEstado.msgeRespuesta)] : []);
    }
    if (answer.data !== null && answer.data !== undefined && !Array.isArray(answer.data))
      return this.http.unusable(op, res, 'data is not a list');
    this.http.done(op, res, 'ok');
    return ((answer.data as unknown[] | null) ?? []).filter((r): r is Record<string, unknown> => !!r && typeof r === 'object');
  }

  private json(op: string, res: SiiHttpResponse): FacadeAnswer {
    if (res.status !== 200) return this.http.unusable(op, res, `HTTP ${res.status}`);
    try {
      const value: unknown = JSON.parse(res.body.toString('utf8'));
      if (value && typeof value === 'object') return value as FacadeAnswer;
    } catch (err) {
      return this.http.unusable(op, res, 'not JSON', err);
    }
    return this.http.unusable(op, res, 'not a JSON object');
  }
}

function consulta(rut: string, periodo: string, operacion: OperacionRcv, estadoContab: EstadoContabRcv): Record<string, unknown> {
  const { body, dv } = splitRut(rut);
  return { rutEmisor: String(body), dvEmisor: dv, ptributario: periodo.replace('-', ''), operacion, estadoContab };
}

function int(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? '0'), 10);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}
