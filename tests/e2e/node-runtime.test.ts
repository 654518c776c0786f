/**
 * One runtime (docs/decisions/0022-node-24-the-one-runtime.md): whatever Node the machine has, the
 * checkout's commands run on the Node 24 that `pnpm install` provides. (Every vitest run checks
 * its own Node too: tools/node24/vitest-runtime.mjs.)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
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
