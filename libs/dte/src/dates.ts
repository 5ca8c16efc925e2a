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
 * The calendar date of `d` (default now) in America/Santiago, `YYYY-MM-DD` (SII FechaType;
 * DESIGN §3: SII dates are calendar dates in America/Santiago). Uses Intl, so DST follows the tz data.
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
