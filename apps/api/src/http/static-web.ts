import fs from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';

/**
 * Serves the built SPA in production: hashed assets cached for a year, everything else revalidated,
 * and client routes answered with index.html. Returns undefined when there is no build to serve.
 */
export function staticWeb(distDir: string): Router | undefined {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return undefined;

  const router = express.Router();
  router.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), {
      immutable: true,
      maxAge: '1y',
      fallthrough: false,
    }),
  );
  router.use(
    express.static(distDir, {
      index: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    }),
  );
  router.get(/^(?!\/api\/|\/verify$|\/dev\/).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}
