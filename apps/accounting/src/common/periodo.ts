import { periodoFueraDeRango } from '@lib/dte';
import { ProblemException } from '@lib/schemas';

/**
 * A calendar month `YYYY-MM` (the SII `PeriodoTributario` of the LibroCompraVenta carátula) or a year
 * `YYYY`; the fiscal year is the calendar year. Dates are `YYYY-MM-DD`.
 */
export interface Periodo {
  periodo: string;
  kind: 'mes' | 'anio';
  desde: string;
  hasta: string;
  inicioEjercicio: string;
}

export const PERIODO_PATTERN = /^\d{4}(-(0[1-9]|1[0-2]))?$/;
export const MES_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** 422 `periodo_out_of_range` for a period wholly outside plausible dates (@lib/dte `periodoFueraDeRango`). */
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

/** A month `YYYY-MM` (period closing, F29). */
export function parseMes(value: unknown, field = 'periodo'): Periodo {
  if (typeof value !== 'string' || !MES_PATTERN.test(value)) {
    throw new ProblemException(400, 'validation_failed', `${field} must be YYYY-MM`, {
      errors: [{ field, message: `${field} must be YYYY-MM` }],
    });
  }
  return parsePeriodo(value, field);
}
