/**
 * The registry's notion of "now". Every rule that depends on time (24 h cooldown, 7-day notice,
 * 90-day stale previews, sunset, grace period, cutoff) reads it from here, so tests move time
 * instead of sleeping.
 */
export abstract class Clock {
  abstract now(): Date;
}

/** Wall-clock time. */
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock tests set and advance by hand; starts at `start` (default: the real now). */
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

  /** Moves forward by `ms` milliseconds (see the HOUR/DAY constants). */
  advance(ms: number): void {
    this.current += ms;
  }
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** `at` plus `days` whole days. */
export const addDays = (at: Date, days: number): Date => new Date(at.getTime() + days * DAY_MS);
