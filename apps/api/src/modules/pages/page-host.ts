/**
 * Where server-rendered pages come from. In production: the web app's build (apps/web/dist), its
 * index.html as the template, its server renderer (dist/server/entry-server.js) and its Vite
 * manifest for modulepreload links. In development: the same renderer through Vite
 * (vite-host.ts), so both render the same way.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { escapeHtml, type PageRendererModule } from '@quillpost/domain';
import express, { type Request, type RequestHandler } from 'express';
import type { PageHost } from '../../deps.js';

export interface TemplateOptions {
  /** Written into the page as `<meta name="turnstile-site-key">`, which the web app reads. */
  turnstileSiteKey?: string;
}

/** index.html with the runtime configuration the app reads from meta tags, before its head tags. */
export function withRuntimeConfig(template: string, { turnstileSiteKey }: TemplateOptions): string {
  const key = turnstileSiteKey?.trim();
  if (!key) return template;
  const meta = `<meta name="turnstile-site-key" content="${escapeHtml(key)}" />`;
  return template.replace('<!--app-head-->', `${meta}\n    <!--app-head-->`);
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The files a page's route modules need beyond what index.html loads anyway: each module's chunk
 * and the chunks it imports, so the browser fetches them alongside the entry, not after it.
 */
function preloadResolver(manifest: Record<string, ManifestChunk>, template: string) {
  const loadedByTemplate = new Set(
    [...template.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/([^"]+\.js)"/g)].map(
      (match) => match[1],
    ),
  );
  return (modules: readonly string[]): string[] => {
    const files: string[] = [];
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (seen.has(key) || !chunk || loadedByTemplate.has(chunk.file)) return;
      seen.add(key);
      files.push(`/${chunk.file}`);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const module of modules) visit(module);
    return files;
  };
}

/** The encodings a compressed copy is kept in, the best first. */
const KEPT_ENCODINGS = ['br', 'gzip'] as const;
export type KeptEncoding = (typeof KEPT_ENCODINGS)[number];

/** Of the copies `kept` has, the best one this request's browser takes. */
export const bestCopy = (req: Request, kept: (encoding: KeptEncoding) => boolean) =>
  KEPT_ENCODINGS.find((encoding) => kept(encoding) && req.acceptsEncodings(encoding));

/** The suffixes of the copies the web build writes beside an asset (apps/web/vite.config.ts). */
const SUFFIXES: Record<KeptEncoding, string> = { br: '.br', gzip: '.gz' };

/**
 * An asset's brotli or gzip copy, as the build compressed it at its best, for a browser that
 * accepts it; the compression middleware passes what is already encoded through untouched.
 */
function precompressedAssets(
  assetsDir: string,
  cache: { immutable: boolean; maxAge: string },
): RequestHandler {
  const files = new Set(fs.readdirSync(assetsDir));
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    const encoding = bestCopy(req, (encoding) => files.has(name + SUFFIXES[encoding]));
    res.vary('Accept-Encoding');
    if (!encoding) return next();
    res.set('Content-Encoding', encoding).type(path.extname(name));
    res.sendFile(name + SUFFIXES[encoding], { root: assetsDir, ...cache });
  };
}

/**
 * The built web app's static files: hashed assets for a year, and the files of apps/web/public
 * (favicon, link-preview card) revalidated. Only those: the template and the server renderer sit
 * in the same folder but are build outputs, not files to serve.
 */
function builtAssets(distDir: string): RequestHandler {
  const router = express.Router();
  const assetsDir = path.join(distDir, 'assets');
  const assetCache = { immutable: true, maxAge: '1y' };
  router.use('/assets', precompressedAssets(assetsDir, assetCache));
  router.use('/assets', express.static(assetsDir, { ...assetCache, fallthrough: false }));
  const publicFiles = new Set(
    fs
      .readdirSync(distDir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name !== 'index.html')
      .map((entry) => entry.name),
  );
  router.get(/^\/[^/]+$/, (req, res, next) => {
    const name = req.path.slice(1);
    if (!publicFiles.has(name)) return next();
    res.sendFile(name, { root: distDir, headers: { 'Cache-Control': 'no-cache' } });
  });
  return router;
}

/**
 * The production build, or undefined when there is none (API-only tests). A build without its
 * server renderer is a half-finished one: refuse it, naming the command that makes it whole.
 */
export async function loadBuiltPages(
  distDir: string,
  options: TemplateOptions & { publicUrl: string },
): Promise<PageHost | undefined> {
  const templateFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(templateFile)) return undefined;
  const rendererFile = path.join(distDir, 'server', 'entry-server.js');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  for (const file of [rendererFile, manifestFile]) {
    if (!fs.existsSync(file)) {
      throw new Error(`${file} is missing: build the web app with \`pnpm build\``);
    }
  }
  const template = withRuntimeConfig(fs.readFileSync(templateFile, 'utf8'), options);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const renderer = (await import(pathToFileURL(rendererFile).href)) as PageRendererModule;
  const preloadsFor = preloadResolver(manifest, template);
  return {
    build: createHash('sha256').update(template).digest('base64url').slice(0, 12),
    rendererFor: (reader) =>
      renderer.createPageRenderer({ reader, publicUrl: options.publicUrl, template, preloadsFor }),
    assets: builtAssets(distDir),
    close: () => Promise.resolve(),
  };
}
