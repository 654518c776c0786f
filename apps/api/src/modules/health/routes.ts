import { Router } from 'express';
import { isoNow } from '../../clock.js';
import type { AppDeps } from '../../deps.js';

export function healthRoutes({ db, clock }: Pick<AppDeps, 'db' | 'clock'>): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    db.prepare('SELECT 1').get();
    res.set('Cache-Control', 'no-store');
    res.json({ success: true, status: 'ok', time: isoNow(clock) });
  });
  return router;
}
