/** Every timestamp comes from here, so tests can move time forward to check expiry. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** How instants are stored and sent: ISO-8601 in UTC, which sorts as text. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** The clock's current instant, as stored. */
export const isoNow = (clock: Clock): string => iso(clock.now());

/** The last 12 calendar months (UTC), oldest first, as 'YYYY-MM' and the instant they end. */
export function lastMonths(now: string): Array<{ month: string; end: string }> {
  const date = new Date(now);
  const months: Array<{ month: string; end: string }> = [];
  for (let back = 11; back >= 0; back -= 1) {
    const start = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - back, 1));
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    months.push({ month: start.toISOString().slice(0, 7), end: end.toISOString() });
  }
  return months;
}

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
