import { DteParseError } from '../errors';
import type { BoletaObservada, ConteoEnvio } from '../estados-sii';

/** One error of a boleta or of the envío (`detalle_rep_rech[].error[]`): seccion ENV, CRT, TED, CAF, DTE, HED, DET, REF or DRG. */
export interface ErrorBoleta {
  seccion: string;
  nivel: number | null;
  codigo: number | null;
  descripcion: string;
  detalle: string | null;
}

/** A boleta (or, with tipo and folio null, the whole envío) the SII objects to or rejects, with its errors. */
export interface BoletaObservadaDetalle extends BoletaObservada {
  descripcion: string;
  errores: ErrorBoleta[];
}

/** The estado of a boleta envío (docs/research/boletas.md §1.4): `estadistica` empty until EPR, `observadas` null until listed. */
export interface EstadoEnvioBoleta {
  trackid: string;
  estado: string;
  estadistica: ConteoEnvio[];
  observadas: BoletaObservadaDetalle[] | null;
}

type Json = Record<string, unknown>;

/** `POST boleta.electronica.envio`'s `ResultadoEnvioPost` (docs/research/boletas.md §1.3). @throws DteParseError when not that JSON */
export function parseResultadoEnvioBoleta(body: string): { trackid: string; estado: string } {
  const json = objeto(body, 'ResultadoEnvioPost');
  return { trackid: trackidOf(json), estado: texto(json.estado, 'estado') };
}

/** `GET boleta.electronica.envio/{rut}-{dv}-{trackid}`'s answer (docs/research/boletas.md §1.4). @throws DteParseError */
export function parseEstadoEnvioBoleta(body: string): EstadoEnvioBoleta {
  const json = objeto(body, 'the estado of a boleta envío');
  const estadistica = Array.isArray(json.estadistica) ? json.estadistica.map(conteo) : [];
  const detalle = json.detalle_rep_rech;
  if (detalle !== null && detalle !== undefined && !Array.isArray(detalle)) throw new DteParseError('detalle_rep_rech is not a list');
  return {
    trackid: trackidOf(json),
    estado: texto(json.estado, 'estado'),
    estadistica,
    observadas: Array.isArray(detalle) ? detalle.map(observada) : null,
  };
}

function objeto(body: string, what: string): Json {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new DteParseError(`${what}: not JSON`);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new DteParseError(`${what}: not a JSON object`);
  return json as Json;
}

function trackidOf(json: Json): string {
  const t = json.trackid;
  const s = typeof t === 'number' && Number.isSafeInteger(t) ? String(t) : typeof t === 'string' ? t.trim() : '';
  if (!/^\d{1,20}$/.test(s)) throw new DteParseError('no trackid');
  return s;
}

function texto(v: unknown, campo: string): string {
  if (typeof v !== 'string' || !/^[A-Z]{3}$/.test(v.trim())) throw new DteParseError(`${campo} is not a three-letter code`);
  return v.trim();
}

function entero(v: unknown): number | null {
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null;
}

function conteo(v: unknown): ConteoEnvio {
  const c = (v ?? {}) as Json;
  const n = (x: unknown) => entero(x) ?? 0;
  return {
    tipo_dte: n(c.tipo),
    informados: n(c.informados),
    aceptados: n(c.aceptados),
    rechazados: n(c.rechazados),
    reparos: n(c.reparos),
  };
}

function observada(v: unknown): BoletaObservadaDetalle {
  const o = (v ?? {}) as Json;
  const errores = Array.isArray(o.error) ? o.error : [];
  return {
    tipo: entero(o.tipo),
    folio: entero(o.folio),
    estado: texto(o.estado, 'detalle_rep_rech[].estado'),
    descripcion: typeof o.descripcion === 'string' ? o.descripcion : '',
    errores: errores.map((e: unknown) => {
      const x = (e ?? {}) as Json;
      return {
        seccion: typeof x.seccion === 'string' ? x.seccion : '',
        nivel: entero(x.nivel),
        codigo: entero(x.codigo),
        descripcion: typeof x.descripcion === 'string' ? x.descripcion : '',
        detalle: typeof x.detalle === 'string' ? x.detalle : null,
      };
    }),
  };
}

/** `GET boleta.electronica/{rut}-{dv}-{tipo}-{folio}/estado`'s `EstadoBoletaRespuesta` (docs/research/boletas.md §1.5).
 * @throws DteParseError for anything else (the service answers plain text such as "falta monto" with HTTP 200). */
export function parseEstadoBoleta(body: string): { codigo: string; descripcion: string } {
  const json = objeto(body, 'EstadoBoletaRespuesta');
  return { codigo: texto(json.codigo, 'codigo'), descripcion: typeof json.descripcion === 'string' ? json.descripcion : '' };
}
