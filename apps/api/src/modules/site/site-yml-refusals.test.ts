/**
 * What content/site.yml must never get past, on every path that reads it: the content sync, the
 * console's Site section (read and save) and the profiles adopted at boot.
 */
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { as, signInAs } from '../../test-support/community.js';
import { createContentFolder } from '../../test-support/content.js';
import { testAppPerTest } from '../../test-support/test-app.js';
import { adoptSavedProfiles, syncContent } from '../content/index.js';

const { testApp, track } = testAppPerTest();

const ADA = `title: Ada Palmer
owner:
  name: Ada Palmer
social:
  github: https://github.com/ada
`;

/** Nine lists of nine aliases, each of the one before: 9^9 strings once expanded. */
const BILLION_LAUGHS = [
  'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
  ...'bcdefghi'
    .split('')
    .map(
      (name, index) => `${name}: &${name} [${Array(9).fill(`*${'abcdefgh'[index]}`).join(', ')}]`,
    ),
].join('\n');

function adaSite() {
  const folder = createContentFolder({ 'site.yml': ADA });
  const t = testApp({ env: { CONTENT_DIR: folder.dir } });
  track(folder.cleanup);
  expect(syncContent(t.deps.db, folder.dir, t.clock, t.deps.logger).errors).toEqual([]);
  const siteFile = path.join(folder.dir, 'site.yml');
  return { ...t, folder, siteFile };
}

describe('content/site.yml', () => {
  it('refuses nested aliases (a billion laughs) as invalid YAML, wherever the file is read', async () => {
    const t = adaSite();
    const owner = await signInAs(t, 'admin');
    t.folder.write('site.yml', `${ADA}${BILLION_LAUGHS}\n`);

    const report = syncContent(t.deps.db, t.folder.dir, t.clock, t.deps.logger);
    expect(report.errors).toEqual([
      { file: 'site.yml', line: 1, message: expect.stringMatching(/^invalid YAML: /) },
    ]);
    // The last good identity stays, for readers and for the console alike.
    expect((await request(t.app).get('/api/site')).body.title).toBe('Ada Palmer');
    const read = await as(t, owner).get('/api/admin/site');
    expect(read.status).toBe(200);
    expect(read.body.site).toMatchObject({ title: 'Ada Palmer' });
    // No valid file to take saved profiles into at boot: they wait, and the server starts.
    expect(adoptSavedProfiles(t.folder.dir, { x: 'https://x.com/ada' })).toBe(false);

    // The console's save replaces the broken file, as it replaces any file that is not YAML.
    const saved = await as(t, owner).put('/api/admin/site', {
      ...read.body.site,
      title: 'Ada Palmer Writes',
    });
    expect(saved.status).toBe(200);
    const file = fs.readFileSync(t.siteFile, 'utf8');
    expect(file).not.toContain('*a');
    expect(file).toContain('title: Ada Palmer Writes');
  });

  it('refuses a profile address holding a quote or an angle bracket, from the file and the console', async () => {
    const t = adaSite();
    const owner = await signInAs(t, 'admin');
    const hostile = 'https://github.com/ada"><script>alert(1)</script>';
    t.folder.write('site.yml', ADA.replace('https://github.com/ada', `'${hostile}'`));
    expect(syncContent(t.deps.db, t.folder.dir, t.clock, t.deps.logger).errors).toEqual([
      { file: 'site.yml', line: 5, message: 'social.github: must be an https address' },
    ]);
    expect((await request(t.app).get('/api/site')).body.socialProfiles).toEqual([
      { network: 'github', label: 'GitHub', url: 'https://github.com/ada' },
    ]);

    const read = await as(t, owner).get('/api/admin/site');
    const before = fs.readFileSync(t.siteFile, 'utf8');
    for (const url of [hostile, 'https://mastodon.social/<@ada>', 'https://bsky.app"/ada']) {
      const refused = await as(t, owner).put('/api/admin/site', {
        ...read.body.site,
        social: { github: url },
      });
      expect(refused.status, url).toBe(400);
      expect(refused.body.code, url).toBe('INVALID_REQUEST');
    }
    expect(fs.readFileSync(t.siteFile, 'utf8')).toBe(before);
  });
});
