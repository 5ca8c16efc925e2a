import { createHash } from 'node:crypto';
import { isCalendarDate, santiagoDate } from '@lib/dte';
import { splitRut } from '@lib/rut';
import type { SiiFakeState } from './state';
import { normalizeRut } from './internal/rut';
import { retencionBhe } from './bhe-retencion';
import { jsonResponse, type BoletaHonorarios, type FakeResponse } from './types';

/** What `POST /sim/bhe` takes (and {@link registrarBhe}): an emisor's boleta de honorarios the receptor received. `anulada`
 * voids it on `fecha_anulacion` (YYYY-MM-DD, not before `fecha`), by default the later of `fecha` and today in Santiago. */
export interface NuevaBoletaHonorarios {
  receptor_rut: string;
  emisor_rut: string;
  nombre_emisor: string;
  folio: number;
  fecha: string;
  bruto: number;
  retiene?: 'receptor' | 'emisor';
  sociedad_profesional?: boolean;
  anulada?: boolean;
  fecha_anulacion?: string;
}

/** Stores a boleta the way the SII computes it (retention by its year, bhe-retencion.ts). @throws Error with the reason for bad
 * input or an emisor's folio already registered, the message `POST /sim/bhe` answers 400 with. */
export function registrarBhe(state: SiiFakeState, input: NuevaBoletaHonorarios): BoletaHonorarios {
  const boleta = nuevaBoleta(state, input);
  if (typeof boleta === 'string') throw new Error(boleta);
  state.boletasHonorarios.set(clave(boleta.emisor, boleta.folio), boleta);
  return boleta;
}

/** `POST /sim/bhe`: 201 with the stored boleta (its codigo_barras and amounts), 400 `{error, detail}`. */
export function simBhe(state: SiiFakeState, body: unknown): FakeResponse {
  try {
    return jsonResponse(201, bheJson(registrarBhe(state, body as NuevaBoletaHonorarios)));
  } catch (err) {
    return jsonResponse(400, { error: 'invalid_request', detail: (err as Error).message });
  }
}

/** The receptor's boletas dated in that month (mes 1-12), by fecha then folio: the order the stand-in lists them in. */
export function bheDelMes(state: SiiFakeState, receptor: string, anio: number, mes: number): BoletaHonorarios[] {
  const periodo = `${anio}-${String(mes).padStart(2, '0')}-`;
  return [...state.boletasHonorarios.values()]
    .filter((b) => b.receptor === receptor && b.fecha.startsWith(periodo))
    .sort((a, b) => a.fecha.localeCompare(b.fecha) || a.folio - b.folio);
}

export function bheJson(b: BoletaHonorarios): Record<string, unknown> {
  return {
    receptor_rut: b.receptor,
    emisor_rut: b.emisor,
    nombre_emisor: b.nombreEmisor,
    folio: b.folio,
    fecha: b.fecha,
    bruto: b.bruto,
    retiene: b.retiene,
    retencion_receptor: b.retencionReceptor,
    honorarios_liquidos: b.liquido,
    sociedad_profesional: b.sociedadProfesional,
    anulada: b.fechaAnulacion !== undefined,
    fecha_anulacion: b.fechaAnulacion ?? null,
    codigo_barras: b.codigoBarras,
  };
}

function nuevaBoleta(state: SiiFakeState, input: unknown): BoletaHonorarios | string {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return 'the body must be a JSON object';
  const b = input as Partial<Record<keyof NuevaBoletaHonorarios, unknown>>;
  const error = errorDeCampos(b);
  if (error) return error;
  const n = b as NuevaBoletaHonorarios;
  const [receptor, emisor] = [normalizeRut(n.receptor_rut) as string, normalizeRut(n.emisor_rut) as string];
  if (state.boletasHonorarios.has(clave(emisor, n.folio))) return `folio ${n.folio} of emisor ${emisor} is already registered`;
  const anulacion = fechaAnulacion(state, n);
  if (anulacion.error) return anulacion.error;
  const retiene = n.retiene ?? 'receptor';
  const retencionReceptor = retiene === 'receptor' ? retencionBhe(n.bruto, Number(n.fecha.slice(0, 4))) : 0;
  return {
    receptor,
    emisor,
    nombreEmisor: n.nombre_emisor.trim(),
    folio: n.folio,
    fecha: n.fecha,
    bruto: n.bruto,
    retiene,
    retencionReceptor,
    liquido: n.bruto - retencionReceptor,
    sociedadProfesional: n.sociedad_profesional ?? false,
    ...(anulacion.fecha ? { fechaAnulacion: anulacion.fecha } : {}),
    codigoBarras: codigoBarras(emisor, n.folio),
  };
}

/** The first field that is wrong, in the order of the body. */
function errorDeCampos(b: Partial<Record<keyof NuevaBoletaHonorarios, unknown>>): string | undefined {
  const rut = (v: unknown) => typeof v === 'string' && normalizeRut(v) !== undefined;
  const positivo = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
  const opcional = (v: unknown, ok: (v: unknown) => boolean) => v === undefined || ok(v);
  const booleano = (v: unknown) => typeof v === 'boolean';
  const checks: [boolean, string][] = [
    [rut(b.receptor_rut), 'receptor_rut must be a valid RUT (12345678-5)'],
    [rut(b.emisor_rut), 'emisor_rut must be a valid RUT (12345678-5)'],
    [typeof b.nombre_emisor === 'string' && b.nombre_emisor.trim() !== '', 'nombre_emisor is required'],
    [positivo(b.folio), 'folio must be a whole number greater than 0'],
    [isCalendarDate(b.fecha), 'fecha must be a calendar date YYYY-MM-DD'],
    [positivo(b.bruto), 'bruto must be a whole number of pesos greater than 0'],
    [opcional(b.retiene, (v) => v === 'receptor' || v === 'emisor'), "retiene must be 'receptor' or 'emisor'"],
    [opcional(b.sociedad_profesional, booleano), 'sociedad_profesional must be true or false'],
    [opcional(b.anulada, booleano), 'anulada must be true or false'],
    [opcional(b.fecha_anulacion, isCalendarDate), 'fecha_anulacion must be a calendar date YYYY-MM-DD'],
  ];
  return checks.find(([ok]) => !ok)?.[1];
}

function fechaAnulacion(state: SiiFakeState, n: NuevaBoletaHonorarios): { fecha?: string; error?: string } {
  if (n.fecha_anulacion === undefined) {
    if (!n.anulada) return {};
    const hoy = santiagoDate(state.now());
    return { fecha: hoy > n.fecha ? hoy : n.fecha };
  }
  if (n.anulada === false) return { error: 'fecha_anulacion is only for a boleta that is anulada' };
  if (n.fecha_anulacion < n.fecha) return { error: `fecha_anulacion ${n.fecha_anulacion} is before the boleta's fecha ${n.fecha}` };
  return { fecha: n.fecha_anulacion };
}

function clave(emisor: string, folio: number): string {
  return `${emisor}|${folio}`;
}

/** Opaque to peers: ~20 characters starting with the emisor's RUT, e.g. "111111110000048F99ED" (IDX-57423460945, BheScraper's
 * `codigoBarras`), lengths differing between reports. The layout here is the stand-in's own: RUT body, DV, the folio in six
 * digits, five hex digits of a hash; deterministic, so a test can predict it. */
function codigoBarras(emisor: string, folio: number): string {
  const { body, dv } = splitRut(emisor);
  const hash = createHash('sha256').update(`${emisor}|${folio}`).digest('hex').slice(0, 5).toUpperCase();
  return `${body}${dv}${String(folio).padStart(6, '0')}${hash}`;
}
