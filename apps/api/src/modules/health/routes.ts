import { Router } from 'express';
import { isoNow } from '../../clock.js';
import type { AppDeps } from '../../deps.js';
import { endpointMounter } from '../../http/endpoints.js';

export function healthRoutes({ db, clock }: Pick<AppDeps, 'db' | 'clock'>): Router {
  const router = Router();
  endpointMounter(router, { noStore: true })('health', (_req, res) => {
    db.prepare('SELECT 1').get();
    res.json({ success: true, status: 'ok', time: isoNow(clock) });
  });
  return router;
}
