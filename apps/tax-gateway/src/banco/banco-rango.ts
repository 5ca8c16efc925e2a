import { addDays, daysBetween, santiagoDate } from '@lib/dte';
import { rangeInvalid } from './banco-errors';

/** Longest refresh range, days (both ends included). */
export const RANGO_MAXIMO_DIAS = 366;
/** Days of a refresh without `desde`: the last 30, today included. */
export const RANGO_POR_DEFECTO_DIAS = 30;
/** Bank data older than this is not asked for. */
export const FECHA_BANCO_MINIMA = '2000-01-01';

/**
 * The refresh range, YYYY-MM-DD in America/Santiago: `hasta` defaults to today, `desde` to the {@link RANGO_POR_DEFECTO_DIAS} days ending
 * at `hasta`.
 */
export function resolveRango(
  desde: string | undefined,
  hasta: string | undefined,
  now: Date = new Date(),
): { desde: string; hasta: string } {
  const hoy = santiagoDate(now);
  const h = hasta ?? hoy;
  if (h > hoy) throw rangeInvalid('hasta', `hasta (${h}) is after today (${hoy}, America/Santiago)`);
  const d = desde ?? addDays(h, -(RANGO_POR_DEFECTO_DIAS - 1));
  if (d > h) throw rangeInvalid('desde', `desde (${d}) is after hasta (${h})`);
  if (d < FECHA_BANCO_MINIMA) throw rangeInvalid('desde', `desde (${d}) is before ${FECHA_BANCO_MINIMA}`);
  const dias = daysBetween(d, h) + 1;
  if (dias > RANGO_MAXIMO_DIAS) throw rangeInvalid('desde', `the range spans ${dias} days; at most ${RANGO_MAXIMO_DIAS}`);
  return { desde: d, hasta: h };
}
