import { ProblemException, assertFechaEnRango } from '@lib/schemas';
import { isCalendarDate } from '@lib/dte';
import { MAX_PESOS } from '../common/money';

export interface EntryLine {
  debe?: number;
  haber?: number;
}

export interface EntrySums {
  debe: number;
  haber: number;
}

/**
 * Double-entry rules checked before anything is written (the database checks balance again at commit):
 * two lines at least, one positive side each, sum(debe) = sum(haber), a plausible fecha.
 */
export function checkEntry(fecha: string, lines: EntryLine[]): EntrySums {
  const errors: { field: string; message: string }[] = [];
  if (!isCalendarDate(fecha)) errors.push({ field: 'fecha', message: 'fecha is not a calendar date' });
  if (lines.length < 2) errors.push({ field: 'lineas', message: 'an entry needs at least two lines' });
  lines.forEach((l, i) => {
    const debe = l.debe ?? 0;
    const haber = l.haber ?? 0;
    for (const [side, v] of [
      ['debe', debe],
      ['haber', haber],
    ] as const) {
      if (!Number.isSafeInteger(v) || v < 0) errors.push({ field: `lineas.${i}.${side}`, message: `${side} must be whole pesos >= 0` });
    }
    if (debe > 0 === haber > 0) errors.push({ field: `lineas.${i}`, message: 'exactly one of debe and haber must be positive' });
  });
  if (errors.length > 0) {
    throw new ProblemException(400, 'validation_failed', `The entry has ${errors.length} invalid field${errors.length === 1 ? '' : 's'}.`, {
      errors,
    });
  }
  assertFechaEnRango(fecha, 'fecha');
  const sums = lines.reduce<EntrySums>((s, l) => ({ debe: s.debe + (l.debe ?? 0), haber: s.haber + (l.haber ?? 0) }), {
    debe: 0,
    haber: 0,
  });
  if (sums.debe > MAX_PESOS || sums.haber > MAX_PESOS) {
    throw new ProblemException(400, 'validation_failed', 'The entry total exceeds 2^53 - 1 pesos', {
      errors: [{ field: 'lineas', message: 'total too large' }],
    });
  }
  if (sums.debe !== sums.haber) {
    throw new ProblemException(422, 'unbalanced_entry', `Sum of debe (${sums.debe}) differs from sum of haber (${sums.haber})`, {
      sumas_debe: sums.debe,
      sumas_haber: sums.haber,
      diferencia: sums.debe - sums.haber,
    });
  }
  return sums;
}
