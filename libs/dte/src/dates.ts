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

/** `YYYY-MM-DD` of `d` in America/Santiago (SII FechaType; docs/tax-gateway.md); Intl, so DST follows the tz data. */
export function santiagoDate(d: Date = new Date()): string {
  const p = parts(d);
  return `${p['year']}-${p['month']}-${p['day']}`;
}

/** Wall-clock `YYYY-MM-DDTHH:MM:SS` in America/Santiago, no offset (SII FechaHoraType: TSTED, TmstFirma; Formato DTE v2.2 §2.2 H). */
export function santiagoTimestamp(d: Date = new Date()): string {
  const p = parts(d);
  return `${p['year']}-${p['month']}-${p['day']}T${p['hour']}:${p['minute']}:${p['second']}`;
}

/** Inverse of {@link santiagoTimestamp}; a DST gap resolves an hour later, a repeat to the first. @throws DteParseError on another shape. */
export function santiagoInstant(wallClock: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(wallClock);
  if (!m) throw new DteParseError(`not a YYYY-MM-DDTHH:MM:SS time: ${excerpt(wallClock)}`);
  const asUtc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  // Santiago is behind UTC: the offset at the guessed instant, then at the corrected one (DST edges).
  const offset = (at: number) => Date.parse(`${santiagoTimestamp(new Date(at))}Z`) - at;
  const first = asUtc - offset(asUtc);
  return new Date(asUtc - offset(first));
}

/** SiiTypes_v10.xsd `FechaType`: "Fecha entre 2000-01-01 y 2050-12-31"; PostgreSQL would take year 0 or 9999. */
export const FECHA_SII_MINIMA = '2000-01-01';
export const FECHA_SII_MAXIMA = '2050-12-31';

/** `YYYY-MM-DD` and a real calendar date (no 2025-02-30). */
export function isCalendarDate(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** One year after today in America/Santiago (a due date may be months ahead, not decades), never after {@link FECHA_SII_MAXIMA}. */
export function fechaMaxima(now: Date = new Date()): string {
  const today = santiagoDate(now);
  const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`.replace(/-02-29$/, '-02-28');
  return nextYear < FECHA_SII_MAXIMA ? nextYear : FECHA_SII_MAXIMA;
}

/** Why a date is outside [{@link FECHA_SII_MINIMA}, {@link fechaMaxima}] (callers answer 422 with it), or undefined. */
export function fechaFueraDeRango(fecha: string, now: Date = new Date()): string | undefined {
  const max = fechaMaxima(now);
  if (fecha < FECHA_SII_MINIMA) return `${fecha} is before ${FECHA_SII_MINIMA} (the earliest date the SII accepts)`;
  if (fecha > max) return `${fecha} is after ${max} (at most one year ahead)`;
  return undefined;
}

/** As {@link fechaFueraDeRango} for `YYYY-MM` or `YYYY`: out only when the whole period is. */
export function periodoFueraDeRango(periodo: string, now: Date = new Date()): string | undefined {
  const desde = periodo.length === 4 ? `${periodo}-01-01` : `${periodo}-01`;
  const hasta = periodo.length === 4 ? `${periodo}-12-31` : `${periodo}-31`;
  if (hasta < FECHA_SII_MINIMA) return `${periodo} is before ${FECHA_SII_MINIMA} (the earliest date the SII accepts)`;
  const max = fechaMaxima(now);
  if (desde > max) return `${periodo} is after ${max} (at most one year ahead)`;
  return undefined;
}

/** `YYYY-MM-DD` plus `days` (may be negative); calendar arithmetic on the date alone, no time zone involved. */
export function addDays(fecha: string, days: number): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `desde` to `hasta` (both `YYYY-MM-DD`): 0 on the same day, negative when `hasta` is earlier. */
export function daysBetween(desde: string, hasta: string): number {
  return Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000);
}

/** The tax period (`YYYY-MM`, SII PeriodoTributario) after the one `fecha` (`YYYY-MM` or `YYYY-MM-DD`) falls in. */
export function mesSiguiente(fecha: string): string {
  const [y, m] = [Number(fecha.slice(0, 4)), Number(fecha.slice(5, 7))];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The tax period (`YYYY-MM`) before the one `fecha` (`YYYY-MM` or `YYYY-MM-DD`) falls in. */
export function mesAnterior(fecha: string): string {
  const [y, m] = [Number(fecha.slice(0, 4)), Number(fecha.slice(5, 7))];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
