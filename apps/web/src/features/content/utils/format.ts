/**
 * Dates and small labels for reading pages. Content dates are calendar days stored as midnight
 * UTC, so they are formatted in UTC: a reader west of Greenwich still sees the day it was written.
 */
const LOCALE = 'en-GB';

const longDate = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDate = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthYear = new Intl.DateTimeFormat(LOCALE, {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function valid(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '6 September 2026' */
export function formatDate(iso: string): string {
  const date = valid(iso);
  return date ? longDate.format(date) : '';
}

/** '6 Sept 2026' */
export function formatShortDate(iso: string): string {
  const date = valid(iso);
  return date ? shortDate.format(date) : '';
}

/** 'September 2026' */
export function formatMonth(iso: string): string {
  const date = valid(iso);
  return date ? monthYear.format(date) : '';
}

/** The calendar year of a content date, in UTC. */
export function yearOf(iso: string): number {
  return valid(iso)?.getUTCFullYear() ?? 0;
}

/** The value for a <time dateTime> attribute: the calendar day. */
export function machineDate(iso: string): string {
  return iso.slice(0, 10);
}

/** '6 min read' */
export function formatReadingTime(minutes: number | undefined): string | null {
  return minutes ? `${minutes} min read` : null;
}

/** 'build' -> 'Build', 'learning-in-public' -> 'Learning in public'. */
export function humanize(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
