/**
 * Dates and small labels for reading pages. Dates are written in the site's language. Content
 * dates are calendar days stored as midnight UTC, so they are formatted in UTC: a reader west of
 * Greenwich still sees the day it was written.
 */
interface DateFormats {
  long: Intl.DateTimeFormat;
  short: Intl.DateTimeFormat;
  month: Intl.DateTimeFormat;
}

// One set per language: a site has one, and formatters are costly to make.
const formatsByLanguage = new Map<string, DateFormats>();

function formatsOf(language: string): DateFormats {
  let formats = formatsByLanguage.get(language);
  if (!formats) {
    const make = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
    formats = {
      long: make({ day: 'numeric', month: 'long', year: 'numeric' }),
      short: make({ day: 'numeric', month: 'short', year: 'numeric' }),
      month: make({ month: 'long', year: 'numeric' }),
    };
    formatsByLanguage.set(language, formats);
  }
  return formats;
}

function valid(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** In the site's language (site.yml): '6 September 2026' in en-GB, 'September 6, 2026' in en-US. */
export function formatDate(iso: string, language: string): string {
  const date = valid(iso);
  return date ? formatsOf(language).long.format(date) : '';
}

/** '6 Sept 2026' in en-GB. */
export function formatShortDate(iso: string, language: string): string {
  const date = valid(iso);
  return date ? formatsOf(language).short.format(date) : '';
}

/** 'September 2026' in en-GB. */
export function formatMonth(iso: string, language: string): string {
  const date = valid(iso);
  return date ? formatsOf(language).month.format(date) : '';
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
