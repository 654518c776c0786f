/** Small labels for reading pages (their dates are lib/dates.ts's, through useDates()). */

/** '6 min read' */
export function formatReadingTime(minutes: number | undefined): string | null {
  return minutes ? `${minutes} min read` : null;
}

/** 'build' -> 'Build', 'learning-in-public' -> 'Learning in public'. */
export function humanize(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
