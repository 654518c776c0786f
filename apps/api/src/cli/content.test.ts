import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createContentFolder, post } from '../test-support/content.js';

const apiDir = path.resolve(import.meta.dirname, '../..');
const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

/** `pnpm content sync` in its own process, configured by environment as a deployment is. */
function contentSync(env: Record<string, string>, args = ['sync']) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-cli-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const envFile = path.join(dir, '.env');
  fs.writeFileSync(
    envFile,
    Object.entries({ DATABASE_PATH: path.join(dir, 'site.db'), ...env })
      .map(([name, value]) => `${name}=${value}`)
      .join('\n'),
  );
  return spawnSync(
    process.execPath,
    [`--env-file=${envFile}`, '--import', 'tsx', 'src/cli/content.ts', ...args],
    { cwd: apiDir, encoding: 'utf8' },
  );
}

describe('pnpm content sync', () => {
  it('reads the folder into the database and says what changed and what it skipped', () => {
    const folder = createContentFolder({
      'posts/a.md': post('A'),
      'posts/broken.md': '---\ntitle: [unclosed\n---\nBody',
    });
    cleanups.push(folder.cleanup);
    const result = contentSync({ CONTENT_DIR: folder.dir });
    expect(result.stdout).toContain('Added: posts/a.md');
    expect(result.stderr).toMatch(/Skipped posts\/broken\.md:\d+:/);
    expect(result.status).toBe(1);
    expect(contentSync({ CONTENT_DIR: folder.dir }, []).status).toBe(2);
  });
});

describe('pnpm content init', () => {
  it("writes a starter that is the new owner's from the flags, and refuses a folder in use", () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-init-'));
    cleanups.push(() => fs.rmSync(parent, { recursive: true, force: true }));
    const dir = path.join(parent, 'content');
    const flags = ['--title', 'Field Notes', '--name', 'Ada Palmer', '--email', 'ada@example.org'];
    const more = ['--language', 'en-US', '--timezone', 'America/Chicago', '--handle', 'ada_w'];
    const result = contentSync({}, ['init', dir, ...flags, ...more]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`Wrote 7 files into ${dir}:`);
    const site = fs.readFileSync(path.join(dir, 'site.yml'), 'utf8');
    expect(site).toMatch(/^title: Field Notes$/m);
    expect(site).toMatch(/^ {2}name: Ada Palmer$/m);
    expect(site).toMatch(/^language: en-US$/m);
    expect(site).toMatch(/^timezone: America\/Chicago$/m);
    expect(site).toMatch(/^fediverse:\n {2}handle: ada_w$/m);
    expect(fs.readFileSync(path.join(dir, 'pages/privacy.md'), 'utf8')).toContain('Field Notes');
    // What it wrote is a site the sync reads without a single skipped file.
    const synced = contentSync({ CONTENT_DIR: dir });
    expect(synced.stderr).toBe('');
    expect(synced.status).toBe(0);

    const again = contentSync({}, ['init', dir, ...flags]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(
      'already has content: the starter only goes into an empty folder',
    );
    expect(fs.readFileSync(path.join(dir, 'site.yml'), 'utf8')).toBe(site);
  });

  it("offers a fediverse handle made of the owner's name", () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-init-'));
    cleanups.push(() => fs.rmSync(parent, { recursive: true, force: true }));
    const dir = path.join(parent, 'content');
    const result = contentSync({}, ['init', dir, '--name', 'Zoë Palmer', '--title', 'Notes']);
    expect(result.status).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'site.yml'), 'utf8')).toMatch(
      /^fediverse:\n {2}handle: zoepalmer$/m,
    );
  });
});
