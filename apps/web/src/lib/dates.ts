/**
 * Dates and times as the site writes them everywhere (site, console, mail): in the site's
 * language and time zone (site.yml), whatever the reader's browser is set to. Components read
 * them through useDates(); these take the language and zone so they can be tested alone.
 */
import { contentDayIn, instantToLocal, isLocalTime, zonedTimeToInstant } from '@quillpost/domain';

const STYLES = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  longDate: { dateStyle: 'long' },
  month: { month: 'short' },
  monthYear: { month: 'long', year: 'numeric' },
  event: {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type Style = keyof typeof STYLES;

// Formatters are costly to make; a site has one language and one zone (events add a few zones).
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(style: Style, language: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${style} ${language} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { ...STYLES[style], timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** An ISO 8601 instant as the API sends it, or nothing yet. */
export type MaybeIso = string | null | undefined;

function instantOf(iso: MaybeIso): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

function formatAs(style: Style, iso: MaybeIso, language: string, timeZone: string): string {
  const date = instantOf(iso);
  return date ? formatterFor(style, language, timeZone).format(date) : '';
}

/** '10 Jan 2026' in en-GB, 'Jan 10, 2026' in en-US; '' for a missing or invalid date. */
export function formatDate(iso: MaybeIso, language: string, timeZone: string): string {
  return formatAs('date', iso, language, timeZone);
}

/** '10 Jan 2026, 09:00' in en-GB, 'Jan 10, 2026, 9:00 AM' in en-US. */
export function formatDateTime(iso: MaybeIso, language: string, timeZone: string): string {
  return formatAs('dateTime', iso, language, timeZone);
}

/** '10 January 2026' in en-GB, '10 de janeiro de 2026' in pt-BR. */
export function formatLongDate(iso: MaybeIso, language: string, timeZone: string): string {
  return formatAs('longDate', iso, language, timeZone);
}

/** A content date's day ('YYYY-MM-DD') as a date at midnight UTC, so no zone moves it again. */
function dayOf(iso: MaybeIso, timeZone: string): string | null {
  if (!instantOf(iso)) return null;
  return `${contentDayIn(new Date(iso!).toISOString(), timeZone)}T00:00:00Z`;
}

type ContentStyle = 'date' | 'longDate' | 'monthYear';

/**
 * A content date ('Published …', a list's date): the day it names on the site, in the site's
 * language. A bare day from front matter is that day everywhere; a scheduled time is an instant,
 * on its day in the site's zone (the domain's contentDayIn says which is which).
 */
export function formatContentDate(
  iso: MaybeIso,
  language: string,
  timeZone: string,
  style: ContentStyle = 'date',
): string {
  const day = dayOf(iso, timeZone);
  return day ? formatAs(style, day, language, 'UTC') : '';
}

/** The value for a content date's <time dateTime>: 'YYYY-MM-DD', the day it names on the site. */
export function contentDay(iso: MaybeIso, timeZone: string): string {
  return dayOf(iso, timeZone)?.slice(0, 10) ?? '';
}

/** A calendar month, 'YYYY-MM', by its short name ('Jan', 'mar.' in pt-BR); no zone moves it. */
export function formatMonth(month: string, language: string): string {
  return formatAs('month', `${month}-01T00:00:00Z`, language, 'UTC');
}

function eventFormatter(language: string, timeZone: string): Intl.DateTimeFormat {
  try {
    return formatterFor('event', language, timeZone);
  } catch {
    // A zone this browser's time zone data does not know: the time in UTC, named as such.
    return formatterFor('event', language, 'UTC');
  }
}

/**
 * An event's time where it happens, with the zone's short name, and its end without repeating
 * the day when it is the same: 'Tue, 10 Mar 2026, 19:00–21:00 GMT' in en-GB.
 */
export function formatRangeInZone(
  startIso: string,
  endIso: string | null,
  timeZone: string,
  language: string,
): string {
  const start = instantOf(startIso);
  if (!start) return '';
  const end = instantOf(endIso);
  const formatter = eventFormatter(language, timeZone);
  return end ? formatter.formatRange(start, end) : formatter.format(start);
}

/** 'YYYY-MM-DDTHH:mm' of an instant in a zone: what a datetime-local field shows. */
export function localInputValue(iso: string, timeZone: string): string {
  return instantToLocal(Date.parse(iso), timeZone);
}

/**
 * The instant a datetime-local value means as wall time in a zone, as an ISO string; null when it
 * is not a real date and time. The rule for clock changes is the domain's (zonedTimeToInstant).
 */
export function instantOfLocalInput(value: string, timeZone: string): string | null {
  return isLocalTime(value) ? new Date(zonedTimeToInstant(value, timeZone)).toISOString() : null;
}
