/** Every rule that depends on time reads it from here, so tests move time instead of sleeping. */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

export class FakeClock extends Clock {
  private current: number;

  constructor(start: Date | string = new Date()) {
    super();
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(at: Date | string): void {
    this.current = new Date(at).getTime();
  }

  advance(ms: number): void {
    this.current += ms;
  }
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export const addDays = (at: Date, days: number): Date => new Date(at.getTime() + days * DAY_MS);

/** ISO 8601 UTC of a nullable timestamp column. */
export const isoOrNull = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);
