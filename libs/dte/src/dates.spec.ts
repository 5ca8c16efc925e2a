import {
  FECHA_SII_MAXIMA,
  addDays,
  daysBetween,
  mesAnterior,
  mesSiguiente,
  fechaFueraDeRango,
  fechaMaxima,
  isCalendarDate,
  periodoFueraDeRango,
  santiagoDate,
  santiagoInstant,
  santiagoTimestamp,
} from './dates';

describe('santiagoDate / santiagoTimestamp', () => {
  it('uses Chilean summer time (UTC-3) in January', () => {
    const d = new Date('2025-01-15T02:30:00Z');
    expect(santiagoDate(d)).toBe('2025-01-14');
    expect(santiagoTimestamp(d)).toBe('2025-01-14T23:30:00');
  });

  it('uses winter time (UTC-4) in July', () => {
    const d = new Date('2025-07-01T03:59:59Z');
    expect(santiagoDate(d)).toBe('2025-06-30');
    expect(santiagoTimestamp(d)).toBe('2025-06-30T23:59:59');
  });

  it('formats midnight as 00, never 24', () => {
    expect(santiagoTimestamp(new Date('2025-07-01T04:00:00Z'))).toBe('2025-07-01T00:00:00');
  });

  it('defaults to now', () => {
    expect(santiagoTimestamp()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(santiagoDate()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('santiagoInstant (the inverse of santiagoTimestamp)', () => {
  it('reads summer (UTC-3) and winter (UTC-4) wall-clock times', () => {
    expect(santiagoInstant('2025-01-14T23:30:00').toISOString()).toBe('2025-01-15T02:30:00.000Z');
    expect(santiagoInstant('2025-06-30T23:59:59').toISOString()).toBe('2025-07-01T03:59:59.000Z');
  });

  it('round-trips every hour across the April and September DST changes of 2025', () => {
    for (const start of ['2025-04-05T00:00:00Z', '2025-09-06T00:00:00Z']) {
      for (let h = 0; h < 48; h++) {
        const d = new Date(Date.parse(start) + h * 3_600_000);
        const back = santiagoInstant(santiagoTimestamp(d));
        // A repeated hour (April) resolves to its first occurrence: one hour early at most.
        expect(d.getTime() - back.getTime()).toBeGreaterThanOrEqual(0);
        expect(d.getTime() - back.getTime()).toBeLessThanOrEqual(3_600_000);
        expect(santiagoTimestamp(back)).toBe(santiagoTimestamp(d));
      }
    }
  });

  it('refuses another shape', () => {
    expect(() => santiagoInstant('05-08-2017 11:03:51')).toThrow(/YYYY-MM-DDTHH:MM:SS/);
  });
});

describe('plausible dates (SiiTypes FechaType, at most one year ahead)', () => {
  const now = new Date('2026-11-24T15:00:00Z');

  it('knows calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-02-30')).toBe(false);
    expect(isCalendarDate('2025-2-3')).toBe(false);
    expect(isCalendarDate(20250203)).toBe(false);
  });

  it('accepts the SII minimum and up to one year after today in Santiago', () => {
    expect(fechaFueraDeRango('2000-01-01', now)).toBeUndefined();
    expect(fechaFueraDeRango('2027-11-24', now)).toBeUndefined();
    expect(fechaMaxima(now)).toBe('2027-11-24');
  });

  it('refuses year 0, the last century and the far future with a reason', () => {
    expect(fechaFueraDeRango('0000-01-01', now)).toMatch(/before 2000-01-01/);
    expect(fechaFueraDeRango('1999-12-31', now)).toMatch(/before 2000-01-01/);
    expect(fechaFueraDeRango('2027-11-25', now)).toMatch(/after 2027-11-24/);
    expect(fechaFueraDeRango('9999-12-31', now)).toMatch(/after/);
  });

  it('never goes past the SII maximum, and maps 29 February to a real date', () => {
    expect(fechaMaxima(new Date('2050-06-01T12:00:00Z'))).toBe(FECHA_SII_MAXIMA);
    expect(fechaMaxima(new Date('2028-02-29T12:00:00Z'))).toBe('2029-02-28');
  });

  it('judges months and years by whether they overlap the range', () => {
    expect(periodoFueraDeRango('2000', now)).toBeUndefined();
    expect(periodoFueraDeRango('2027-11', now)).toBeUndefined();
    expect(periodoFueraDeRango('0000', now)).toMatch(/before/);
    expect(periodoFueraDeRango('0000-01', now)).toMatch(/before/);
    expect(periodoFueraDeRango('1999-12', now)).toMatch(/before/);
    expect(periodoFueraDeRango('2027-12', now)).toMatch(/after/);
    expect(periodoFueraDeRango('9999', now)).toMatch(/after/);
  });
});

describe('calendar arithmetic on dates and tax periods', () => {
  it('adds and counts days across month, year and leap-day edges', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2025-04-10', '2025-04-10')).toBe(0);
    expect(daysBetween('2025-04-10', '2025-04-01')).toBe(-9);
  });

  it('steps tax periods across the year boundary, from a period or a date', () => {
    expect(mesSiguiente('2025-12')).toBe('2026-01');
    expect(mesSiguiente('2025-03-31')).toBe('2025-04');
    expect(mesAnterior('2026-01-15')).toBe('2025-12');
    expect(mesAnterior('2025-10')).toBe('2025-09');
  });
});
