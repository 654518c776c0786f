#!/usr/bin/env node
/**
 * `pnpm content|data|newsletter|backup|restore …`: the owner's command-line tools. The shared
 * domain package is built first (turbo, cached), but its output is shown only if the build fails:
 * the owner asked for an import or a backup, not for turbo's banner. Then the API's own script
 * runs with the arguments given, its output untouched.
 */
import { spawnSync } from 'node:child_process';

const [script, ...args] = process.argv.slice(2);
const built = spawnSync('pnpm', ['-s', 'domain'], { encoding: 'utf8' });
if (built.status !== 0) {
  process.stderr.write(built.stdout + built.stderr);
  process.exit(built.status ?? 1);
}
const ran = spawnSync('pnpm', ['-s', '--filter', '@quillpost/api', script, ...args], {
  stdio: 'inherit',
});
process.exit(ran.status ?? 1);
