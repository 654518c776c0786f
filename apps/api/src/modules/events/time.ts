/** Wall-clock times in an IANA time zone, converted with the runtime's time-zone data (Intl). */
import { LOCAL_DATE_TIME } from '@quillpost/domain';

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
 * The instant of a wall-clock time ('YYYY-MM-DDTHH:mm') in a zone. A time skipped by a DST jump
 * resolves to the same clock reading after the jump; a repeated one to its first occurrence.
 */
export function zonedTimeToInstant(local: string, timeZone: string): number {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) throw new Error(`not a local date-time: ${local}`);
  const [, y, m, d, h, min] = match.map(Number) as [number, number, number, number, number, number];
  const naive = Date.UTC(y, m - 1, d, h, min);
  const first = naive - offsetMinutesAt(naive, timeZone) * 60_000;
  const second = naive - offsetMinutesAt(first, timeZone) * 60_000;
  // Two candidates differ only around a transition: prefer the earlier one that reads right.
  const candidates = [Math.min(first, second), Math.max(first, second)];
  const reads = (instant: number) => {
    const wall = wallClockAt(instant, timeZone);
    return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) === naive;
  };
  return candidates.find(reads) ?? Math.max(first, second);
}

/** 'YYYY-MM-DDTHH:mm' of an instant in a zone (what the admin's event form shows). */
export function instantToLocal(instantMs: number, timeZone: string): string {
  const wall = wallClockAt(instantMs, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}
