#!/usr/bin/env node
/**
 * The project's Node, run by `pnpm install` (the root `postinstall`). Everything the project
 * starts — `pnpm dev`, `start`, every test, CLI and bench, `pnpm release` — runs `node` from PATH,
 * and pnpm puts the workspace's `node_modules/.bin` first on it. So:
 *
 * - where the machine's Node is already 24 or later, nothing is fetched, and a link left by an
 *   earlier install on an older Node is removed;
 * - otherwise the Node release pinned in `.node-version` comes from the npm registry (its
 *   platform package, `node-<platform>-<arch>`, holds the whole release: bin/node, include/node),
 *   is installed once into node_modules/.cache/node-<version> and linked as
 *   node_modules/.bin/node. `pnpm exec node -v` prints it; deleting the cache is always safe.
 *
 * The registry is the only host this asks (through the machine's npm, with its proxy, CA and
 * cache settings); no native addon needs compiling for it (better-sqlite3 and sharp ship
 * Node-API binaries inside their registry packages).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const MINIMUM_MAJOR = 24;
const repoRoot = path.resolve(import.meta.dirname, '../..');
const version = fs.readFileSync(path.join(repoRoot, '.node-version'), 'utf8').trim();
const link = path.join(repoRoot, 'node_modules/.bin/node');
const say = (message) => console.log(`[node] ${message}`);

if (!version.startsWith(`${MINIMUM_MAJOR}.`)) {
  throw new Error(`.node-version must pin a Node ${MINIMUM_MAJOR}.x release, not "${version}"`);
}

function removeLink() {
  if (fs.lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink()) fs.unlinkSync(link);
}

/** The installed binary, if the folder holds a whole, working release of `version`. */
function workingBinary(dir) {
  const binary = path.join(dir, 'node_modules', platformPackage(), 'bin/node');
  try {
    const found = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
    return found === `v${version}` ? binary : undefined;
  } catch {
    return undefined; // absent, or half written by an interrupted install: install again
  }
}

function platformPackage() {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  return `node-${platform}-${process.arch}`;
}

/** Installs into a staging folder and moves it into place, so an interruption leaves nothing. */
function install(dir) {
  const staging = `${dir}.partial-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  try {
    say(
      `the machine's Node is older than ${MINIMUM_MAJOR}: fetching Node ${version} from the npm registry`,
    );
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        staging,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `${platformPackage()}@${version}`,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (!workingBinary(staging)) {
      throw new Error(`${platformPackage()}@${version} installed without a working bin/node`);
    }
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(staging, dir);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * The machine's own Node: the first on PATH outside this checkout's node_modules. Not the Node
 * running this script, which is the linked one whenever pnpm runs it after an earlier install.
 */
function systemNodeMajor() {
  const ours = path.join(repoRoot, 'node_modules') + path.sep;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir || path.resolve(dir).startsWith(ours)) continue;
    const candidate = path.join(dir, process.platform === 'win32' ? 'node.exe' : 'node');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return Number(execFileSync(candidate, ['-p', 'process.versions.node.split(".")[0]']));
    } catch {
      // not here, or not runnable: look further along PATH
    }
  }
  return Number(process.versions.node.split('.')[0]);
}

if (systemNodeMajor() >= MINIMUM_MAJOR) {
  removeLink();
} else {
  const dir = path.join(repoRoot, 'node_modules/.cache', `node-${version}`);
  if (!workingBinary(dir)) install(dir);
  const target = path.relative(path.dirname(link), workingBinary(dir));
  const current = fs.lstatSync(link, { throwIfNoEntry: false });
  if (!current?.isSymbolicLink() || fs.readlinkSync(link) !== target) {
    fs.rmSync(link, { force: true });
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(target, link);
    say(`node_modules/.bin/node is Node ${version}: every script of the project runs on it`);
  }
}
