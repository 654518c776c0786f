#!/usr/bin/env node
/**
 * Prints, per page module, the gzip size of the JavaScript and CSS a server-rendered page of it
 * loads: what dist/index.html loads (the small entry and the stylesheet) and, once the page has
 * painted, the app that hydrates it (src/app/hydrate.tsx) and the page module's chunk, each with
 * the chunks it imports. Run after `pnpm build` (`pnpm --filter @quillpost/web bench`).
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
  console.error(`No ${relative(root, manifestPath)}; run \`pnpm build\` first.`);
  process.exit(1);
}

/** @type {Record<string, {file: string, imports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const template = readFileSync(join(dist, 'index.html'), 'utf8');
const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return gzipCache.get(file);
}

/** The chunk and its static imports, transitively; dynamic imports load later and are not counted. */
function collect(key, seen) {
  if (seen.has(key) || !manifest[key]) return;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) collect(imported, seen);
}

const fromTemplate = (pattern) => [...template.matchAll(pattern)].map((match) => match[1]);
const templateJs = fromTemplate(/<script[^>]+src="\/([^"]+\.js)"/g);
const templateCss = fromTemplate(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+\.css)"/g);
const sum = (files) => [...files].reduce((total, file) => total + gzipSize(file), 0);

const HYDRATE = 'src/app/hydrate.tsx';

function firstLoad(moduleKey) {
  const keys = new Set();
  for (const file of templateJs) collect(byFile.get(file) ?? file, keys);
  const entryJs = sum(new Set([...keys].map((key) => manifest[key].file)));
  collect(HYDRATE, keys);
  if (moduleKey) collect(moduleKey, keys);
  const js = new Set(templateJs);
  for (const key of keys) if (manifest[key]?.file.endsWith('.js')) js.add(manifest[key].file);
  return { entryJs, js: sum(js), css: sum(templateCss), files: js.size + templateCss.length };
}

// kB = 1000 bytes, the unit Vite prints.
const kb = (bytes) => (bytes / 1000).toFixed(1).padStart(6);
const entry = firstLoad(null);
console.log(
  `First-load gzip size per page module, kB: index.html loads JS ${kb(entry.entryJs).trim()} and CSS ${kb(entry.css).trim()} before the page paints, the rest after\n`,
);
console.log(`${'page module'.padEnd(24)} ${'JS kB'.padStart(6)} ${'CSS kB'.padStart(6)}  files`);
const pageModules = Object.keys(manifest)
  .filter((key) => /^src\/(pages\/[\w-]+-page|features\/members\/members-routes)\.tsx$/.test(key))
  .sort();
let homeJs = 0;
for (const key of pageModules) {
  const size = firstLoad(key);
  if (key === 'src/pages/home-page.tsx') homeJs = size.js;
  const name = key.replace(/^src\/(?:pages|features)\//, '').replace(/\.tsx$/, '');
  console.log(`${name.padEnd(24)} ${kb(size.js)} ${kb(size.css)}  ${size.files}`);
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
