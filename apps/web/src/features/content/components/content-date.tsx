import { useDates } from '../../../lib/use-dates';

/** A content date as readers see it: the day in the site's language, machine-readable too. */
export function ContentDate({ iso }: { iso: string }) {
  const dates = useDates();
  return <time dateTime={dates.contentDay(iso)}>{dates.contentDate(iso)}</time>;
}
