/**
 * Dates as the API writes them for people (feeds, mail): in the site's time zone (site.yml), the
 * one the pages use. Feed dates stay exact instants, written with the site's offset, so a feed
 * reader and a person reading the XML both see the site's day.
 */
import { contentInstantIn, offsetMinutesAt, wallClockAt } from '@quillpost/domain';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** '-06:00' (or '-0600'). */
function offsetOf(instantMs: number, timeZone: string, separator: string): string {
  const minutes = offsetMinutesAt(instantMs, timeZone);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${separator}${pad(abs % 60)}`;
}

/** RFC 3339 with the zone's offset: '2026-11-27T20:26:00-06:00' (Atom, JSON Feed); UTC as ISO. */
export function rfc3339In(instantMs: number, timeZone: string): string {
  if (offsetMinutesAt(instantMs, timeZone) === 0) return new Date(instantMs).toISOString();
  const wall = wallClockAt(instantMs, timeZone);
  const day = `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
  const time = `${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
  return `${day}T${time}${offsetOf(instantMs, timeZone, ':')}`;
}

/** RFC 822 as RSS wants it, with the zone's offset: 'Fri, 27 Nov 2026 20:26:00 -0600'. */
export function rfc822In(instantMs: number, timeZone: string): string {
  const wall = wallClockAt(instantMs, timeZone);
  const weekday = DAYS[new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay()];
  const time = `${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
  // UTC by the name RSS readers have always been given.
  const zone =
    offsetMinutesAt(instantMs, timeZone) === 0 ? 'GMT' : offsetOf(instantMs, timeZone, '');
  return `${weekday}, ${pad(wall.day)} ${MONTHS[wall.month - 1]} ${wall.year} ${time} ${zone}`;
}

/** A content date (a bare day or an instant) as the instant a feed gives it, in the site's zone. */
export function feedDate(iso: string, timeZone: string, format: 'rfc822' | 'rfc3339'): string {
  const instant = contentInstantIn(iso, timeZone);
  return format === 'rfc822' ? rfc822In(instant, timeZone) : rfc3339In(instant, timeZone);
}

const longDates = new Map<string, Intl.DateTimeFormat>();

/**
 * A content date in full, in the site's language: 'November 27, 2026' in en-US. A bare day is
 * that day; an instant is its day in the site's zone (the domain's contentDayIn).
 */
export function longContentDate(iso: string, language: string, timeZone: string): string {
  const key = `${language} ${timeZone}`;
  let format = longDates.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone });
    longDates.set(key, format);
  }
  return format.format(new Date(contentInstantIn(iso, timeZone)));
}
