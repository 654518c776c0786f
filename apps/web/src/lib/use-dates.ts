import { useMemo } from 'react';
import {
  contentDay,
  formatContentDate,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMonth,
  formatRangeInZone,
  type MaybeIso,
} from './dates';
import { useSite } from './use-site';

/** Dates and times in the site's language and time zone (see lib/dates.ts for each style). */
export interface SiteDates {
  /** The site's IANA time zone, which every date and time below is in. */
  timeZone: string;
  date(iso: MaybeIso): string;
  dateTime(iso: MaybeIso): string;
  longDate(iso: MaybeIso): string;
  /** A content date: the day it names on the site ('Nov 27, 2026'; lib/dates.ts says how). */
  calendarDay(iso: MaybeIso): string;
  /** A content date in full ('November 27, 2026'), as reading pages show it. */
  contentDate(iso: MaybeIso): string;
  /** A content date's month and year ('November 2026'). */
  contentMonth(iso: MaybeIso): string;
  /** A content date's year on the site, 0 for none. */
  contentYear(iso: MaybeIso): number;
  /** A content date's day, 'YYYY-MM-DD', for <time dateTime>. */
  contentDay(iso: MaybeIso): string;
  /** A calendar month, 'YYYY-MM'. */
  month(month: string): string;
  /** An event's time in its own zone (not the site's), in the site's language. */
  rangeInZone(startIso: string, endIso: string | null, timeZone: string): string;
}

export function useDates(): SiteDates {
  const { language, timezone } = useSite();
  return useMemo(
    () => ({
      timeZone: timezone,
      date: (iso) => formatDate(iso, language, timezone),
      dateTime: (iso) => formatDateTime(iso, language, timezone),
      longDate: (iso) => formatLongDate(iso, language, timezone),
      calendarDay: (iso) => formatContentDate(iso, language, timezone),
      contentDate: (iso) => formatContentDate(iso, language, timezone, 'longDate'),
      contentMonth: (iso) => formatContentDate(iso, language, timezone, 'monthYear'),
      contentYear: (iso) => Number(contentDay(iso, timezone).slice(0, 4)),
      contentDay: (iso) => contentDay(iso, timezone),
      month: (month) => formatMonth(month, language),
      rangeInZone: (startIso, endIso, zone) => formatRangeInZone(startIso, endIso, zone, language),
    }),
    [language, timezone],
  );
}
