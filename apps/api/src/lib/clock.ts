/**
 * Time comes from a clock handed down with the app's dependencies, so rules that span days (deletion after seven
 * days, a fourteen-day Discord lock, two-week reviews) can be tested by moving a clock instead of waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface ControllableClock extends Clock {
  set(at: Date | string): void;
  advance(milliseconds: number): void;
}

export function controllableClock(start: Date | string = '2026-01-01T00:00:00.000Z'): ControllableClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at).getTime();
    },
    advance: (milliseconds) => {
      current += milliseconds;
    },
  };
}

export const MINUTE_MS = 60 * 1000;
export const DAY_MS = 24 * MINUTE_MS * 60;
