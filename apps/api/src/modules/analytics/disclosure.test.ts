import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { countingDisclosure, DEFAULT_SITE_SETTINGS } from '@quillpost/domain';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { as, signInAs } from '../../test-support/community.js';
import { cleanupAfterEach, createTestApp } from '../../test-support/test-app.js';
import { loadEnv } from '../../env.js';
import { syncContent } from '../content/index.js';

const README = fileURLToPath(new URL('../../../../../README.md', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../../../../../tests/fixtures/content', import.meta.url));

const track = cleanupAfterEach();

describe('what the site says it counts', () => {
  it('is, in the README, what the defaults make it count', () => {
    const defaults = loadEnv({});
    const expected = countingDisclosure({
      analytics: defaults.ANALYTICS,
      retentionDays: defaults.ANALYTICS_RETENTION_DAYS,
      newsletterClickCounting: DEFAULT_SITE_SETTINGS.newsletterClickCounting,
    });
    const section = /<!-- counting:start -->\n([\s\S]*?)\n<!-- counting:end -->/.exec(
      fs.readFileSync(README, 'utf8'),
    )?.[1];
    expect(section).toBe(expected.join('\n\n'));
  });

  it('is, on the privacy page, what the settings make it count, and follows them', async () => {
    const t = createTestApp({ env: { CONTENT_DIR: FIXTURE, ANALYTICS_RETENTION_DAYS: '14' } });
    track(t.cleanup);
    syncContent(t.deps.db, FIXTURE, t.clock, t.deps.logger);
    const page = async () =>
      (await request(t.app).get('/api/pages/privacy')).body.content as string;
    const before = await page();
    expect(before).not.toContain('what this site counts');
    expect(before).toContain('Each view is kept for 14 days');
    expect(before).toContain('counts clicks per link and per day, never who clicked');

    const owner = await signInAs(t, 'admin');
    await as(t, owner).put('/api/admin/settings', { newsletterClickCounting: false });
    expect(await page()).toContain('neither clicks nor opens are counted');
  });

  it('says nothing is counted when analytics is off', async () => {
    const t = createTestApp({ env: { CONTENT_DIR: FIXTURE, ANALYTICS: 'off' } });
    track(t.cleanup);
    syncContent(t.deps.db, FIXTURE, t.clock, t.deps.logger);
    const { body } = await request(t.app).get('/api/pages/privacy');
    expect(body.content).toContain('The site does not count page views or feed fetches.');
  });
});
