/** Every timestamp comes from here, so tests can move time forward to check expiry. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests can set and advance. */
export function manualClock(start = Date.parse('2026-01-01T09:00:00Z')) {
  let current = start;
  return {
    now: () => current,
    advance(ms: number) {
      current += ms;
    },
    set(ms: number) {
      current = ms;
    },
  };
}
