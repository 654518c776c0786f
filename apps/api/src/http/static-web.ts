import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, type Router } from 'express';

export interface StaticWebOptions {
  /** Written into index.html as `<meta name="turnstile-site-key">`, which the web app reads. */
  turnstileSiteKey?: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** index.html with the runtime configuration the SPA reads from meta tags. */
export function renderIndexHtml(html: string, { turnstileSiteKey }: StaticWebOptions): string {
  const key = turnstileSiteKey?.trim();
  if (!key) return html;
  const meta = `<meta name="turnstile-site-key" content="${escapeHtml(key)}" />`;
  const headEnd = html.search(/<\/head>/i);
  return headEnd === -1
    ? `${meta}\n${html}`
    : `${html.slice(0, headEnd)}  ${meta}\n  ${html.slice(headEnd)}`;
}

/**
 * Serves the built SPA in production: hashed assets cached for a year, everything else revalidated,
 * and client routes answered with index.html. index.html is read once, here, and served from
 * memory with the site key injected, so one build runs with any key. Returns undefined when there
 * is no build to serve.
 */
export function staticWeb(distDir: string, options: StaticWebOptions = {}): Router | undefined {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return undefined;
  const indexHtml = renderIndexHtml(fs.readFileSync(indexFile, 'utf8'), options);
  const indexEtag = `"${createHash('sha256').update(indexHtml).digest('base64url').slice(0, 27)}"`;
  const sendIndex: RequestHandler = (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    // res.send answers 304 when If-None-Match matches this ETag.
    res.setHeader('ETag', indexEtag);
    res.type('html').send(indexHtml);
  };

  const router = express.Router();
  router.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), {
      immutable: true,
      maxAge: '1y',
      fallthrough: false,
    }),
  );
  // Never the file on disk: it lacks the injected configuration.
  router.get('/index.html', sendIndex);
  router.use(
    express.static(distDir, {
      index: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    }),
  );
  router.get(/^(?!\/api\/|\/verify$|\/dev\/).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    sendIndex(req, res, next);
  });
  return router;
}
