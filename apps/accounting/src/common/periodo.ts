import { periodoFueraDeRango } from '@lib/dte';
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
 * @throws ProblemException 400 `validation_failed` on anything else; 422 `periodo_out_of_range` for a
 *   period wholly outside the plausible dates (@lib/dte `periodoFueraDeRango`).
 */
export function parsePeriodo(value: unknown, field = 'periodo'): Periodo {
  if (typeof value !== 'string' || !PERIODO_PATTERN.test(value)) {
    throw new ProblemException(400, 'validation_failed', `${field} must be YYYY-MM or YYYY`, {
      errors: [{ field, message: `${field} must be YYYY-MM or YYYY` }],
    });
  }
  const reason = periodoFueraDeRango(value);
  if (reason) throw new ProblemException(422, 'periodo_out_of_range', `${field}: ${reason}`, { errors: [{ field, message: reason }] });
  const year = Number(value.slice(0, 4));
  const inicioEjercicio = `${value.slice(0, 4)}-01-01`;
  if (value.length === 4) {
    return { periodo: value, kind: 'anio', desde: inicioEjercicio, hasta: `${value}-12-31`, inicioEjercicio };
  }
  const month = Number(value.slice(5, 7));
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { periodo: value, kind: 'mes', desde: `${value}-01`, hasta: `${value}-${String(lastDay).padStart(2, '0')}`, inicioEjercicio };
}

/**
 * Parses a month `YYYY-MM` (period closing, F29).
 * @throws ProblemException 400 `validation_failed` on anything else; 422 `periodo_out_of_range`.
 */
export function parseMes(value: unknown, field = 'periodo'): Periodo {
  if (typeof value !== 'string' || !MES_PATTERN.test(value)) {
    throw new ProblemException(400, 'validation_failed', `${field} must be YYYY-MM`, {
      errors: [{ field, message: `${field} must be YYYY-MM` }],
    });
  }
  return parsePeriodo(value, field);
}
