import './runtime-check.js';
import path from 'node:path';
import { boot } from './boot.js';
import { createViteHost } from './modules/pages/index.js';

const webRoot = path.resolve(import.meta.dirname, '../../web');

// Vite's development server can read any file of the workspace: only this machine may ask.
const LOOPBACK = '127.0.0.1';

// `pnpm dev`: the whole site on PORT (8787), pages rendered from the web app's source by Vite.
const { env, app } = await boot(
  (env) =>
    createViteHost(webRoot, {
      publicUrl: env.PUBLIC_URL,
      turnstileSiteKey: env.TURNSTILE_SITE_KEY,
    }),
  { host: LOOPBACK, prettyLogs: true },
);

// Links in mail point at the web app's origin (WEB_ORIGIN, http://localhost:5173 by default):
// the same app answers there too, so they work as they will in production.
const webOrigin = new URL(env.WEB_ORIGIN);
const webPort = Number(webOrigin.port || 80);
if (['localhost', '127.0.0.1'].includes(webOrigin.hostname) && webPort !== env.PORT) {
  app.listen(webPort, LOOPBACK, () => console.info(`The site: ${webOrigin.origin}`));
}
