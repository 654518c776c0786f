/**
 * Canned answers for the console's analytics, for component tests with the fake API client
 * (src/test/fake-api.ts).
 */
import type { TrafficReport } from '@quillpost/domain';

export const counts = (views: number, visitors: number) => ({ views, visitors });

/** Readers in a range with nothing in any table: a test fills in what it reads. */
export const trafficReport = (over: Partial<TrafficReport> = {}): TrafficReport => ({
  success: true,
  ...counts(0, 0),
  previous: counts(0, 0),
  series: [],
  pages: [],
  sources: [],
  campaigns: { source: [], medium: [], campaign: [] },
  devices: [],
  browsers: [],
  systems: [],
  feeds: [],
  signups: [],
  ...over,
});
