/**
 * Wall-clock times in an IANA time zone, converted with the runtime's time-zone data (Intl): one
 * rule for the API (events, calendar files) and the console's date-and-time fields. Zod-free.
 */

/** A datetime-local value: 'YYYY-MM-DDTHH:mm', seconds optional. */
const DAY_MS = 86_400_000;

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time in `timeZone` at an instant. */
export function wallClockAt(instantMs: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The zone's offset from UTC at an instant, in minutes (east positive). */
export function offsetMinutesAt(instantMs: number, timeZone: string): number {
  const wall = wallClockAt(instantMs, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / 60_000);
}

/**
 * The instant of a wall-clock time ('YYYY-MM-DDTHH:mm', seconds optional) in a zone. A time
 * skipped by a DST jump moves on by the gap (01:30 on London's spring-forward night is 02:30
 * BST); a repeated one means its first occurrence.
 */
export function zonedTimeToInstant(local: string, timeZone: string): number {
  const naive = naiveUtcOf(local);
  if (naive === null) throw new Error(`not a local date-time: ${local}`);
  // The zone's offset a day either side: the one before and the one after any change that night.
  const candidates = [naive - DAY_MS, naive + DAY_MS].map(
    (ms) => naive - offsetMinutesAt(ms, timeZone) * 60_000,
  );
  const reads = (instant: number) => {
    const wall = wallClockAt(instant, timeZone);
    return (
      Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) === naive
    );
  };
  const matching = candidates.filter(reads);
  // Repeated: the earlier. Skipped: none reads right; the offset before the jump moves it on.
  return matching.length ? Math.min(...matching) : candidates[0]!;
}

/**
 * A wall-clock time read as if it were UTC, in milliseconds; null when it is not one or names a
 * day that does not exist (30 February).
 */
function naiveUtcOf(local: string): number | null {
  const match = LOCAL_TIME.exec(local);
  if (!match) return null;
  const [y, m, d, h, min, s = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const naive = Date.UTC(y!, m! - 1, d!, h!, min!, s);
  const back = new Date(naive);
  return back.getUTCDate() === d && back.getUTCHours() === h && back.getUTCMonth() === m! - 1
    ? naive
    : null;
}

/** Whether a datetime-local value names a real wall-clock time. */
export function isLocalTime(local: string): boolean {
  return naiveUtcOf(local) !== null;
}

/** 'YYYY-MM-DDTHH:mm' of an instant in a zone: what a datetime-local field shows. */
export function instantToLocal(instantMs: number, timeZone: string): string {
  const wall = wallClockAt(instantMs, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** 'YYYY-MM-DD': the calendar day an instant falls on in a zone (a new post's date, say). */
export function calendarDayIn(instantMs: number, timeZone: string): string {
  return instantToLocal(instantMs, timeZone).slice(0, 10);
}

/**
 * A content date as the API sends it is either a bare day from front matter ('date: 2026-11-27',
 * kept as that day's midnight UTC) or an instant (a scheduled time, a publish that moved a future
 * date to now). A bare day names the same day wherever it is read; an instant falls on the site's
 * day. (An instant of exactly midnight UTC reads as a bare day: the file keeps no difference.)
 */
export function isBareDay(iso: string): boolean {
  return iso.endsWith('T00:00:00.000Z');
}

/** 'YYYY-MM-DD': the day a content date names on a site in `timeZone`. */
export function contentDayIn(iso: string, timeZone: string): string {
  return isBareDay(iso) ? iso.slice(0, 10) : calendarDayIn(Date.parse(iso), timeZone);
}

/** The instant a content date stands for (a feed's pubDate): a bare day begins at the zone's midnight. */
export function contentInstantIn(iso: string, timeZone: string): number {
  return isBareDay(iso)
    ? zonedTimeToInstant(`${iso.slice(0, 10)}T00:00`, timeZone)
    : Date.parse(iso);
}

/** The instant the day containing `instantMs` began in `timeZone`: its local midnight. */
export function startOfDayIn(instantMs: number, timeZone: string): number {
  const { year, month, day } = wallClockAt(instantMs, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return zonedTimeToInstant(`${year}-${pad(month)}-${pad(day)}T00:00`, timeZone);
}
