import { decodeXml, santiagoTimestamp } from '@lib/dte';
import type { SiiFakeState } from './state';
import { getSeed, getToken, tokenFromCookie } from './auth';
import { pasoAt } from './estup';
import { judgeEnvioBoleta } from './boleta-envio';
import { MultipartError } from './multipart';
import { readForm, type UploadContext } from './upload';
import {
  jsonResponse,
  textResponse,
  xmlResponse,
  type BoletaEnvioRecord,
  type FakeRequest,
  type FakeResponse,
  type UploadedDocument,
} from './types';

/** The boleta REST services' paths, on whichever host (apicert/api, pangal/rahue for the upload; docs/research/boletas.md §1.1). */
export const BOLETA_API = {
  semilla: '/recursos/v1/boleta.electronica.semilla',
  token: '/recursos/v1/boleta.electronica.token',
  envio: '/recursos/v1/boleta.electronica.envio',
} as const;

/** The envío's steps before its final state (docs/research/boletas.md §1.4; PRD, not SOAP's PDR). */
const PASOS = ['REC', 'SOK', 'CRT', 'FOK', 'PRD'] as const;
/** Where a refused envío stops: RSC and RPT after REC, RFR after SOK, RCT after FOK. */
const PASOS_ANTES: Record<BoletaEnvioRecord['finalState'], number> = { RSC: 1, RPT: 1, RFR: 2, RCT: 4, EPR: 5 };

/** `GET boleta.electronica.semilla`: the SOAP CrSeed's SII:RESPUESTA, not wrapped in SOAP (docs/research/boletas.md §1.2). */
export function boletaSemilla(authority: SiiFakeState): FakeResponse {
  return xmlResponse(200, getSeed(authority), 'application/xml');
}

/** `POST boleta.electronica.token`: the signed getToken document as the body; the token is good only for the boleta services. */
export function boletaToken(authority: SiiFakeState, req: FakeRequest): FakeResponse {
  return xmlResponse(200, getToken(authority, decodeXml(req.body ?? Buffer.alloc(0)), 'boleta'), 'application/xml');
}

/** `POST boleta.electronica.envio` (docs/research/boletas.md §1.3): 401 "NO ESTA AUTENTICADO" without a Mozilla User-Agent and a
 * boleta token, as RDE and Odoo saw; 200 `ResultadoEnvioPost` estado REC, the verdict in the envío's estado. */
export async function boletaEnvio(authority: SiiFakeState, req: FakeRequest): Promise<FakeResponse> {
  const owner = boletaTokenOwner(authority, req);
  if (!owner) return textResponse(401, 'NO ESTA AUTENTICADO');
  let ctx: UploadContext;
  try {
    ctx = readForm(req);
  } catch (err) {
    if (err instanceof MultipartError) return textResponse(400, err.message);
    throw err;
  }
  if (owner.rut !== ctx.rutSender || !authority.puedeEnviar(ctx.rutSender, ctx.rutCompany))
    return textResponse(401, 'Usuario sin permiso de envio');
  const record = await judgeEnvioBoleta(authority, ctx);
  authority.boletaEnvios.set(record.trackId, record);
  return jsonResponse(200, {
    rut_emisor: record.rutCompany,
    rut_envia: record.rutSender,
    trackid: Number(record.trackId),
    fecha_recepcion: fechaRecepcion(record.receivedAt),
    estado: 'REC',
    file: ctx.fileName,
  });
}

/** `GET boleta.electronica.envio/{rut}-{dv}-{trackid}` (docs/research/boletas.md §1.4): 404 for another company's envío too. */
export function boletaEnvioEstado(authority: SiiFakeState, req: FakeRequest, clave: string): FakeResponse {
  if (!boletaTokenOwner(authority, req, false)) return textResponse(401, 'NO ESTA AUTENTICADO');
  const m = /^(\d{1,8})-([\dkK])-(\d{1,15})$/.exec(clave);
  const envio = m ? authority.boletaEnvios.get(m[3]) : undefined;
  if (!m || !envio || envio.rutCompany !== `${Number(m[1])}-${m[2].toUpperCase()}`) return textResponse(404, 'Envio no encontrado');
  const estado = estadoAhora(authority, envio);
  const final = estado === envio.finalState;
  return jsonResponse(200, {
    rut_emisor: envio.rutCompany,
    rut_envia: envio.rutSender,
    trackid: Number(envio.trackId),
    fecha_recepcion: fechaRecepcion(envio.receivedAt),
    estado,
    estadistica: final && estado === 'EPR' ? estadistica(envio.documents) : [],
    detalle_rep_rech: final ? detalle(envio) : null,
  });
}

export function boletaTokenOwner(authority: SiiFakeState, req: FakeRequest, mozilla = true) {
  const ua = String(req.headers['user-agent'] ?? '');
  if (mozilla && !ua.startsWith('Mozilla/')) return undefined;
  const token = tokenFromCookie(req.headers['cookie']);
  const owner = token ? authority.activeToken(token) : undefined;
  return owner?.servicio === 'boleta' ? owner : undefined;
}

function estadoAhora(authority: SiiFakeState, envio: BoletaEnvioRecord): string {
  const pasos = [...PASOS.slice(0, PASOS_ANTES[envio.finalState]), envio.finalState];
  return pasoAt(pasos, envio.receivedAt, authority.now(), authority.options.estUpDelaysMs);
}

function estadistica(docs: UploadedDocument[]) {
  const tipos = [...new Set(docs.map((d) => d.tipo))].sort((a, b) => a - b);
  return tipos.map((tipo) => {
    const deTipo = docs.filter((d) => d.tipo === tipo);
    const rechazados = deTipo.filter((d) => d.result === 'RCH').length;
    const reparos = deTipo.filter((d) => d.result === 'RPR' || d.result === 'RLV').length;
    return { tipo, informados: deTipo.length, aceptados: deTipo.length - rechazados, rechazados, reparos };
  });
}

/** Nivel 3 rejects and 1 objects, as in the OpenAPI's example; the SII's numeric codes are unpublished, so `codigo` is null. */
function detalle(envio: BoletaEnvioRecord) {
  if (envio.rejection) {
    const { seccion, descripcion, detalle } = envio.rejection;
    return [{ tipo: null, folio: null, estado: 'RCH', descripcion: 'Envio Rechazado', error: [error(seccion, 3, descripcion, detalle)] }];
  }
  return envio.documents
    .filter((d) => d.result !== 'DOK')
    .map((d) => ({
      tipo: d.tipo,
      folio: d.folio,
      estado: d.result,
      descripcion: d.result === 'RCH' ? 'Dte Rechazado' : 'Dte Aceptado con Reparos',
      error: (d.detail ?? '').split('; ').map((t) => error(seccionDe(t), d.result === 'RCH' ? 3 : 1, t)),
    }));
}

function error(seccion: string, nivel: number, descripcion: string, detalle?: string) {
  return { seccion, linea: null, nivel, codigo: null, descripcion, detalle: detalle ?? null };
}

/** The glosas name their section in parentheses ("(HED) ...", "(TED) ..."); a bare one is about the document (DTE). */
function seccionDe(glosa: string): string {
  return /^\((ENV|CRT|TED|CAF|DTE|HED|DET|REF|DRG)\)/.exec(glosa)?.[1] ?? 'DTE';
}

/** `DD/MM/YYYY HH:MM:SS`, America/Santiago (the OpenAPI's example). */
function fechaRecepcion(d: Date): string {
  const [fecha, hora] = santiagoTimestamp(d).split('T');
  return `${fecha.split('-').reverse().join('/')} ${hora}`;
}
