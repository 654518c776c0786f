import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { filesUnder } from './folder-files.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('filesUnder', () => {
  it('lists nested files but nothing reached through a symbolic link, and survives a loop', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folder-files-'));
    made.push(root);
    const content = path.join(root, 'content');
    fs.mkdirSync(path.join(content, 'posts/2026'), { recursive: true });
    fs.mkdirSync(path.join(root, 'elsewhere'));
    fs.writeFileSync(path.join(content, 'posts/2026/a.md'), 'a');
    fs.writeFileSync(path.join(content, 'site.yml'), 'title: x');
    fs.writeFileSync(path.join(root, 'elsewhere/secret.md'), 'not content');
    fs.symlinkSync(path.join(root, 'elsewhere'), path.join(content, 'posts/linked'));
    fs.symlinkSync(path.join(root, 'elsewhere/secret.md'), path.join(content, 'posts/file.md'));
    fs.symlinkSync(content, path.join(content, 'posts/loop'));

    expect(
      filesUnder(content)
        .map((file) => path.relative(content, file))
        .sort(),
    ).toEqual(['posts/2026/a.md', 'site.yml']);
    expect(filesUnder(path.join(root, 'missing'))).toEqual([]);
  });
});
