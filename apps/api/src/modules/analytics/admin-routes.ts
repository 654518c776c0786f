import type { Db } from '../../db/connection.js';
import type { MountEndpoint } from '../../http/endpoints.js';
import { breakdownBetween, trafficBetween } from './store.js';

/** Pages and sources listed in a report: the owner's top fifty of each. */
const LISTED = 50;

/** The console's readership figures (issue 25): GET /api/admin/analytics/traffic. */
export function analyticsAdminRoutes(deps: { db: Db }, mount: MountEndpoint): void {
  // Beacons are written a second apart: a report is at most that far behind.
  mount('adminAnalyticsTraffic', (_req, res, { query }) => {
    const range = { from: query.from, to: query.to };
    res.json({
      success: true,
      ...trafficBetween(deps.db, range.from, range.to),
      pages: breakdownBetween(deps.db, 'path', range, LISTED).map(({ value, ...counts }) => ({
        path: value,
        ...counts,
      })),
      sources: breakdownBetween(deps.db, 'source', range, LISTED).map(({ value, ...counts }) => ({
        source: value,
        ...counts,
      })),
    });
  });
}
