import type { SiiFakeState } from './state';
import { portalSession } from './portal-html';
import { normalizeRut } from './internal/rut';
import { fechaSii } from './registro-reclamo';
import { jsonResponse, type FakeRequest, type FakeResponse, type RegisteredDocument } from './types';
import { splitRut } from '@lib/rut';

/** On www4 (production) and www4c (certification), docs/research/sii-protocol.md §8. */
export const RCV_FACADE_PATH = '/consdcvinternetui/services/data/facadeService';

type EstadoContab = 'REGISTRO' | 'PENDIENTE' | 'NO_INCLUIR' | 'RECLAMADO';
interface Consulta {
  rut: string;
  periodo: string;
  operacion: 'COMPRA' | 'VENTA';
  estadoContab: string;
  codTipoDoc?: number;
}
const PLAZO_MS = 8 * 24 * 3600 * 1000;
const RECLAMOS = new Set(['RCD', 'RFP', 'RFT']);

/** The RCV's JSON services (docs/research/sii-protocol.md §8): what the SII received and did not reject, by FchEmis month. */
export function handleRcv(state: SiiFakeState, req: FakeRequest, operation: string): FakeResponse {
  // A portal service: a portal session, not the web-service token.
  if (!portalSession(state, req)) {
    return {
      status: 401,
      headers: { 'content-type': 'text/html; charset=ISO-8859-1' },
      body: Buffer.from('<html><body>NO ESTA AUTENTICADO</body></html>'),
    };
  }
  const body = parse(req.body);
  const consulta = body && readConsulta(body.data);
  const metaData = { ...(body?.metaData ?? {}), page: null };
  if (!consulta || (operation !== 'getResumen' && consulta.codTipoDoc === undefined)) {
    return jsonResponse(200, {
      data: null,
      metaData,
      respEstado: { codRespuesta: 2, msgeRespuesta: 'Parametros de consulta invalidos', codError: 2 },
    });
  }
  const docs = registro(state, consulta);
  const data =
    operation === 'getResumen'
      ? resumen(docs)
      : docs.filter((d) => d.document.tipo === consulta.codTipoDoc).map((d) => detalle(state, d, consulta));
  return jsonResponse(200, { data, dataResp: null, metaData, respEstado: { codRespuesta: 0, msgeRespuesta: null, codError: null } });
}

function registro(state: SiiFakeState, c: Consulta): RegisteredDocument[] {
  const month = `${c.periodo.slice(0, 4)}-${c.periodo.slice(4)}`;
  return state.receivedDocuments().filter((r) => {
    const d = r.document;
    if (!d.fechaEmision.startsWith(month)) return false;
    if (c.operacion === 'VENTA') return d.emisor === c.rut;
    return d.receptor === c.rut && estadoCompra(state, r) === c.estadoContab;
  });
}

function estadoCompra(state: SiiFakeState, r: RegisteredDocument): EstadoContab {
  const eventos = state.rcvEventos.get(`${r.document.emisor}|${r.document.tipo}|${r.document.folio}`) ?? [];
  if (eventos.some((e) => RECLAMOS.has(e.accion))) return 'RECLAMADO';
  if (eventos.length > 0 || state.now().getTime() - r.receivedAt.getTime() > PLAZO_MS) return 'REGISTRO';
  return 'PENDIENTE';
}

function resumen(docs: RegisteredDocument[]) {
  const byTipo = new Map<
    number,
    { rsmnTipoDocInteger: number; rsmnTotDoc: number; rsmnMntExe: number; rsmnMntNeto: number; rsmnMntIVA: number; rsmnMntTotal: number }
  >();
  for (const { document: d } of docs) {
    const r = byTipo.get(d.tipo) ?? {
      rsmnTipoDocInteger: d.tipo,
      rsmnTotDoc: 0,
      rsmnMntExe: 0,
      rsmnMntNeto: 0,
      rsmnMntIVA: 0,
      rsmnMntTotal: 0,
    };
    r.rsmnTotDoc += 1;
    r.rsmnMntExe += d.montos.exento;
    r.rsmnMntNeto += d.montos.neto;
    r.rsmnMntIVA += d.montos.iva;
    r.rsmnMntTotal += d.montos.total;
    byTipo.set(d.tipo, r);
  }
  return [...byTipo.values()].sort((a, b) => a.rsmnTipoDocInteger - b.rsmnTipoDocInteger);
}

function detalle(state: SiiFakeState, r: RegisteredDocument, c: Consulta) {
  const d = r.document;
  const { body, dv } = splitRut(c.operacion === 'VENTA' ? d.receptor : d.emisor);
  const rut = String(body);
  const eventos = state.rcvEventos.get(`${d.emisor}|${d.tipo}|${d.folio}`) ?? [];
  const last = eventos[eventos.length - 1];
  return {
    detTipoDoc: d.tipo,
    detRutDoc: Number(rut),
    detDvDoc: dv,
    detRznSoc: c.operacion === 'VENTA' ? d.razonSocialReceptor : d.razonSocialEmisor,
    detNroDoc: d.folio,
    detFchDoc: d.fechaEmision.split('-').reverse().join('/'),
    detFecRecepcion: fechaSii(r.receivedAt).replace(/-/g, '/'),
    detMntExe: d.montos.exento,
    detMntNeto: d.montos.neto,
    detMntIVA: d.montos.iva,
    detMntTotal: d.montos.total,
    detEventoReceptor: last?.accion ?? null,
    detEventoReceptorLeyenda: last ? `${last.accion} ${fechaSii(last.fecha)}` : null,
  };
}

function readConsulta(data: unknown): Consulta | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const d = data as Record<string, unknown>;
  const rut = normalizeRut(`${String(d['rutEmisor'] ?? '')}-${String(d['dvEmisor'] ?? '')}`);
  const periodo = String(d['ptributario'] ?? '');
  const operacion = d['operacion'];
  if (!rut || !/^\d{4}(0[1-9]|1[0-2])$/.test(periodo) || (operacion !== 'COMPRA' && operacion !== 'VENTA')) return undefined;
  const tipo = d['codTipoDoc'];
  const codTipoDoc = tipo === undefined || tipo === null || tipo === '' ? undefined : Number(tipo);
  if (codTipoDoc !== undefined && !Number.isInteger(codTipoDoc)) return undefined;
  return { rut, periodo, operacion, estadoContab: String(d['estadoContab'] ?? 'REGISTRO') || 'REGISTRO', codTipoDoc };
}

function parse(body: Buffer | undefined): { metaData?: Record<string, unknown>; data?: unknown } | undefined {
  try {
    const value: unknown = JSON.parse((body ?? Buffer.alloc(0)).toString('utf8'));
    return value && typeof value === 'object' ? (value as { metaData?: Record<string, unknown>; data?: unknown }) : undefined;
  } catch {
    return undefined;
  }
}
