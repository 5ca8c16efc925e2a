import { santiagoDate } from '@lib/dte';
import { rangoInvalido } from './banco-errors';

/** Longest refresh range, days (both ends included). */
export const RANGO_MAXIMO_DIAS = 366;
/** Days of a refresh without `desde`: the last 30, today included. */
export const RANGO_POR_DEFECTO_DIAS = 30;
/** Bank data older than this is not asked for. */
export const FECHA_BANCO_MINIMA = '2000-01-01';

/** YYYY-MM-DD plus `days` (calendar arithmetic, no time zone involved). */
export function sumarDias(fecha: string, days: number): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Days from `desde` to `hasta`, both included. */
export function diasDelRango(desde: string, hasta: string): number {
  return Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The date range of a refresh, calendar dates YYYY-MM-DD in America/Santiago: `hasta` defaults to today and
 * `desde` to 29 days before `hasta` (the last {@link RANGO_POR_DEFECTO_DIAS} days). Both must already be calendar
 * dates (the DTO checks the format).
 * @throws ProblemException 400 `range_invalid` when `hasta` is after today, `desde` is after `hasta` or before
 * 2000-01-01, or the range spans more than {@link RANGO_MAXIMO_DIAS} days.
 */
export function resolverRango(
  desde: string | undefined,
  hasta: string | undefined,
  now: Date = new Date(),
): { desde: string; hasta: string } {
  const hoy = santiagoDate(now);
  const h = hasta ?? hoy;
  if (h > hoy) throw rangoInvalido('hasta', `hasta (${h}) is after today (${hoy}, America/Santiago)`);
  const d = desde ?? sumarDias(h, -(RANGO_POR_DEFECTO_DIAS - 1));
  if (d > h) throw rangoInvalido('desde', `desde (${d}) is after hasta (${h})`);
  if (d < FECHA_BANCO_MINIMA) throw rangoInvalido('desde', `desde (${d}) is before ${FECHA_BANCO_MINIMA}`);
  const dias = diasDelRango(d, h);
  if (dias > RANGO_MAXIMO_DIAS) throw rangoInvalido('desde', `the range spans ${dias} days; at most ${RANGO_MAXIMO_DIAS}`);
  return { desde: d, hasta: h };
}
