#!/usr/bin/env node
/**
 * Prints, per route, the gzip size of the JavaScript and CSS loaded first: the entry chunk, the
 * route's lazy chunk and everything both import statically. Run after `vite build`
 * (`pnpm --filter @quillpost/web bench`). Routes are read from src/app/routes.tsx, which keeps
 * one `const X = lazy(() => import('...'))` per line and `path="..." element={<X`.
 *
 * Warns when the home page's first-load JavaScript exceeds the budget; with BENCH_STRICT=1 it
 * also exits non-zero (not by default, so `pnpm bench` still runs the other packages' benches).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const HOME_JS_BUDGET_KB = 90;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');

if (!existsSync(manifestPath)) {
  console.error(`No ${relative(root, manifestPath)}; run \`vite build\` first.`);
  process.exit(1);
}

/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk');

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return gzipCache.get(file);
}

/** The chunk and its static imports, transitively; dynamic imports load later and are not counted. */
function collect(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) collect(imported, seen);
  return seen;
}

function firstLoad(chunkKeys) {
  const keys = new Set();
  for (const key of chunkKeys) for (const k of collect(key)) keys.add(k);
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  // With build.cssCodeSplit off, one global stylesheet is loaded by every page.
  const globalCss = manifest['style.css']?.file;
  if (globalCss) css.add(globalCss);
  const sum = (files) => [...files].reduce((total, file) => total + gzipSize(file), 0);
  return { js: sum(js), css: sum(css), files: js.size + css.size };
}

// Route table: component name -> module, then path -> component name.
const routesSource = readFileSync(join(root, 'src/app/routes.tsx'), 'utf8');
const modules = new Map();
for (const match of routesSource.matchAll(/const (\w+) = lazy\(\(\) => import\('([^']+)'\)\)/g)) {
  const target = resolve(join(root, 'src/app'), match[2]);
  const candidates = ['.tsx', '.ts'].map((ext) =>
    relative(root, target + ext)
      .split('\\')
      .join('/'),
  );
  const key = candidates.find((candidate) => manifest[candidate]);
  if (key) modules.set(match[1], key);
}
const routes = [];
for (const match of routesSource.matchAll(
  /path=(?:"([^"]+)"|\{(\w+)\})\s+element=\{\s*(?:<Suspense fallback=\{<\w+ \/>\}>\s*)?<(\w+)/g,
)) {
  const path = match[1] ?? `{${match[2]}}`;
  const key = modules.get(match[3]);
  if (key) routes.push({ path, key });
}
if (routes.length === 0) throw new Error('No routes found in src/app/routes.tsx');

// kB = 1000 bytes, the unit Vite prints.
const kb = (bytes) => (bytes / 1000).toFixed(1).padStart(6);
const entry = firstLoad([entryKey]);
console.log(
  `First-load gzip size per route, kB (entry alone: JS ${kb(entry.js)}, CSS ${kb(entry.css)})\n`,
);
console.log(`${'route'.padEnd(22)} ${'JS kB'.padStart(6)} ${'CSS kB'.padStart(6)}  files`);
let homeJs = 0;
for (const { path, key } of routes) {
  const size = firstLoad([entryKey, key]);
  if (path === '/') homeJs = size.js;
  console.log(`${path.padEnd(22)} ${kb(size.js)} ${kb(size.css)}  ${size.files}`);
}

const totalJs = Object.values(manifest)
  .filter((chunk) => chunk.file.endsWith('.js'))
  .reduce((total, chunk) => total + gzipSize(chunk.file), 0);
console.log(`\nAll JavaScript chunks together: ${kb(totalJs).trim()} kB gzip`);
console.log(`Home page first-load JS: ${kb(homeJs).trim()} kB (budget ${HOME_JS_BUDGET_KB} kB)`);
if (homeJs / 1000 > HOME_JS_BUDGET_KB) {
  console.error('\nOVER BUDGET: the home page loads too much JavaScript first.');
  if (process.env.BENCH_STRICT === '1') process.exitCode = 1;
}
