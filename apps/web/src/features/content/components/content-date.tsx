import { useSite } from '../../../lib/use-site';
import { formatDate, machineDate } from '../utils/format';

/** A content date as readers see it: the day in the site's language, machine-readable too. */
export function ContentDate({ iso }: { iso: string }) {
  const { language } = useSite();
  return <time dateTime={machineDate(iso)}>{formatDate(iso, language)}</time>;
}
