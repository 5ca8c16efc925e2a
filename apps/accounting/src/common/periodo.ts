import { ProblemException } from '@lib/schemas';

/**
 * An accounting period: a calendar month `YYYY-MM` (the SII `PeriodoTributario` format of the
 * LibroCompraVenta carátula) or a whole year `YYYY`. The fiscal year is the calendar year
 * (Chilean tax year, Ley sobre Impuesto a la Renta art. 16-17 rules aside).
 */
export interface Periodo {
  /** As given: `2025-03` or `2025`. */
  periodo: string;
  kind: 'mes' | 'anio';
  /** First calendar day of the period, `YYYY-MM-DD`. */
  desde: string;
  /** Last calendar day of the period, `YYYY-MM-DD`. */
  hasta: string;
  /** January 1 of the fiscal year the period belongs to. */
  inicioEjercicio: string;
}

export const PERIODO_PATTERN = /^\d{4}(-(0[1-9]|1[0-2]))?$/;
export const MES_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * Parses `YYYY-MM` or `YYYY`.
 * @throws ProblemException 400 `validation_failed` on anything else.
 */
export function parsePeriodo(value: unknown, field = 'periodo'): Periodo {
  if (typeof value !== 'string' || !PERIODO_PATTERN.test(value)) {
    throw new ProblemException(400, 'validation_failed', `${field} must be YYYY-MM or YYYY`, {
      errors: [{ field, message: `${field} must be YYYY-MM or YYYY` }],
    });
  }
  const year = Number(value.slice(0, 4));
  const inicioEjercicio = `${value.slice(0, 4)}-01-01`;
  if (value.length === 4) {
    return { periodo: value, kind: 'anio', desde: inicioEjercicio, hasta: `${value}-12-31`, inicioEjercicio };
  }
  const month = Number(value.slice(5, 7));
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { periodo: value, kind: 'mes', desde: `${value}-01`, hasta: `${value}-${String(lastDay).padStart(2, '0')}`, inicioEjercicio };
}

/** True when `YYYY-MM-DD` is a real calendar date (no 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Today's calendar date in America/Santiago (`YYYY-MM-DD`): SII dates are Santiago dates. */
export function santiagoToday(now = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(now);
}
