/**
 * The analytics' periods as text (issue 25): a day `YYYY-MM-DD` or an hour `YYYY-MM-DDTHH`, both in
 * the site's time zone. Their arithmetic reads them as if they were UTC, which moves no wall-clock
 * reading: a day is a day, an hour an hour. Without zod: the console's range picker uses it too.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const isHourPeriod = (period: string): boolean => period.length > 10;

/** Where a period starts, read as UTC: for lengths and steps, not for instants. */
export function periodStart(period: string): number {
  return Date.parse(isHourPeriod(period) ? `${period}:00Z` : `${period}T00:00Z`);
}

/** The period `steps` days (or hours, for an hour) later, or earlier when negative. */
export function shiftPeriod(period: string, steps: number): string {
  const hours = isHourPeriod(period);
  const moved = new Date(periodStart(period) + steps * (hours ? HOUR_MS : DAY_MS)).toISOString();
  return hours ? moved.slice(0, 13) : moved.slice(0, 10);
}

/** How many days (or hours) a range holds, both ends included. */
export function periodCount(from: string, to: string): number {
  const unit = isHourPeriod(from) ? HOUR_MS : DAY_MS;
  return Math.round((periodStart(to) - periodStart(from)) / unit) + 1;
}
