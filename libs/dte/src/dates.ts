import { DteParseError, excerpt } from './errors';

const FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Santiago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function parts(d: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of FORMAT.formatToParts(d)) out[p.type] = p.value;
  return out;
}

/**
 * The calendar date of `d` (default now) in America/Santiago, `YYYY-MM-DD` (SII FechaType, SiiTypes_v10.xsd;
 * SII dates are calendar dates in America/Santiago, docs/tax-gateway.md). Uses Intl, so DST follows the tz data.
 */
export function santiagoDate(d: Date = new Date()): string {
  const p = parts(d);
  return `${p['year']}-${p['month']}-${p['day']}`;
}

/**
 * The wall-clock time of `d` (default now) in America/Santiago, `YYYY-MM-DDTHH:MM:SS` without offset
 * (SII FechaHoraType, used by TSTED, TmstFirma, TmstFirmaEnv; Formato DTE v2.2 §2.2 H).
 */
export function santiagoTimestamp(d: Date = new Date()): string {
  const p = parts(d);
  return `${p['year']}-${p['month']}-${p['day']}T${p['hour']}:${p['minute']}:${p['second']}`;
}

/**
 * The instant of a wall-clock time in America/Santiago (`YYYY-MM-DDTHH:MM:SS`, as {@link santiagoTimestamp}
 * writes it): the inverse of santiagoTimestamp. A time skipped by the DST change resolves one hour later;
 * a repeated one to its first occurrence.
 * @throws DteParseError when `wallClock` is not that shape.
 */
export function santiagoInstant(wallClock: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(wallClock);
  if (!m) throw new DteParseError(`not a YYYY-MM-DDTHH:MM:SS time: ${excerpt(wallClock)}`);
  const asUtc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  // Santiago is behind UTC: the offset at the guessed instant, then at the corrected one (DST edges).
  const offset = (at: number) => Date.parse(`${santiagoTimestamp(new Date(at))}Z`) - at;
  const first = asUtc - offset(asUtc);
  return new Date(asUtc - offset(first));
}

/**
 * The earliest and latest dates the SII accepts in any document (SiiTypes_v10.xsd `FechaType`:
 * "Fecha entre 2000-01-01 y 2050-12-31"); PostgreSQL would take year 0 or 9999, the SII never does.
 */
export const FECHA_SII_MINIMA = '2000-01-01';
export const FECHA_SII_MAXIMA = '2050-12-31';

/** True when `value` is `YYYY-MM-DD` and a real calendar date (no 2025-02-30). */
export function isCalendarDate(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * The latest plausible date of a document or entry on `now`: one year after today in America/Santiago
 * (documents are not dated decades ahead; a due date or a scheduled entry may be months ahead),
 * never after {@link FECHA_SII_MAXIMA}.
 */
export function fechaMaxima(now: Date = new Date()): string {
  const today = santiagoDate(now);
  const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`.replace(/-02-29$/, '-02-28');
  return nextYear < FECHA_SII_MAXIMA ? nextYear : FECHA_SII_MAXIMA;
}

/**
 * Why a calendar date `YYYY-MM-DD` is outside the plausible range [{@link FECHA_SII_MINIMA},
 * {@link fechaMaxima}], or `undefined` when it is inside. Callers answer 422 with the reason; the rule is
 * the SII's FechaType narrowed to at most one year ahead.
 */
export function fechaFueraDeRango(fecha: string, now: Date = new Date()): string | undefined {
  const max = fechaMaxima(now);
  if (fecha < FECHA_SII_MINIMA) return `${fecha} is before ${FECHA_SII_MINIMA} (the earliest date the SII accepts)`;
  if (fecha > max) return `${fecha} is after ${max} (at most one year ahead)`;
  return undefined;
}

/**
 * Like {@link fechaFueraDeRango} for a month `YYYY-MM` or a year `YYYY`: out of range when the whole
 * period is (a period that overlaps the range is plausible).
 */
export function periodoFueraDeRango(periodo: string, now: Date = new Date()): string | undefined {
  const desde = periodo.length === 4 ? `${periodo}-01-01` : `${periodo}-01`;
  const hasta = periodo.length === 4 ? `${periodo}-12-31` : `${periodo}-31`;
  if (hasta < FECHA_SII_MINIMA) return `${periodo} is before ${FECHA_SII_MINIMA} (the earliest date the SII accepts)`;
  const max = fechaMaxima(now);
  if (desde > max) return `${periodo} is after ${max} (at most one year ahead)`;
  return undefined;
}
