/** Every timestamp comes from here, so tests can move time forward to check expiry. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** How instants are stored and sent: ISO-8601 in UTC, which sorts as text. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** The clock's current instant, as stored. */
export const isoNow = (clock: Clock): string => iso(clock.now());

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
