import type { SiiFakeState } from './state';
import type { FakeRequest, FakeResponse, UploadedDocument } from './types';
import { jsonResponse, textResponse } from './types';

/** `boleta.electronica/{rut}-{dv}-{tipo}-{folio}/estado` (docs/research/boletas.md §1.5): the path's pattern. */
export const BOLETA_ESTADO = /^\/recursos\/v1\/boleta\.electronica\/(\d{1,8})-([\dkK])-(\d{1,3})-(\d{1,18})\/estado$/;

// The codes and descriptions of EstadoBoletaRespuesta (docs/research/boletas.md §1.5, peers' OpenAPI reading).
const DESCRIPCION: Record<string, string> = {
  DOK: 'Documento Recibido por el SII. Datos Coinciden con los Registrados',
  DNK: 'Documento Recibido por el SII pero Datos NO Coinciden con los registrados',
  FAU: 'Documento No Recibido por el SII',
};

/** The query parameters the service asks for one by one, as peers saw live on apicert (§1.5). */
const PARAMETROS = ['rut_receptor', 'dv_receptor', 'monto', 'fechaEmision'] as const;

/** One boleta's state (§1.5): HTTP 200 "falta <name>" while a parameter is missing, as seen live; DOK, DNK or FAU. */
export function boletaEstado(authority: SiiFakeState, req: FakeRequest, owner: unknown, m: RegExpExecArray): FakeResponse {
  if (!owner) return textResponse(401, 'NO ESTA AUTENTICADO');
  const url = new URL(req.url, 'http://sii-fake.invalid');
  const falta = PARAMETROS.find((p) => !url.searchParams.get(p));
  if (falta) return textResponse(200, `falta ${falta}`);
  const emisor = `${Number(m[1])}-${m[2].toUpperCase()}`;
  const boleta = recibida(authority, emisor, Number(m[3]), Number(m[4]));
  if (!boleta) return respuesta('FAU');
  const q = (p: string) => (url.searchParams.get(p) ?? '').trim();
  const receptor = `${Number(q('rut_receptor'))}-${q('dv_receptor').toUpperCase()}`;
  const fecha = boleta.fechaEmision.split('-').reverse().join('-');
  const coinciden = receptor === boleta.receptor && Number(q('monto')) === boleta.montos.total && q('fechaEmision') === fecha;
  return respuesta(coinciden ? 'DOK' : 'DNK');
}

function recibida(authority: SiiFakeState, emisor: string, tipo: number, folio: number): UploadedDocument | undefined {
  for (const envio of authority.boletaEnvios.values()) {
    if (envio.finalState !== 'EPR') continue;
    const doc = envio.documents.find((d) => d.emisor === emisor && d.tipo === tipo && d.folio === folio && d.result !== 'RCH');
    if (doc) return doc;
  }
  return undefined;
}

function respuesta(codigo: string): FakeResponse {
  return jsonResponse(200, { codigo, descripcion: DESCRIPCION[codigo] });
}
