import type { SiiFakeState } from './state';
import { siiRespuesta } from './sii-respuesta';
import type { EnvioState, UploadRecord } from './types';

const GLOSAS: Record<EnvioState, string> = {
  REC: 'Envio Recibido Conforme',
  SOK: 'Schema Validado',
  CRT: 'Caratula OK',
  FOK: 'Firma de Envio Validada',
  PDR: 'Envio en Proceso',
  EPR: 'Envio Procesado',
  RCT: 'Rechazado por Error en Caratula',
  LOK: 'Libro Cuadrado',
  LRH: 'Libro Rechazado',
};

/** docs/research/sii-protocol.md §2.5. */
export function timeline(upload: UploadRecord): EnvioState[] {
  if (upload.finalState === 'RCT') return ['REC', 'SOK', 'RCT'];
  return ['REC', 'SOK', 'CRT', 'FOK', 'PDR', upload.finalState];
}

/** Each step lasts `delays[i]` ms (one number for all); 0 is final at once. */
export function stateAt(upload: UploadRecord, now: Date, delays: number | number[]): EnvioState {
  return pasoAt(timeline(upload), upload.receivedAt, now, delays);
}

/** The step of `pasos` an envío received at `receivedAt` is in at `now`, each step lasting `delays[i]` ms; the last is final. */
export function pasoAt<T>(pasos: readonly T[], receivedAt: Date, now: Date, delays: number | number[]): T {
  let elapsed = now.getTime() - receivedAt.getTime();
  for (let i = 0; i < pasos.length - 1; i++) {
    const d = Array.isArray(delays) ? (delays[i] ?? delays[delays.length - 1] ?? 0) : delays;
    if (elapsed < d) return pasos[i];
    elapsed -= d;
  }
  return pasos[pasos.length - 1];
}

/** QueryEstUp.jws; unknown or foreign track ID: -11 with ERR_CODE 1; body before header as in a real capture. */
export function getEstUp(authority: SiiFakeState, params: { name: string; value: string }[]): string {
  const byName = (names: string[], pos: number) => (params.find((p) => names.includes(p.name))?.value ?? params[pos]?.value ?? '').trim();
  const rut = byName(['RutCompania', 'Rut', 'RutEmpresa'], 0);
  const dv = byName(['DvCompania', 'Dv', 'DvEmpresa'], 1).toUpperCase();
  const trackId = byName(['TrackId', 'TrackID', 'trackId'], 2);
  const token = byName(['Token', 'token'], 3);
  const hdr = (estado: string, glosa: string, extra: [string, string][] = []) =>
    siiRespuesta([['ESTADO', estado], ['GLOSA', glosa], ...extra, ['NUM_ATENCION', authority.numAtencion()]]);

  if (!token) return hdr('001', 'Cookie Inactivo');
  const tokenState = authority.tokenState(token);
  if (tokenState === 'unknown') return hdr('003', 'Token No Existe');
  if (tokenState === 'expired') return hdr('002', 'Token Inactivo');

  const upload = authority.uploads.get(trackId) ?? authority.uploads.get(trackId.padStart(10, '0'));
  if (!upload || upload.rutCompany !== `${Number(rut)}-${dv}`) {
    return hdr('-11', 'Error : (ERR_CODE 1) El envio no existe o no es de la empresa', [
      ['SRV_CODE', '0'],
      ['SQL_CODE', '0'],
      ['ERR_CODE', '1'],
    ]);
  }
  const estado = stateAt(upload, authority.now(), authority.options.estUpDelaysMs);
  const glosa = estado === upload.finalState && upload.rejection ? upload.rejection : GLOSAS[estado];
  const header: [string, string][] = [
    ['TRACKID', upload.trackId],
    ['ESTADO', estado],
    ['GLOSA', glosa],
    ['NUM_ATENCION', authority.numAtencion()],
  ];
  if (estado !== 'EPR') return siiRespuesta(header);
  return siiRespuesta(header, countsByType(upload), true);
}

function countsByType(upload: UploadRecord): [string, string][][] {
  const tipos = [...new Set(upload.documents.map((d) => d.tipo))].sort((a, b) => a - b);
  return tipos.map((tipo) => {
    const docs = upload.documents.filter((d) => d.tipo === tipo);
    const count = (...r: string[]) => String(docs.filter((d) => r.includes(d.result)).length);
    return [
      ['TIPO_DOCTO', String(tipo)],
      ['INFORMADOS', String(docs.length)],
      ['ACEPTADOS', String(docs.length - docs.filter((d) => d.result === 'RCH').length)],
      ['RECHAZADOS', count('RCH')],
      // The answer has no count for RLV: minor objections are reparos (docs/research/sii-protocol.md §2.5).
      ['REPAROS', count('RPR', 'RLV')],
    ];
  });
}
