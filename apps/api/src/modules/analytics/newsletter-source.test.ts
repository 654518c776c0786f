/**
 * A newsletter's clicks as a source (issue 34): the counting redirect sends no referrer, so the
 * page a reader lands on was counted as "Direct, an app or a bookmark". The redirect tags links
 * to the site's own pages as the newsletter's, and the page view is credited to it.
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createNewsletterApp,
  readers,
  seedSubscribers,
  type NewsletterApp,
} from '../../test-support/newsletter.js';

const open: NewsletterApp[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
});

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('a reader who clicks a link in the newsletter', () => {
  it('lands on the page as the newsletter’s reader, and the owner sees the newsletter as the source', async () => {
    const t = await createNewsletterApp({ env: { TRUST_PROXY: '1' } });
    open.push(t);
    seedSubscribers(t.deps.db, readers(1));
    const admin = (call: request.Test) => call.set('Cookie', t.adminCookie);
    const created = await admin(
      request(t.app)
        .post('/api/admin/newsletter/issues')
        .send({ kind: 'post', slug: 'tiny-tools' }),
    );
    expect(created.status).toBe(201);
    const id = created.body.issue.id as number;
    expect(
      (await admin(request(t.app).post(`/api/admin/newsletter/issues/${id}/send`))).status,
    ).toBe(200);
    await t.sender.drain();
    const links = [
      ...new Set(
        [...t.sink.messages[0]!.html.matchAll(/href="http:\/\/localhost:8787(\/r\/[^"]+)"/g)].map(
          (match) => match[1]!,
        ),
      ),
    ];
    const landings = await Promise.all(
      links.map(
        async (link) =>
          (await request(t.app).get(link).set('User-Agent', PHONE)).headers.location as string,
      ),
    );
    const start = landings.find((location) => new URL(location).pathname === '/start');
    expect(start).toBeDefined();
    const landing = new URL(start!);
    // The same two words for every reader and issue: they tell where from, never who.
    expect([...landing.searchParams]).toEqual([
      ['utm_source', 'newsletter'],
      ['utm_medium', 'email'],
    ]);

    // The page's beacon, as the browser sends it there: no referrer, the address's UTM values.
    const beacon = await request(t.app)
      .post('/api/analytics/hit')
      .set('X-Forwarded-For', '203.0.113.5')
      .set('User-Agent', PHONE)
      .send({
        path: landing.pathname,
        referrer: '',
        utm_source: landing.searchParams.get('utm_source'),
        utm_medium: landing.searchParams.get('utm_medium'),
      });
    expect(beacon.status).toBe(204);
    t.analytics.flush();
    const day = new Date(t.clock.now()).toISOString().slice(0, 10);
    const report = await admin(
      request(t.app).get(`/api/admin/analytics/traffic?from=${day}&to=${day}`),
    );
    expect(report.body.sources).toEqual([{ source: 'newsletter', views: 1, visitors: 1 }]);
  });
});
