/**
 * "Follow from your server": the Follow box's plain form sends a reader on to their own server's
 * page for following the site, from whatever they typed (its name, its address, their handle);
 * anything else comes back with a page that says so; nothing of it when FEDERATION=off. And
 * /api/site names the account the box offers.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, createTestApp } from '../../test-support/test-app.js';

const track = cleanupAfterEach();
const PUBLIC_URL = 'https://rowan.example';

function site(env: Record<string, string> = {}) {
  const t = createTestApp({ env: { PUBLIC_URL, WEB_ORIGIN: PUBLIC_URL, ...env } });
  track(t.cleanup);
  return t;
}

const follow = (app: Parameters<typeof request>[0], server: string) =>
  request(app).get('/fediverse/follow').query({ server });

describe('following from your own server', () => {
  it.each([
    ['mastodon.social', 'mastodon.social'],
    ['  Mastodon.Social ', 'mastodon.social'],
    ['https://fosstodon.org/@ada', 'fosstodon.org'],
    ['@ada@hachyderm.io', 'hachyderm.io'],
  ])('takes %j to %s’s page for following the site', async (typed, server) => {
    const { app } = site();
    const account = (await request(app).get('/api/site')).body.fediverseAccount as string;
    expect(account).toMatch(/^@\w+@rowan\.example$/);
    const res = await follow(app, typed);
    expect(res.status).toBe(200);
    const onward = `https://${server}/authorize_interaction?uri=${encodeURIComponent(account)}`;
    expect(res.text).toContain(`<meta http-equiv="refresh" content="0; url=${onward}">`);
    expect(res.text).toContain(`<a href="${onward}">Continue to ${server}</a>`);
  });

  it.each(['', 'not a server', 'javascript:alert(1)', 'rowan.example'])(
    'answers %j with the form again and what was wrong, and goes nowhere',
    async (typed) => {
      const { app } = site();
      const res = await follow(app, typed);
      expect(res.status).toBe(400);
      expect(res.text).not.toContain('http-equiv="refresh"');
      expect(res.text).toContain('<label for="server">Your server</label>');
      expect(res.text).toContain('Type its name, like mastodon.social');
      expect(res.text).not.toContain('<script');
    },
  );

  it('is not there, nor offered, with FEDERATION=off', async () => {
    const { app } = site({ FEDERATION: 'off' });
    expect((await request(app).get('/api/site')).body.fediverseAccount).toBeNull();
    expect((await follow(app, 'mastodon.social')).status).toBe(404);
  });
});
