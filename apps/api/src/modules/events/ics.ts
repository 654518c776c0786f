/**
 * One event as an iCalendar file (RFC 5545): text escaped, lines folded at 75 octets, CRLF line
 * ends, and times in the event's own time zone with a VTIMEZONE that describes the offsets the
 * event actually spans, so calendar apps show it right wherever the reader is.
 */
import type { EventColumns } from './store.js';
import { offsetMinutesAt, wallClockAt, type WallClock } from '@quillpost/domain';

/** An event as its calendar file shows it: what the owner set, its id and when it last changed. */
export interface CalendarEvent extends EventColumns {
  id: number;
  updatedAt: string;
}

/** TEXT values: backslash, semicolon, comma and line breaks escaped; other controls dropped. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/** Splits a content line into 75-octet pieces without cutting a UTF-8 character in two. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line may hold 75 octets; continuation lines start with a space, so 74 more.
    const limit = pieces.length === 0 ? 75 : 74;
    if (bytes + size > limit) {
      pieces.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, '0');

function basicDateTime(wall: WallClock): string {
  return `${pad(wall.year, 4)}${pad(wall.month)}${pad(wall.day)}T${pad(wall.hour)}${pad(wall.minute)}${pad(wall.second)}`;
}

function utcStamp(instantMs: number): string {
  return `${basicDateTime(wallClockAt(instantMs, 'UTC'))}Z`;
}

function offsetText(minutes: number): string {
  return `${minutes < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;
}

/** The first instant in (from, to] whose offset differs from the offset at `from`. */
function nextTransition(from: number, to: number, timeZone: string): number | null {
  const base = offsetMinutesAt(from, timeZone);
  if (offsetMinutesAt(to, timeZone) === base) {
    // Offsets can change and change back within a long span; step a day at a time to be sure.
    for (let probe = from + 86_400_000; probe < to; probe += 86_400_000) {
      if (offsetMinutesAt(probe, timeZone) !== base) return nextTransition(from, probe, timeZone);
    }
    return null;
  }
  let low = from;
  let high = to;
  while (high - low > 60_000) {
    const middle = low + Math.floor((high - low) / 2);
    if (offsetMinutesAt(middle, timeZone) === base) low = middle;
    else high = middle;
  }
  return high - (high % 60_000);
}

function vtimezone(timeZone: string, start: number, end: number): string[] {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  let offset = offsetMinutesAt(start, timeZone);
  const observance = (kind: string, onset: string, from: number, to: number) => [
    `BEGIN:${kind}`,
    `DTSTART:${onset}`,
    `TZOFFSETFROM:${offsetText(from)}`,
    `TZOFFSETTO:${offsetText(to)}`,
    `END:${kind}`,
  ];
  lines.push(...observance('STANDARD', '19700101T000000', offset, offset));
  let cursor = start;
  for (let guard = 0; guard < 10; guard += 1) {
    const transition = nextTransition(cursor, end, timeZone);
    if (transition === null) break;
    const next = offsetMinutesAt(transition, timeZone);
    // The onset is the wall-clock time just before the change, in the offset in force then.
    const onset = basicDateTime(wallClockAt(transition + offset * 60_000, 'UTC'));
    lines.push(...observance(next > offset ? 'DAYLIGHT' : 'STANDARD', onset, offset, next));
    offset = next;
    cursor = transition;
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

export function eventToIcs(
  event: CalendarEvent,
  options: { host: string; now: number; siteName: string },
): string {
  const start = Date.parse(event.startsAt);
  const end = event.endsAt ? Date.parse(event.endsAt) : start + 60 * 60_000;
  const local = (instant: number) => basicDateTime(wallClockAt(instant, event.timeZone));
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(options.siteName)}//Members events//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...vtimezone(event.timeZone, start, end),
    'BEGIN:VEVENT',
    `UID:event-${event.id}@${options.host}`,
    `DTSTAMP:${utcStamp(options.now)}`,
    `LAST-MODIFIED:${utcStamp(Date.parse(event.updatedAt))}`,
    `DTSTART;TZID=${event.timeZone}:${local(start)}`,
    `DTEND;TZID=${event.timeZone}:${local(end)}`,
    `SUMMARY:${escapeText(event.title)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  // A URI value is not TEXT-escaped; the domain schema only lets http(s) URLs without spaces in.
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push(`STATUS:${event.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`);
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
