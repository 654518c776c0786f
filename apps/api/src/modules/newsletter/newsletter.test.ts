import { MESSAGES, type NewsletterIssueResponse } from '@quillpost/domain';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createNewsletterSender } from '../../app.js';
import type { Mailer } from '../../mail/mailer.js';
import { signInWithMagicLink } from '../../test-support/auth.js';
import {
  MAILGUN_SIGNING_KEY,
  mailgunPermanentFailure,
  mailgunWebhookBody,
} from '../../test-support/mailgun-webhook.js';
import {
  ADMIN_EMAIL,
  createNewsletterApp,
  readers,
  seedSubscribers,
  type NewsletterApp,
} from '../../test-support/newsletter.js';
import { findByEmail, unsubscribeUrl } from '../subscriptions/index.js';
import { iso } from '../../clock.js';
import { createContentFolder, post } from '../../test-support/content.js';
import { TEST_SITE } from '../../test-support/test-app.js';
import { syncContent } from '../content/index.js';
import { keepSiteIdentity } from '../site/index.js';
import { newsletterMessageId } from './compose.js';

const open: NewsletterApp[] = [];
const cleanupsOfDates: Array<() => void> = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
  for (const cleanup of cleanupsOfDates.splice(0)) cleanup();
});

async function newsletterApp(options: Parameters<typeof createNewsletterApp>[0] = {}) {
  const t = await createNewsletterApp(options);
  open.push(t);
  return t;
}

const api = (t: NewsletterApp) => ({
  get: (path: string) => request(t.app).get(path).set('Cookie', t.adminCookie),
  post: (path: string, body: object = {}) =>
    request(t.app).post(path).set('Cookie', t.adminCookie).send(body),
  put: (path: string, body: object) =>
    request(t.app).put(path).set('Cookie', t.adminCookie).send(body),
});

async function createIssue(t: NewsletterApp, slug = 'tiny-tools', kind = 'post') {
  const res = await api(t).post('/api/admin/newsletter/issues', { kind, slug });
  expect(res.status).toBe(201);
  return res.body.issue.id as number;
}

async function sendNow(t: NewsletterApp, slug = 'tiny-tools', kind = 'post') {
  const id = await createIssue(t, slug, kind);
  const res = await api(t).post(`/api/admin/newsletter/issues/${id}/send`);
  expect(res.status).toBe(200);
  expect(res.body.issue.status).toBe('sending');
  return id;
}

async function issue(t: NewsletterApp, id: number) {
  const res = await api(t).get(`/api/admin/newsletter/issues/${id}`);
  expect(res.status).toBe(200);
  return res.body as NewsletterIssueResponse;
}

describe('sending an issue', () => {
  it('delivers exactly one mail to each of 200 subscribers, with one-click unsubscribe, a stable Message-ID and the From of config', async () => {
    const t = await newsletterApp();
    seedSubscribers(t.deps.db, readers(200));
    const id = await sendNow(t);
    await t.sender.drain();

    expect(t.sink.messages).toHaveLength(200);
    const recipients = t.sink.messages.flatMap((mail) => mail.to);
    expect(new Set(recipients).size).toBe(200);
    const ids = new Set(t.sink.messages.map((mail) => mail.messageId));
    expect(ids.size).toBe(200);

    const mail = t.sink.messagesTo('reader-0007@example.test')[0]!;
    const subscriber = findByEmail(t.deps.db, 'reader-0007@example.test')!;
    expect(mail.messageId).toBe(
      newsletterMessageId(t.deps.env.SESSION_SECRET, 'example.test', id, subscriber.id),
    );
    expect(mail.rawHeaders.from).toBe('Rowan Ellis <newsletter@example.test>');
    expect(mail.subject).toBe('Why I keep a folder of tiny tools');
    expect(mail.rawHeaders['list-unsubscribe']).toMatch(
      /^<http:\/\/localhost:8787\/api\/newsletter\/unsubscribe\/[^>]+>, <mailto:newsletter@example\.test\?subject=unsubscribe>$/,
    );
    expect(mail.rawHeaders['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.rawHeaders['list-id']).toBe('<newsletter.example.test>');
    // Both parts: the post, its links made absolute (through the click counter in the HTML), and
    // the footer's manage link.
    expect(mail.html).toContain('What lives in there');
    expect(mail.html).not.toContain('href="http://localhost:8787/start"');
    expect(mail.html).toMatch(new RegExp(`href="http://localhost:8787/r/${id}/\\d+/[\\w-]{16}"`));
    expect(mail.html).toMatch(
      /href="http:\/\/localhost:5173\/manage\?email=reader-0007%40example\.test&amp;manage=/,
    );
    expect(mail.html).not.toContain('{{qp:');
    expect(mail.text).toContain('What lives in there');
    expect(mail.text).toContain('the start page (http://localhost:8787/start)');
    expect(mail.text).toContain('echo "hello"');
    expect(mail.text).toMatch(
      /Manage your subscription: http:\/\/localhost:5173\/manage\?email=reader-0007%40example\.test&manage=/,
    );

    const { issue: sent, report } = await issue(t, id);
    expect(sent.status).toBe('sent');
    expect(sent.progress).toMatchObject({
      total: 200,
      sent: 200,
      queued: 0,
      failed: 0,
      bounced: 0,
    });
    expect(report.problems).toEqual([]);

    // The post's own API data now says it went out as a newsletter.
    const postRes = await request(t.app).get('/api/posts/tiny-tools');
    expect(postRes.body.newsletter_sent_at).toBe(sent.startedAt);
    const other = await request(t.app).get('/api/posts/reading-slowly');
    expect(other.body.newsletter_sent_at).toBeNull();

    // A second pass finds nothing to do: never twice.
    await t.sender.drain();
    expect(t.sink.messages).toHaveLength(200);
  });

  it('goes only to active, verified, not bounced subscribers whose preferences include the section', async () => {
    const t = await newsletterApp();
    seedSubscribers(t.deps.db, [
      { email: 'all@example.test' },
      { email: 'no-build@example.test', preferences: { build: false } },
      {
        email: 'only-build@example.test',
        preferences: { learn: false, write: false, journal: false, poetry: false },
      },
      { email: 'pending@example.test', status: 'pending' },
      { email: 'unverified@example.test', verified: false },
      { email: 'gone@example.test', status: 'unsubscribed' },
      { email: 'bounced@example.test', bounced: true },
    ]);
    await sendNow(t, 'tiny-tools');
    await t.sender.drain();
    expect(t.sink.messages.flatMap((m) => m.to).sort()).toEqual([
      'all@example.test',
      'only-build@example.test',
    ]);

    // The journal section reaches the people who kept it on.
    await sendNow(t, 'a-walk', 'journal');
    await t.sender.drain();
    expect(
      t.sink.messages
        .slice(2)
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual(['all@example.test', 'no-build@example.test']);
  });

  it('marks a recipient and the subscriber bounced on a 550, and keeps going', async () => {
    const t = await newsletterApp();
    seedSubscribers(t.deps.db, readers(10));
    t.sink.respond('reader-0003@example.test', '550');
    const id = await sendNow(t);
    await t.sender.drain();

    expect(t.sink.messages).toHaveLength(9);
    const { issue: done, report } = await issue(t, id);
    expect(done.status).toBe('sent');
    expect(done.progress).toMatchObject({ sent: 9, bounced: 1 });
    expect(report.problems).toEqual([
      expect.objectContaining({
        email: 'reader-0003@example.test',
        status: 'bounced',
        attempts: 1,
      }),
    ]);
    expect(findByEmail(t.deps.db, 'reader-0003@example.test')!.bounced_at).not.toBeNull();
  });

  it('retries a 421 with backoff and delivers once the relay accepts', async () => {
    const t = await newsletterApp({ sender: { retryBaseMs: 60_000, maxAttempts: 3 } });
    seedSubscribers(t.deps.db, readers(5));
    t.sink.respond('reader-0002@example.test', '421');
    const id = await sendNow(t);
    await t.sender.drain();
    expect(t.sink.messages).toHaveLength(4);
    let state = await issue(t, id);
    expect(state.issue.status).toBe('sending');
    expect(state.issue.progress).toMatchObject({ sent: 4, queued: 1 });

    // Not due yet: nothing happens before the backoff has passed.
    t.clock.advance(30_000);
    await t.sender.drain();
    expect(t.sink.messages).toHaveLength(4);

    t.sink.respond('reader-0002@example.test', 'accept');
    t.clock.advance(30_000);
    await t.sender.drain();
    expect(t.sink.messagesTo('reader-0002@example.test')).toHaveLength(1);
    state = await issue(t, id);
    expect(state.issue.status).toBe('sent');
    expect(state.issue.progress).toMatchObject({ sent: 5, queued: 0 });
    const row = t.deps.db
      .prepare('SELECT attempts FROM newsletter_recipients WHERE issue_id = ? AND email = ?')
      .get(id, 'reader-0002@example.test') as { attempts: number };
    expect(row.attempts).toBe(2);
  });

  it('fails a recipient whose temporary failures outlast the attempts', async () => {
    const t = await newsletterApp({ sender: { retryBaseMs: 1_000, maxAttempts: 2 } });
    seedSubscribers(t.deps.db, readers(3));
    t.sink.respond('reader-0001@example.test', '421');
    const id = await sendNow(t);
    await t.sender.drain();
    t.clock.advance(1_000);
    await t.sender.drain();
    const { issue: done, report } = await issue(t, id);
    expect(done.status).toBe('sent');
    expect(done.progress).toMatchObject({ sent: 2, failed: 1 });
    expect(report.problems[0]).toMatchObject({ status: 'failed', attempts: 2 });
    expect(findByEmail(t.deps.db, 'reader-0001@example.test')!.bounced_at).toBeNull();
  });

  it('pauses after the configured number of errors in a row, and resumes where it stopped', async () => {
    const t = await newsletterApp({
      sender: { pauseAfterErrors: 5, batchSize: 10, retryBaseMs: 1_000 },
    });
    seedSubscribers(t.deps.db, readers(30));
    t.sink.respond('*', '421');
    const id = await sendNow(t);
    await t.sender.drain();
    let state = await issue(t, id);
    expect(state.issue.status).toBe('paused');
    expect(state.issue.pauseReason).toMatch(
      /^Paused after 5 errors in a row\. The last one: .*421/,
    );
    expect(state.issue.progress.queued).toBe(30);

    t.sink.respond('*', 'accept');
    t.clock.advance(5_000);
    const resumed = await api(t).post(`/api/admin/newsletter/issues/${id}/resume`);
    expect(resumed.body.issue.status).toBe('sending');
    await t.sender.drain();
    state = await issue(t, id);
    expect(state.issue.status).toBe('sent');
    expect(t.sink.messages).toHaveLength(30);
    expect(new Set(t.sink.messages.map((m) => m.messageId)).size).toBe(30);
  });

  it('skips people who unsubscribe after the start, and counts them', async () => {
    const t = await newsletterApp();
    seedSubscribers(t.deps.db, readers(10));
    const leaving = findByEmail(t.deps.db, 'reader-0009@example.test')!;
    const oneClick = new URL(
      unsubscribeUrl(t.deps.env, { id: leaving.id, linkKey: leaving.link_key }),
    );
    // Reader 9 uses the one-click link while the first batch is on its way.
    let unsubscribed = false;
    const mailer: Mailer = {
      async send(message) {
        if (!unsubscribed) {
          unsubscribed = true;
          const res = await request(t.app)
            .post(oneClick.pathname)
            .type('form')
            .send('List-Unsubscribe=One-Click');
          expect(res.status).toBe(200);
        }
        return t.deps.mailer.send(message);
      },
      close: async () => undefined,
    };
    const sender = createNewsletterSender(
      { ...t.deps, mailer },
      { batchSize: 5, concurrency: 1, ratePerSecond: 0 },
    );
    const id = await sendNow(t);
    await sender.drain();

    expect(t.sink.messages).toHaveLength(9);
    expect(t.sink.messagesTo('reader-0009@example.test')).toHaveLength(0);
    const { issue: done } = await issue(t, id);
    expect(done.status).toBe('sent');
    expect(done.progress).toMatchObject({ total: 10, sent: 9, skipped: 1, unsubscribedSince: 1 });
  });
});

describe('one-click unsubscribe from a newsletter mail (RFC 8058)', () => {
  it('works without cookies, answers 200 without a redirect and takes effect at once', async () => {
    const t = await newsletterApp();
    seedSubscribers(t.deps.db, readers(3));
    await sendNow(t);
    await t.sender.drain();
    const mail = t.sink.messagesTo('reader-0002@example.test')[0]!;
    const url = new URL(/^<([^>]+)>/.exec(mail.rawHeaders['list-unsubscribe']!)![1]!);

    // What a mail provider sends: a form POST, no cookie, an Origin of its own.
    const res = await request(t.app)
      .post(url.pathname)
      .set('Origin', 'https://mail.example.net')
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(findByEmail(t.deps.db, 'reader-0002@example.test')!.status).toBe('unsubscribed');

    // The next issue leaves them out.
    await sendNow(t, 'reading-slowly');
    await t.sender.drain();
    expect(t.sink.messagesTo('reader-0002@example.test')).toHaveLength(1);
    expect(t.sink.messages).toHaveLength(5);
  });
});

describe("an issue's results", () => {
  const linksOf = (html: string) => [
    ...new Set(
      [...html.matchAll(/href="http:\/\/localhost:8787(\/r\/[^"]+)"/g)].map((match) => match[1]!),
    ),
  ];
  const PHONE_MAIL_APP =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
  const DESKTOP_MAIL_APP =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)';

  it('counts clicks per link, never who clicked, and answers a tampered link with 404', async () => {
    const t = await newsletterApp();
    seedSubscribers(t.deps.db, readers(3));
    const id = await sendNow(t);
    await t.sender.drain();
    const [first, second] = t.sink.messages.map((mail) => linksOf(mail.html));
    // Every reader's mail has the same counted links: nothing in them names the reader.
    expect(first).toEqual(second);
    const start = await Promise.all(
      first!.map(async (link) => ({
        link,
        res: await request(t.app).get(link).set('User-Agent', PHONE_MAIL_APP),
      })),
    );
    expect(start.every(({ res }) => res.status === 302)).toBe(true);
    const toStart = start.find(
      // A page of the site, tagged as the newsletter's (analytics/newsletter-source.test.ts).
      ({ res }) =>
        res.headers.location ===
        'http://localhost:8787/start?utm_source=newsletter&utm_medium=email',
    )!;
    expect(toStart).toBeDefined();
    expect(toStart.res.headers['set-cookie']).toBeUndefined();
    // A second reader, on a computer.
    await request(t.app).get(toStart.link).set('User-Agent', DESKTOP_MAIL_APP);
    // A mail scanner opening every link is not a reader clicking.
    await request(t.app)
      .get(toStart.link)
      .set(
        'User-Agent',
        'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.4266; Pro) BingPreview/1.0b',
      );

    const [, issueId, link, signature] = toStart.link.split('/').slice(1);
    const forged = [
      `/r/${issueId}/${link}/${'A'.repeat(16)}`,
      `/r/${issueId}/${Number(link) + 1}/${signature}`,
      `/r/${Number(issueId) + 1}/${link}/${signature}`,
      `/r/${issueId}/999/${signature}`,
    ];
    for (const path of forged) {
      const res = await request(t.app).get(path).set('User-Agent', PHONE_MAIL_APP);
      expect(res.status, path).toBe(404);
      expect(res.headers.location).toBeUndefined();
    }

    const { results } = await issue(t, id);
    expect(results).toMatchObject({ recipients: 3, delivered: 3, bounced: 0, clicksCounted: true });
    expect(results!.links.find((row) => row.url === 'http://localhost:8787/start')!.clicks).toBe(2);
    expect(
      results!.links
        .filter((row) => row.url !== 'http://localhost:8787/start')
        .every((row) => row.clicks === 1),
    ).toBe(true);
    const stored = t.deps.db.prepare('SELECT * FROM newsletter_clicks').all() as object[];
    expect(Object.keys(stored[0]!).sort()).toEqual(['clicks', 'day', 'issue_id', 'link']);
  });

  it('counts a link once per reader a day, however often it is opened, and takes every click there', async () => {
    // Behind one proxy: each reader's address comes from X-Forwarded-For.
    const t = await newsletterApp({ env: { TRUST_PROXY: '1' } });
    seedSubscribers(t.deps.db, readers(10));
    const id = await sendNow(t);
    await t.sender.drain();
    const start = linksOf(t.sink.messages[0]!.html)[0]!;
    const target = (await issue(t, id)).results!.links[0]!.url;
    const click = (address: string, agent = PHONE_MAIL_APP) =>
      request(t.app).get(start).set('X-Forwarded-For', address).set('User-Agent', agent);
    const clicks = async () =>
      (await issue(t, id)).results!.links.find((row) => row.url === target)!.clicks;
    const taken = (answers: Array<{ status: number; headers: Record<string, string> }>) =>
      answers.every(
        (res) => res.status === 302 && res.headers.location?.startsWith(`${target}?utm_source=`),
      );

    // One reader opening the link 100 times: every one taken there, one click counted.
    const again = [];
    for (let n = 0; n < 100; n += 1) again.push(await click('203.0.113.7'));
    expect(taken(again)).toBe(true);
    expect(await clicks()).toBe(1);
    // Another reader counts.
    expect(taken([await click('198.51.100.23')])).toBe(true);
    expect(await clicks()).toBe(2);

    // One address that makes up a new browser for every request is taken there each time, and
    // counted 30 times a day at most.
    const madeUp = [];
    for (let n = 0; n < 40; n += 1)
      madeUp.push(await click('192.0.2.66', `${PHONE_MAIL_APP} Build/${n}`));
    expect(taken(madeUp)).toBe(true);
    expect(await clicks()).toBe(32);
    // Other addresses still count.
    expect(taken([await click('192.0.2.67')])).toBe(true);
    expect(await clicks()).toBe(33);

    // The next day the first reader counts again, and so may the made-up browsers' address.
    t.clock.advance(86_400_000);
    const nextDay = [await click('203.0.113.7'), await click('192.0.2.66', `${PHONE_MAIL_APP} x`)];
    expect(taken(nextDay)).toBe(true);
    const days = t.deps.db
      .prepare('SELECT day, SUM(clicks) AS clicks FROM newsletter_clicks GROUP BY day')
      .all();
    expect(days).toEqual([
      { day: '2026-01-01', clicks: 33 },
      { day: '2026-01-02', clicks: 2 },
    ]);
  });

  it("counts an unsubscribe through the issue's one-click link within seven days", async () => {
    const t = await newsletterApp();
    seedSubscribers(t.deps.db, readers(4));
    const id = await sendNow(t);
    await t.sender.drain();
    const mail = t.sink.messagesTo('reader-0001@example.test')[0]!;
    const url = new URL(/^<([^>]+)>/.exec(mail.rawHeaders['list-unsubscribe']!)![1]!);
    await request(t.app).post(url.pathname).type('form').send('List-Unsubscribe=One-Click');
    expect((await issue(t, id)).results).toMatchObject({ recipients: 4, unsubscribes: 1 });
  });

  it('counts an unsubscribe after two issues against the later one only', async () => {
    const t = await newsletterApp();
    seedSubscribers(t.deps.db, readers(2));
    const first = await sendNow(t);
    await t.sender.drain();
    t.clock.advance(10 * 60_000);
    const second = await sendNow(t, 'reading-slowly');
    await t.sender.drain();
    t.clock.advance(60_000);
    const mail = t.sink.messagesTo('reader-0001@example.test').at(-1)!;
    const url = new URL(/^<([^>]+)>/.exec(mail.rawHeaders['list-unsubscribe']!)![1]!);
    await request(t.app).post(url.pathname).type('form').send('List-Unsubscribe=One-Click');
    expect((await issue(t, first)).results!.unsubscribes).toBe(0);
    expect((await issue(t, second)).results!.unsubscribes).toBe(1);
  });

  it('counts complaints and bounces the relay reports after the send, within seven days', async () => {
    const t = await newsletterApp({ env: { MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_SIGNING_KEY } });
    seedSubscribers(t.deps.db, readers(5));
    const id = await sendNow(t);
    await t.sender.drain();
    const relay = async (event: Record<string, unknown>) => {
      const res = await request(t.app)
        .post('/api/mail/webhooks/mailgun')
        .send(mailgunWebhookBody(event, { now: t.clock.now() }));
      expect(res.status).toBe(200);
    };
    t.clock.advance(3_600_000);
    await relay({ event: 'complained', recipient: 'reader-0001@example.test' });
    t.clock.advance(2 * 86_400_000);
    await relay(mailgunPermanentFailure('reader-0002@example.test'));
    // Past the seven days, the relay's reports belong to no issue.
    t.clock.advance(6 * 86_400_000);
    await relay({ event: 'complained', recipient: 'reader-0003@example.test' });
    await relay(mailgunPermanentFailure('reader-0004@example.test'));
    t.adminCookie = await signInWithMagicLink(t.app, t.deps, ADMIN_EMAIL);
    const { issue: sent, results } = await issue(t, id);
    expect(results).toMatchObject({
      recipients: 5,
      delivered: 4,
      bounced: 1,
      complaints: 1,
      // The complaint unsubscribed its reader too; it is counted once, as a complaint.
      unsubscribes: 0,
    });
    // The post's page in Analytics shows the same results.
    const onPage = await api(t).get('/api/admin/analytics/issue?path=/posts/tiny-tools');
    expect(onPage.body).toEqual({
      success: true,
      issue: { id, subject: sent.subject, startedAt: sent.startedAt, results },
    });
    const unsent = await api(t).get('/api/admin/analytics/issue?path=/posts/reading-slowly');
    expect(unsent.body).toEqual({ success: true, issue: null });
  });

  it("counts a reader's unsubscribe on the manage page, but not the owner's in the console, nor one on the eighth day", async () => {
    const t = await newsletterApp();
    seedSubscribers(t.deps.db, readers(4));
    const id = await sendNow(t);
    await t.sender.drain();
    t.clock.advance(60_000);
    const manageToken = /[?&]manage=([^&\s]+)/.exec(
      t.sink.messagesTo('reader-0001@example.test')[0]!.text,
    )![1]!;
    const fromManagePage = await request(t.app)
      .post('/api/auth/unsubscribe')
      .set('X-Manage-Token', manageToken)
      .send({ email: 'reader-0001@example.test' });
    expect(fromManagePage.status).toBe(200);
    const asked = findByEmail(t.deps.db, 'reader-0002@example.test')!;
    const byOwner = await api(t).post(`/api/admin/subscribers/${asked.id}/unsubscribe`);
    expect(byOwner.status).toBe(200);
    expect((await issue(t, id)).results).toMatchObject({ recipients: 4, unsubscribes: 1 });

    t.clock.advance(8 * 86_400_000);
    const mail = t.sink.messagesTo('reader-0003@example.test')[0]!;
    const url = new URL(/^<([^>]+)>/.exec(mail.rawHeaders['list-unsubscribe']!)![1]!);
    const late = await request(t.app)
      .post(url.pathname)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(late.status).toBe(200);
    expect(findByEmail(t.deps.db, 'reader-0003@example.test')!.status).toBe('unsubscribed');
    t.adminCookie = await signInWithMagicLink(t.app, t.deps, ADMIN_EMAIL);
    expect((await issue(t, id)).results!.unsubscribes).toBe(1);
  });

  it('sends the real addresses once the owner switches click counting off', async () => {
    const t = await newsletterApp();
    seedSubscribers(t.deps.db, readers(2));
    const off = await api(t).put('/api/admin/settings', { newsletterClickCounting: false });
    expect(off.status).toBe(200);
    const id = await sendNow(t);
    await t.sender.drain();
    const mail = t.sink.messages[0]!;
    expect(linksOf(mail.html)).toEqual([]);
    expect(mail.html).toContain('href="http://localhost:8787/start"');
    expect((await issue(t, id)).results).toMatchObject({ clicksCounted: false, links: [] });
  });

  it('leaves footnote anchors to the page they are on: neither counted nor sent through the redirect', async () => {
    const t = await newsletterApp();
    const folder = createContentFolder({
      'posts/with-notes.md': post('With notes', {
        body: 'A claim[^1], and [a source](https://example.org/paper#results).\n\n[^1]: Where it comes from.',
      }),
    });
    cleanupsOfDates.push(folder.cleanup);
    expect(syncContent(t.deps.db, folder.dir, t.clock, t.deps.logger).errors).toEqual([]);
    seedSubscribers(t.deps.db, readers(2));
    const id = await sendNow(t, 'with-notes');
    await t.sender.drain();
    const mail = t.sink.messages[0]!;
    expect(mail.html).toContain('href="http://localhost:5173/posts/with-notes#fn1"');
    expect(mail.html).toContain('href="http://localhost:5173/posts/with-notes#fnref1"');
    // The source and the mail's 'Read it on the site', each through the counter.
    expect(linksOf(mail.html)).toHaveLength(2);
    const { results } = await issue(t, id);
    expect(results!.links.map((row) => row.url)).toEqual([
      'https://example.org/paper#results',
      'http://localhost:5173/posts/with-notes',
    ]);
  });
});

describe('the owner console', () => {
  it('lets only administrators in', async () => {
    const t = await newsletterApp();
    const anonymous = await request(t.app).get('/api/admin/newsletter/issues');
    expect(anonymous.status).toBe(401);
    const member = await signInWithMagicLink(t.app, t.deps, 'member@example.test');
    const forbidden = await request(t.app)
      .get('/api/admin/newsletter/issues')
      .set('Cookie', member);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('FORBIDDEN');
  });

  it("previews the From the mail will carry: the newsletter's from_name before the relay's address", async () => {
    const t = await newsletterApp({ env: { MAIL_FROM: 'Mail robot <newsletter@example.test>' } });
    seedSubscribers(t.deps.db, [{ email: 'a@example.test' }]);
    const id = await createIssue(t);
    const preview = await api(t).get(`/api/admin/newsletter/issues/${id}/preview`);
    expect(preview.status).toBe(200);
    await api(t).post(`/api/admin/newsletter/issues/${id}/send`);
    await t.sender.drain();
    const [mail] = t.sink.messagesTo('a@example.test');
    expect(mail!.rawHeaders['from']).toBe(preview.body.from);
    expect(preview.body.from).not.toContain('Mail robot');
  });

  it('lists sources with their sections and audience, previews, sends a test to the owner, schedules and cancels', async () => {
    const t = await newsletterApp();
    seedSubscribers(t.deps.db, [
      { email: 'a@example.test' },
      { email: 'b@example.test', preferences: { build: false } },
    ]);
    const sources = await api(t).get('/api/admin/newsletter/sources');
    expect(sources.status).toBe(200);
    expect(sources.body.audience).toEqual({ build: 1, learn: 2, write: 2, journal: 2, poetry: 2 });
    expect(
      sources.body.sources.map((s: { slug: string; section: string }) => [s.slug, s.section]),
    ).toEqual([
      ['a-walk', 'journal'],
      ['cutting', 'write'],
      ['reading-slowly', 'learn'],
      ['tiny-tools', 'build'],
    ]);

    const id = await createIssue(t);
    const again = await api(t).post('/api/admin/newsletter/issues', { slug: 'tiny-tools' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('NEWSLETTER_ISSUE_EXISTS');
    const missing = await api(t).post('/api/admin/newsletter/issues', { slug: 'nope' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MESSAGES.NEWSLETTER_SOURCE_NOT_FOUND);

    const preview = await api(t).get(`/api/admin/newsletter/issues/${id}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      success: true,
      subject: 'Why I keep a folder of tiny tools',
    });
    expect(preview.body.html).toContain('What lives in there');
    expect(preview.body.html).toContain('Manage your subscription');
    expect(preview.body.text).toContain('Manage your subscription: http://localhost:5173/manage');

    const test = await api(t).post(`/api/admin/newsletter/issues/${id}/test`);
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ message: MESSAGES.NEWSLETTER_TEST_SENT, to: ADMIN_EMAIL });
    const testMail = await t.sink.waitForMessages(1);
    expect(testMail[0]!.to).toEqual([ADMIN_EMAIL]);
    expect(testMail[0]!.subject).toBe('[Test] Why I keep a folder of tiny tools');

    const past = await api(t).post(`/api/admin/newsletter/issues/${id}/send`, {
      scheduledAt: '2025-01-01T00:00:00Z',
    });
    expect(past.status).toBe(400);
    expect(past.body.code).toBe('NEWSLETTER_SCHEDULE_INVALID');
    const later = new Date(t.clock.now() + 3_600_000).toISOString();
    const scheduled = await api(t).post(`/api/admin/newsletter/issues/${id}/send`, {
      scheduledAt: later,
    });
    expect(scheduled.body.issue).toMatchObject({ status: 'scheduled', scheduledAt: later });

    await t.sender.drain();
    expect(t.sink.messages).toHaveLength(1);
    t.clock.advance(3_600_000);
    await t.sender.drain();
    // An owner's session idles out within the hour; sign in again.
    t.adminCookie = await signInWithMagicLink(t.app, t.deps, ADMIN_EMAIL);
    expect(t.sink.messages.slice(1).flatMap((m) => m.to)).toEqual(['a@example.test']);
    expect((await issue(t, id)).issue.status).toBe('sent');

    // Cancelling: a new draft for another post, scheduled, then cancelled before it starts.
    const other = await createIssue(t, 'cutting');
    await api(t).post(`/api/admin/newsletter/issues/${other}/send`, {
      scheduledAt: new Date(t.clock.now() + 3_600_000).toISOString(),
    });
    const cancelled = await api(t).post(`/api/admin/newsletter/issues/${other}/cancel`);
    expect(cancelled.body.issue.status).toBe('cancelled');
    t.clock.advance(24 * 3_600_000);
    await t.sender.drain();
    expect(t.sink.messages).toHaveLength(2);
    t.adminCookie = await signInWithMagicLink(t.app, t.deps, ADMIN_EMAIL);
    const list = await api(t).get('/api/admin/newsletter/issues');
    expect(list.body.issues.map((i: { id: number; status: string }) => [i.id, i.status])).toEqual([
      [other, 'cancelled'],
      [id, 'sent'],
    ]);
    // A cancelled issue that never started can be deleted; a sent one stays.
    expect(
      (
        await request(t.app)
          .delete(`/api/admin/newsletter/issues/${other}`)
          .set('Cookie', t.adminCookie)
      ).status,
    ).toBe(200);
    expect(
      (
        await request(t.app)
          .delete(`/api/admin/newsletter/issues/${id}`)
          .set('Cookie', t.adminCookie)
      ).status,
    ).toBe(409);
  });
});

describe("dates in the site's time zone", () => {
  it('dates an evening post in Chicago on its Chicago day in the feeds and the mail, not UTC’s', async () => {
    const t = await newsletterApp();
    const chicago = { ...TEST_SITE, language: 'en-US', timezone: 'America/Chicago' };
    keepSiteIdentity(t.deps.db, { identity: chicago, sourceHash: 'chicago' }, iso(t.clock.now()));
    // Scheduled for 8:26 PM on 27 November in Chicago: 02:26 on the 28th in UTC.
    const folder = createContentFolder({
      'posts/evening.md': post('Evening light', { date: '2026-11-28T02:26:00Z' }),
      'posts/bare-day.md': post('A bare day', { date: '2026-11-20' }),
    });
    cleanupsOfDates.push(folder.cleanup);
    t.clock.set(Date.parse('2026-11-28T02:30:00Z'));
    expect(syncContent(t.deps.db, folder.dir, t.clock, t.deps.logger).errors).toEqual([]);

    const rss = await request(t.app).get('/rss.xml');
    expect(rss.text).toContain('<pubDate>Fri, 27 Nov 2026 20:26:00 -0600</pubDate>');
    // A bare day begins at the site's midnight: a Chicago feed reader shows the 20th, not the 19th.
    expect(rss.text).toContain('<pubDate>Fri, 20 Nov 2026 00:00:00 -0600</pubDate>');
    const atom = await request(t.app).get('/atom.xml');
    expect(atom.text).toContain('<published>2026-11-27T20:26:00-06:00</published>');
    const json = await request(t.app).get('/feed.json');
    const items = JSON.parse(json.text).items as Array<{ title: string; date_published: string }>;
    const evening = items.find((item) => item.title === 'Evening light')!;
    expect(evening.date_published).toBe('2026-11-27T20:26:00-06:00');
    expect(Date.parse(evening.date_published)).toBe(Date.parse('2026-11-28T02:26:00Z'));

    seedSubscribers(t.deps.db, readers(2));
    // Eleven months on, the owner signs in again.
    t.adminCookie = await signInWithMagicLink(t.app, t.deps, ADMIN_EMAIL);
    await sendNow(t, 'evening');
    await t.sender.drain();
    const mail = t.sink.messagesTo('reader-0001@example.test')[0]!;
    expect(mail.text).toMatch(/^Evening light\n\nNovember 27, 2026\n/m);
    expect(mail.html).toContain('November 27, 2026');
    expect(mail.html).not.toContain('November 28');
  });
});
