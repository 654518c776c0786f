import compression from 'compression';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { Clock } from './clock.js';
import type { Db } from './db/connection.js';
import type { Env } from './env.js';
import { AppError, errorHandler } from './http/errors.js';
import { staticWeb } from './http/static-web.js';
import { redactUrl, type Logger } from './logger.js';
import type { Mailer } from './mail/mailer.js';
import { healthRoutes } from './modules/health/routes.js';

export interface AppDeps {
  env: Env;
  db: Db;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
}

const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/** Builds the whole HTTP app from its dependencies without listening, so tests drive it directly. */
export function createApp(deps: AppDeps): Express {
  const { env, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', env.TRUST_PROXY);
  app.set('etag', 'strong');

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", TURNSTILE_ORIGIN],
          'frame-src': [TURNSTILE_ORIGIN],
          'connect-src': ["'self'", TURNSTILE_ORIGIN],
          'img-src': ["'self'", 'data:', 'https:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
        },
      },
      // The OAuth popup talks to its opener with postMessage, which same-origin COOP would cut off.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    }),
  );
  app.use(compression());
  app.use(
    pinoHttp({
      logger,
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url === '/api/health' },
    }),
  );
  app.use(express.json({ limit: '100kb' }));

  app.use('/api', healthRoutes(deps));

  app.use('/api', (_req, _res, next) => next(new AppError(404, 'NOT_FOUND')));
  const web = staticWeb(env.WEB_DIST_DIR);
  if (web) app.use(web);
  app.use(errorHandler(logger));
  return app;
}
