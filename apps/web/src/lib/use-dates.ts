import { useMemo } from 'react';
import {
  formatCalendarDay,
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
  /** A content date: a calendar day, the same in every zone. */
  calendarDay(iso: MaybeIso): string;
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
      calendarDay: (iso) => formatCalendarDay(iso, language),
      month: (month) => formatMonth(month, language),
      rangeInZone: (startIso, endIso, zone) => formatRangeInZone(startIso, endIso, zone, language),
    }),
    [language, timezone],
  );
}
