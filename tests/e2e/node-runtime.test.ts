/**
 * One runtime (docs/decisions/0022-node-24-the-one-runtime.md): whatever Node the machine has, the
 * checkout's commands run on the Node 24 that `pnpm install` provides. (Every vitest run checks
 * its own Node too: tools/node24/vitest-runtime.mjs.)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '@quillpost/api/test-support/running-server';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const pinned = fs.readFileSync(path.join(repoRoot, '.node-version'), 'utf8').trim();
const major = pinned.split('.')[0]!;

describe('the project’s Node', () => {
  it('is what `pnpm exec node` runs in the checkout', () => {
    const printed = execFileSync('pnpm', ['exec', 'node', '-v'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(printed.trim()).toMatch(new RegExp(`^v${major}\\.`));
  });

  it('is the one the image builds and runs on, and the one engines and nvm name', () => {
    const dockerfile = fs.readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain(`ARG NODE_VERSION=${pinned}\n`);
    expect(dockerfile.match(/^FROM node:\$\{NODE_VERSION\}-bookworm-slim/gm)).toHaveLength(2);
    expect(fs.readFileSync(path.join(repoRoot, '.nvmrc'), 'utf8').trim()).toBe(pinned);
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    expect(manifest.engines.node).toBe(`>=${major}`);
    const workspace = fs.readFileSync(path.join(repoRoot, 'pnpm-workspace.yaml'), 'utf8');
    expect(workspace).toContain(`\nnodeVersion: ${pinned}\n`);
  });
});

describe('the server’s start', () => {
  it('gives Node the same flags wherever production starts it, as the tests’ servers do', () => {
    const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');
    const flags = SERVER_NODE_FLAGS.join(' ');
    const quoted = SERVER_NODE_FLAGS.map((flag) => JSON.stringify(flag)).join(', ');
    expect(read('Dockerfile')).toContain(`CMD ["node", ${quoted}, "apps/api/dist/server.js"]`);
    expect(JSON.parse(read('apps/api/package.json')).scripts.start).toBe(`node ${flags} start.mjs`);
    expect(read('README.md')).toContain(`\n  node ${flags} apps/api/dist/server.js\n`);
    // The start line `pnpm release` prints.
    expect(read('apps/api/release.mjs')).toContain(`execPath} ${flags} \${path.join(target`);
  });
});
