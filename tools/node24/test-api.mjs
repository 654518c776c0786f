#!/usr/bin/env node
/**
 * `pnpm test:node24`: the API tests (apps/api, `vitest run`) on Node 24 LTS, the Node of the Docker
 * image, next to the Node the machine runs everything else on. It leaves the checkout's own
 * install alone:
 *
 * 1. Node 24 comes from the npm registry's `node@24` package (its platform package holds the whole
 *    release, bin/node and include/node), installed once into node_modules/.cache/node24 (ignored
 *    by git, Prettier and Docker like the rest of node_modules; deleting it is always safe).
 * 2. The API, the domain package, the site's and the tests' content and the workspace manifests
 *    are copied to a temporary folder, and pnpm on Node 24 installs that copy from the same
 *    lockfile. Its
 *    better-sqlite3 gets a Node 24 build, compiled once and kept in the cache folder. A copy
 *    rather than a second binary swapped into node_modules: the checkout's Node 20 build is never
 *    replaced, so an interrupted run, or anyone using the checkout meanwhile, never sees a wrong
 *    one; and every process the tests start (the CLIs under `--import tsx`, the crash test's
 *    sender) resolves better-sqlite3 from the copy too, whatever environment it is given.
 * 3. The tests run in the copy on Node 24, then the copy is removed.
 *
 * The build uses the headers of the Node the Dockerfile's build stage runs (read from it), for
 * the reason the README gives under "Run it" (better-sqlite3 12 and Node issue 65446); this run
 * proves the pairing on the 24.x installed first into the cache (delete
 * node_modules/.cache/node24/runtime to move up to the newest).
 *
 * Extra arguments go to vitest (`pnpm test:node24 src/db`). On Node 24 itself it only says so:
 * `pnpm test` has already run the API tests on it.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAJOR = '24';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The Node whose headers the image's build stage compiles native addons with. */
const ADDON_HEADERS = /^FROM node:(\S+)-bookworm-slim AS build$/m.exec(
  fs.readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8'),
)?.[1];
if (!ADDON_HEADERS || !ADDON_HEADERS.startsWith(`${MAJOR}.`)) {
  throw new Error(`the Dockerfile's build stage must run a node:${MAJOR}.x.y image`);
}
const cacheDir = path.join(repoRoot, 'node_modules/.cache', `node${MAJOR}`);
const startedAt = Date.now();
const seconds = () => `${((Date.now() - startedAt) / 1000).toFixed(1)} s`;
const say = (message) => console.log(`[node${MAJOR}] ${message}`);

if (process.versions.node.split('.')[0] === MAJOR) {
  say(`this is Node ${process.version}: \`pnpm test\` runs the API tests on it; nothing to add.`);
  process.exit(0);
}

/** bin/node and the release folder (include/node) of a node@… install, if it is whole. */
function installedNode(dir, version) {
  const nodePackage = path.join(dir, 'node_modules/node');
  const binary = path.join(nodePackage, 'bin/node');
  const release = path.join(
    nodePackage,
    'node_modules',
    `node-${process.platform}-${process.arch}`,
  );
  if (!fs.existsSync(binary) || !fs.existsSync(path.join(release, 'include/node/node.h'))) return;
  try {
    const found = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
    if (found.startsWith(`v${version}.`) || found === `v${version}`) {
      return { binary, release, version: found };
    }
  } catch {
    // A broken or half-written binary: install again.
  }
}

/** Installs node@VERSION into a fresh folder and moves it into place: an interruption leaves none. */
function ensureNode(version, dir) {
  const existing = installedNode(dir, version);
  if (existing) return existing;
  say(`installing node@${version} from the npm registry into ${path.relative(repoRoot, dir)}...`);
  const staging = `${dir}.partial-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  try {
    execFileSync(
      'npm',
      ['install', '--prefix', staging, '--no-save', '--no-audit', '--no-fund', `node@${version}`],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (!installedNode(staging, version)) {
      throw new Error(`node@${version} installed, but without a working bin/node and headers`);
    }
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(staging, dir);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return installedNode(dir, version);
}

/** The pnpm this script was started by (a root script sets npm_execpath), else the one on PATH. */
function pnpmCli() {
  const fromScript = process.env.npm_execpath;
  if (fromScript && /pnpm\.c?js$/.test(fromScript)) return fromScript;
  const onPath = execFileSync('sh', ['-c', 'command -v pnpm'], { encoding: 'utf8' }).trim();
  return fs.realpathSync(onPath);
}

/** What a package folder holds beside its sources: installs, builds, a dev database. */
const SKIP = new Set(['node_modules', 'dist', '.turbo', 'coverage', 'data']);
/**
 * What the API tests read: the API and domain sources, both content folders, every manifest, and
 * the README (its "What the site counts" section is checked against the software).
 */
function copyWorkspace(target) {
  const copy = (relative) => {
    const from = path.join(repoRoot, relative);
    if (!fs.existsSync(from)) return;
    fs.cpSync(from, path.join(target, relative), {
      recursive: true,
      // Only at the top of the copied folder: a `data` or `dist` folder deeper down is source.
      filter: (source) => path.dirname(source) !== from || !SKIP.has(path.basename(source)),
    });
  };
  for (const file of [
    'package.json',
    'pnpm-lock.yaml',
    'pnpm-workspace.yaml',
    '.npmrc',
    'README.md',
  ]) {
    copy(file);
  }
  copy('tsconfig.base.json');
  for (const folder of ['apps', 'packages']) {
    for (const name of fs.readdirSync(path.join(repoRoot, folder))) {
      copy(path.join(folder, name, 'package.json'));
    }
  }
  copy('tests/package.json');
  copy('apps/api');
  copy('packages/domain');
  copy('content');
  copy('tests/fixtures/content');
}

/** The command running now, stopped with this script on a signal. */
let running = null;

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    running = child;
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      running = null;
      resolve(signal ? 1 : (code ?? 1));
    });
  });
}

const node = ensureNode(MAJOR, path.join(cacheDir, 'runtime'));
const headers = ensureNode(ADDON_HEADERS, path.join(cacheDir, `headers-${ADDON_HEADERS}`));
const pnpm = pnpmCli();
// pnpm names the node-gyp it bundles to the scripts it runs; else it sits beside pnpm's CLI.
const nodeGyp =
  process.env.npm_config_node_gyp ??
  path.resolve(path.dirname(pnpm), '../dist/node_modules/node-gyp/bin/node-gyp.js');
if (!fs.existsSync(nodeGyp)) throw new Error(`node-gyp not found at ${nodeGyp}`);
const workspace = fs.mkdtempSync(path.join(os.tmpdir(), `quillpost-node${MAJOR}-`));
const removeWorkspace = () => fs.rmSync(workspace, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    running?.kill(signal);
    removeWorkspace();
    process.exit(128 + os.constants.signals[signal]);
  });
}

// Node 24 first on PATH, so pnpm, node-gyp and everything the tests start run on it.
const env = {
  ...process.env,
  PATH: `${path.dirname(node.binary)}${path.delimiter}${process.env.PATH}`,
};
// What the calling npm or pnpm passes down about the machine's own Node (a user's .npmrc may set
// nodedir to its headers) would build the addon for that Node instead of the chosen headers.
for (const inherited of [
  'npm_node_execpath',
  'NODE',
  'npm_config_node_gyp',
  'npm_config_nodedir',
]) {
  delete env[inherited];
}

/** Puts a Node 24 better_sqlite3.node into the copy: the cached one, or a fresh build cached. */
async function provideBetterSqlite(apiDir) {
  const packageDir = fs.realpathSync(path.join(apiDir, 'node_modules/better-sqlite3'));
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const cached = path.join(
    cacheDir,
    `better-sqlite3-${version}-node-${ADDON_HEADERS}-${process.platform}-${process.arch}.node`,
  );
  const target = path.join(packageDir, 'build/Release/better_sqlite3.node');
  if (!fs.existsSync(cached)) {
    say(`compiling better-sqlite3 ${version} against Node ${ADDON_HEADERS}'s headers (once)`);
    // The compiler's pages of warnings (SQLite's amalgamation) go to a log, shown if it fails.
    const logFile = path.join(cacheDir, 'better-sqlite3-build.log');
    const log = fs.openSync(logFile, 'w');
    const status = await run(
      node.binary,
      [
        nodeGyp,
        'rebuild',
        '--release',
        `--nodedir=${headers.release}`,
        `--jobs=${os.cpus().length}`,
      ],
      { cwd: packageDir, env, stdio: ['ignore', log, log] },
    ).finally(() => fs.closeSync(log));
    if (status !== 0) {
      process.stderr.write(fs.readFileSync(logFile, 'utf8'));
      return status;
    }
    const partial = `${cached}.partial-${process.pid}`;
    fs.copyFileSync(target, partial);
    fs.renameSync(partial, cached);
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(cached, target);
  return 0;
}

let status = 1;
try {
  copyWorkspace(workspace);
  say(`${node.version} (${node.binary}); the API copied to ${workspace} (${seconds()})`);
  const pnpmOnNode = (args) => run(node.binary, [pnpm, ...args], { cwd: workspace, env });
  // No install scripts and no side-effects cache: better-sqlite3's build is made below, with
  // the chosen headers, never one pnpm compiled for Node 24 elsewhere with other headers.
  status = await pnpmOnNode([
    'install',
    '--frozen-lockfile',
    '--prefer-offline',
    '--ignore-scripts',
    '--config.side-effects-cache=false',
    '--reporter=append-only',
    '--filter',
    '@quillpost/api...',
  ]);
  const apiDir = path.join(workspace, 'apps/api');
  if (status === 0) status = await provideBetterSqlite(apiDir);
  if (status === 0) {
    say(`installed (${seconds()}); building the domain package`);
    status = await pnpmOnNode(['--filter', '@quillpost/domain', 'build']);
  }
  if (status === 0) {
    // Fails here, clearly, if the copy's better-sqlite3 is not a Node 24 build.
    status = await run(
      node.binary,
      [
        '-e',
        "const D = require('better-sqlite3'); const db = new D(':memory:'); " +
          "console.log('[node24] better-sqlite3 loads on Node ' + process.version + ' (ABI ' + " +
          "process.versions.modules + '), SQLite ' + db.prepare('select sqlite_version() v').get().v)",
      ],
      { cwd: apiDir, env },
    );
  }
  if (status === 0) {
    say(`running the API tests on ${node.version} (${seconds()})`);
    status = await pnpmOnNode(['--filter', '@quillpost/api', 'test', ...process.argv.slice(2)]);
  }
} finally {
  removeWorkspace();
}
say(`${status === 0 ? 'passed' : 'FAILED'} in ${seconds()}`);
process.exit(status);
