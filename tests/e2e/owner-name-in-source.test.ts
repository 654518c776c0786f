/**
 * Who the site is lives in content/site.yml and nowhere else: no source file of the apps, the
 * domain package, the benches, the tools or the image spells the sample owner's name (tests and
 * their fixtures may).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');

function filesUnder(root: string): string[] {
  const at = path.join(repo, root);
  if (fs.statSync(at).isFile()) return [at];
  return fs
    .readdirSync(at, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the source', () => {
  it("never spells the sample owner's name: site.yml holds it", () => {
    const sample = fs.readFileSync(path.join(repo, 'tests/fixtures/content/site.yml'), 'utf8');
    const surname = /^ {2}name: .* (\S+)$/m.exec(sample)![1]!;
    const sources = [
      'apps/api/src',
      'apps/api/bench',
      'apps/web/src',
      'apps/web/bench',
      'apps/web/index.html',
      'packages/domain/src',
      'tools',
      'Dockerfile',
      'docker-compose.yml',
    ]
      .flatMap(filesUnder)
      .filter((file) => !/\.test\.tsx?$|\/(testing|test-support|test)\//.test(file));
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.filter((file) => fs.readFileSync(file, 'utf8').includes(surname))).toEqual([]);
  });
});
