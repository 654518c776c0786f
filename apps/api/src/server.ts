import './runtime-check.js';
import { boot } from './boot.js';
import { loadBuiltPages } from './modules/pages/index.js';

// Production (and the end-to-end tests): pages from the web app's build.
await boot((env) =>
  loadBuiltPages(env.WEB_DIST_DIR, {
    publicUrl: env.PUBLIC_URL,
    turnstileSiteKey: env.TURNSTILE_SITE_KEY,
  }),
);
