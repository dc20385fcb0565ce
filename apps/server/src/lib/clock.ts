/**
 * Where time comes from. Code whose behaviour depends on time takes a `Clock`, so tests (and the
 * billing and expiry engine's tests) move time by hand instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

/** The real time. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until a test sets or advances it. */
export class ManualClock implements Clock {
  private epochMs: number;

  constructor(start: Date | number = Date.UTC(2026, 0, 1)) {
    this.epochMs = typeof start === 'number' ? start : start.getTime();
  }

  now(): Date {
    return new Date(this.epochMs);
  }

  /** Moves to `at` (backwards too: a test may replay a moment). */
  set(at: Date | number): void {
    this.epochMs = typeof at === 'number' ? at : at.getTime();
  }

  /** Moves forward by `ms` milliseconds. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0)
      throw new RangeError('a clock only advances by a non-negative finite amount');
    this.epochMs += ms;
  }
}
