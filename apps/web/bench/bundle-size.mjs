#!/usr/bin/env node
/**
 * Prints, per page module, the JavaScript a server-rendered visit to it loads: what dist/index.html
 * loads before the page paints (the small entry), the app it imports once the page has painted
 * (src/main.tsx loads src/app/hydrate.tsx) and the page module's chunk, each with the chunks it
 * imports. Sizes are as the API sends them: the build's brotli and gzip copies
 * (apps/web/vite.config.ts), the file itself where it has none. Then the home page and a post
 * beside the figures before issue 21, the largest chunk a reading page loads, and whether zod or
 * the console's editor (CodeMirror) or the dashboard's chart (uPlot) reaches a reading page. Run after `pnpm build` (`pnpm --filter @quillpost/web bench`).
 *
 * Warns when the home page's first-load JavaScript (brotli) exceeds the budget or zod reaches a
 * reading page; with BENCH_STRICT=1 it also exits non-zero (not by default, so `pnpm bench` still
 * runs the other packages' benches).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const HOME_JS_BUDGET_KB = 90;
/** Measured the same way on commit 0e84191, when the server compressed assets on the fly. */
const BEFORE = {
  home: { gzip: 147.1, br: 148.4 },
  post: { gzip: 148.9, br: 150.3 },
};
const HOME = 'src/features/content/pages/home-page.tsx';
const POST = 'src/features/content/pages/post-page.tsx';
const READING_PAGE = /^src\/features\/content\/pages\//;
/** A string every build of zod keeps: the name its schemas' base class is registered under. */
const ZOD_SIGNATURE = '$ZodType';
/** CodeMirror's editor view registers this class name: the console's editor, never a reader's. */
const CODEMIRROR_SIGNATURE = 'cm-editor';
/** uPlot draws into an element of this class: the dashboard's chart, never a reader's. */
const UPLOT_SIGNATURE = 'u-over';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');

if (!existsSync(manifestPath)) {
  console.error(`No ${relative(root, manifestPath)}; run \`pnpm build\` first.`);
  process.exit(1);
}

/** @type {Record<string, {file: string, imports?: string[], dynamicImports?: string[], isEntry?: boolean}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const sentSizes = new Map();
/** Bytes of a built file as the API sends it with each Content-Encoding (each file read once). */
function sent(file) {
  if (sentSizes.has(file)) return sentSizes.get(file);
  const path = join(dist, file);
  const size = (copy) => statSync(copy, { throwIfNoEntry: false })?.size ?? null;
  const raw = size(path);
  const sizes = { raw, gzip: size(`${path}.gz`) ?? raw, br: size(`${path}.br`) ?? raw };
  sentSizes.set(file, sizes);
  return sizes;
}

/** The chunk and its static imports, transitively: what loads with it. */
function collect(key, files) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const beforePaint = new Set();
collect(entry, beforePaint);
const shell = new Set(beforePaint);
for (const key of manifest[entry].dynamicImports ?? []) collect(key, shell);

function firstLoad(pageKey) {
  const files = new Set(shell);
  collect(pageKey, files);
  const total = { raw: 0, gzip: 0, br: 0 };
  for (const file of files) {
    const size = sent(file);
    for (const encoding of Object.keys(total)) total[encoding] += size[encoding];
  }
  return { files, total };
}

// kB = 1000 bytes, the unit Vite prints.
const kb = (bytes) => (bytes / 1000).toFixed(1);
const column = (bytes) => kb(bytes).padStart(7);

const pageKeys = Object.keys(manifest)
  .filter((key) => /^src\/.*\/pages\/[\w-]+\.tsx$/.test(key))
  .sort();
const beforePaintJs = [...beforePaint].reduce((sum, file) => sum + sent(file).br, 0);
console.log(
  `First-load JavaScript per page module, kB as the API sends it: index.html loads ${kb(beforePaintJs)} (brotli) before the page paints, the rest after\n`,
);
console.log(
  `${'page module'.padEnd(42)} ${'raw'.padStart(7)} ${'gzip'.padStart(7)} ${'brotli'.padStart(7)}  files`,
);
const loads = new Map();
for (const key of pageKeys) {
  const load = firstLoad(key);
  loads.set(key, load);
  const name = key.replace(/^src\//, '').replace(/\.tsx$/, '');
  const { raw, gzip, br } = load.total;
  console.log(
    `${name.padEnd(42)} ${column(raw)} ${column(gzip)} ${column(br)}  ${load.files.size}`,
  );
}

console.log('\nBefore issue 21 (0e84191) and now, kB:');
for (const [label, key] of [
  ['home', HOME],
  ['post', POST],
]) {
  const { gzip, br } = loads.get(key).total;
  const before = BEFORE[label];
  console.log(
    `${label.padEnd(5)} gzip ${before.gzip} -> ${kb(gzip)}   brotli ${before.br} -> ${kb(br)}`,
  );
}

const readingFiles = new Set(
  [...loads].filter(([key]) => READING_PAGE.test(key)).flatMap(([, load]) => [...load.files]),
);
const largest = [...readingFiles]
  .map((file) => ({ file, ...sent(file) }))
  .sort((a, b) => b.raw - a.raw)[0];
console.log(
  `\nLargest chunk a reading page loads: ${largest.file}, ${kb(largest.raw)} raw, ${kb(largest.gzip)} gzip, ${kb(largest.br)} brotli`,
);
const withZod = [...readingFiles].filter((file) =>
  readFileSync(join(dist, file), 'utf8').includes(ZOD_SIGNATURE),
);
console.log(`zod in a reading page's JavaScript: ${withZod.length ? withZod.join(', ') : 'none'}`);
const withEditor = [...readingFiles].filter((file) =>
  readFileSync(join(dist, file), 'utf8').includes(CODEMIRROR_SIGNATURE),
);
console.log(
  `The editor (CodeMirror) in a reading page's JavaScript: ${withEditor.length ? withEditor.join(', ') : 'none'}`,
);
const withChart = [...readingFiles].filter((file) =>
  readFileSync(join(dist, file), 'utf8').includes(UPLOT_SIGNATURE),
);
console.log(
  `The dashboard's chart (uPlot) in a reading page's JavaScript: ${withChart.length ? withChart.join(', ') : 'none'}`,
);

const homeBr = loads.get(HOME).total.br;
console.log(`Home page first-load JS: ${kb(homeBr)} kB brotli (budget ${HOME_JS_BUDGET_KB} kB)`);
const problems = [
  homeBr / 1000 > HOME_JS_BUDGET_KB && 'the home page loads too much JavaScript first',
  withZod.length > 0 && 'zod reaches a reading page',
  withEditor.length > 0 && 'the editor reaches a reading page',
  withChart.length > 0 && "the dashboard's chart reaches a reading page",
].filter(Boolean);
for (const problem of problems) console.error(`\nOVER BUDGET: ${problem}.`);
if (problems.length && process.env.BENCH_STRICT === '1') process.exitCode = 1;
