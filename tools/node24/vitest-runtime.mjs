/**
 * Every vitest run's global setup (domain, web, API, end-to-end): it names the Node it runs on in
 * the run's output and refuses to test on any but the major pinned in `.node-version`, so a
 * suite can never pass on a Node the project does not run on.
 */
import fs from 'node:fs';
import path from 'node:path';

export default function checkRuntime() {
  const pinned = fs.readFileSync(path.resolve(import.meta.dirname, '../../.node-version'), 'utf8');
  const major = pinned.trim().split('.')[0];
  if (process.versions.node.split('.')[0] !== major) {
    throw new Error(
      `these tests run on Node ${major} (.node-version), not ${process.version}: ` +
        'run them through pnpm (`pnpm test`, `pnpm exec vitest`), which puts the project’s Node first',
    );
  }
  console.info(`[node] testing on Node ${process.version}`);
}
