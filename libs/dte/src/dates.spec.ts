import { santiagoDate, santiagoTimestamp } from './dates';

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
