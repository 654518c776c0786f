#!/usr/bin/env node
/**
 * `pnpm release [DIR]` (default `release/`): builds everything and writes a production tree that
 * runs with production dependencies only:
 *
 *   DIR/apps/api/      the server (dist/, migrations/, start.mjs) with its production node_modules
 *   DIR/apps/web/dist  the web build the server renders pages with (self-contained renderer)
 *
 * No content: the sample site is for development. A release started on an empty (or missing)
 * CONTENT_DIR writes a starter site there, which the owner makes theirs in Console → Site.
 *
 * Start it with `node --max-semi-space-size=16 DIR/apps/api/dist/server.js` on Node 24
 * (NODE_ENV=production and the variables the README lists; the flag: decision 0043). The
 * Dockerfile runs exactly this command. `--no-build` reuses the current build.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const target = path.resolve(
  process.env.INIT_CWD ?? process.cwd(),
  args.find((a) => !a.startsWith('--')) ?? 'release',
);
const run = (command, commandArgs) =>
  execFileSync(command, commandArgs, { cwd: repoRoot, stdio: 'inherit' });

if (!args.includes('--no-build')) run('pnpm', ['build']);
for (const built of [
  'apps/api/dist/server.js',
  'apps/web/dist/index.html',
  'apps/web/dist/server/entry-server.js',
]) {
  if (!fs.existsSync(path.join(repoRoot, built))) {
    console.error(`${built} is missing: the build did not finish.`);
    process.exit(1);
  }
}

fs.rmSync(target, { recursive: true, force: true });
// pnpm's deploy copies the package's files and installs its production dependencies only
// (workspace packages such as @quillpost/domain included, as copies).
run('pnpm', [
  '--filter',
  '@quillpost/api',
  'deploy',
  '--prod',
  '--legacy',
  path.join(target, 'apps/api'),
]);
fs.cpSync(path.join(repoRoot, 'apps/web/dist'), path.join(target, 'apps/web/dist'), {
  recursive: true,
});

// Written out: Node 24's recursive readdir descends into pnpm's linked package folders, which
// would count each package once per link.
const bytes = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .map((entry) => path.join(dir, entry.name))
    .reduce((total, file) => {
      const stat = fs.lstatSync(file);
      return total + (stat.isDirectory() ? bytes(file) : stat.isFile() ? stat.size : 0);
    }, 0);
console.log(`Release in ${target}: ${(bytes(target) / 1024 / 1024).toFixed(1)} MiB`);
// The Node this runs on is the project's (Node 24; README, "Run it"), which the release needs too.
console.log(
  `Start it on Node ${process.version}: NODE_ENV=production ... ${process.execPath} --max-semi-space-size=16 ${path.join(target, 'apps/api/dist/server.js')}`,
);
