import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '../../mail/outbox.js';
import { as, insertPost, signInAs, type TestApp } from '../../test-support/community.js';
import { iso } from '../../clock.js';
import { TEST_SITE, testAppPerTest } from '../../test-support/test-app.js';
import { banUser } from '../auth/service.js';
import { communityActivity } from '../discussions/index.js';
import { keepSiteIdentity } from '../site/index.js';
import { sendOwnerDigest } from './digest.js';
import { REPLY_NOTICE_INTERVAL_MS } from './replies.js';

const { testApp } = testAppPerTest();
const OWNER = 'owner@example.com';

const mailsOf = (t: TestApp, kind: string) => listOutbox(t.deps, { kind });

async function conversation(t: TestApp) {
  const ada = await signInAs(t, 'member', { name: 'Ada' });
  const bob = await signInAs(t, 'member', { name: 'Bob' });
  const post = insertPost(t, { title: 'Small tools', slug: 'small-tools' });
  const first = await as(t, ada).post(`/api/discussions/posts/${post}/comments`, {
    body: 'Small tools last longest.',
  });
  expect(first.status).toBe(201);
  const reply = (user = bob, body = 'Agreed, mostly.') =>
    as(t, user).post(`/api/discussions/posts/${post}/comments`, {
      body,
      parentId: first.body.comment.id,
    });
  return { ada, bob, post, reply };
}

describe('reply emails', () => {
  it('mails the comment’s author once per thread an hour, with a one-click way out', async () => {
    const t = testApp();
    const { ada, post, reply } = await conversation(t);
    expect((await reply()).status).toBe(201);

    const [notice, ...others] = mailsOf(t, 'reply-notice');
    expect(others).toEqual([]);
    expect(notice?.recipient).toBe(ada.email);
    expect(notice?.subject).toBe('Bob replied to your comment on Rowan Ellis');
    expect(notice?.body?.text).toContain('On “Small tools”:');
    expect(notice?.body?.text).toContain('Agreed, mostly.');
    expect(notice?.body?.text).toContain(`/members/discussions/posts/${post}`);
    const offUrl = /<(http[^>]+)>/.exec(notice?.body?.headers['List-Unsubscribe'] ?? '')?.[1];
    expect(offUrl).toMatch(/\/api\/notifications\/replies\/off\//);
    expect(notice?.body?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // More replies within the hour: the page has them, the inbox does not.
    t.clock.advance(30 * 60_000);
    await reply(undefined, 'And another thing.');
    expect(mailsOf(t, 'reply-notice')).toHaveLength(1);
    t.clock.advance(REPLY_NOTICE_INTERVAL_MS);
    await reply(undefined, 'One more, an hour on.');
    expect(mailsOf(t, 'reply-notice')).toHaveLength(2);

    // Replying in one's own thread mails nobody.
    t.clock.advance(REPLY_NOTICE_INTERVAL_MS);
    await reply(ada, 'Thanks, Bob.');
    expect(mailsOf(t, 'reply-notice')).toHaveLength(2);

    // The one-click link, as a mail client posts it: no cookie, the RFC 8058 body.
    const path = new URL(offUrl!).pathname;
    const page = await request(t.app).get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('No more reply emails?');
    const off = await request(t.app)
      .post(path)
      .type('form')
      .send({ 'List-Unsubscribe': 'One-Click' });
    expect(off.status).toBe(200);
    expect(off.text).toContain('Reply emails are off');
    expect((await as(t, ada).get('/api/members/notifications')).body.notifications).toEqual({
      replies: false,
    });
    t.clock.advance(REPLY_NOTICE_INTERVAL_MS);
    await reply(undefined, 'Still here.');
    expect(mailsOf(t, 'reply-notice')).toHaveLength(2);

    const forged = await request(t.app)
      .post(path.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')))
      .type('form')
      .send({ 'List-Unsubscribe': 'One-Click' });
    expect(forged.status).toBe(404);
  });

  it('revokes every reply-email link sent so far when the account is erased', async () => {
    const t = testApp();
    const { ada, reply } = await conversation(t);
    await reply();
    const [notice] = mailsOf(t, 'reply-notice');
    const offUrl = /<(http[^>]+)>/.exec(notice?.body?.headers['List-Unsubscribe'] ?? '')?.[1];
    const path = new URL(offUrl!).pathname;
    expect((await request(t.app).get(path)).status).toBe(200);

    const erased = await as(t, ada).delete('/api/members/account', { confirmDelete: true });
    expect(erased.status).toBe(200);
    const page = await request(t.app).get(path);
    expect(page.status).toBe(404);
    expect(page.text).toContain('This link does not work');
  });

  it('mails the author of the comment answered, in a back-and-forth too; never a banned member', async () => {
    const t = testApp();
    const { ada, bob, post, reply } = await conversation(t);
    const bobs = await reply(); // Bob answers Ada: Ada hears of it.
    const answer = await as(t, ada).post(`/api/discussions/posts/${post}/comments`, {
      body: 'Mostly?',
      parentId: bobs.body.comment.id,
    });
    expect(answer.status).toBe(201); // Ada answers Bob's reply: Bob hears of it, not Ada.
    expect(mailsOf(t, 'reply-notice').map((mail) => [mail.recipient, mail.subject])).toEqual([
      [ada.email, 'Bob replied to your comment on Rowan Ellis'],
      [bob.email, 'Ada replied to your comment on Rowan Ellis'],
    ]);

    t.clock.advance(REPLY_NOTICE_INTERVAL_MS);
    banUser(t.deps, ada.id, { until: new Date(t.clock.now() + 86_400_000), reason: 'test' });
    await reply(bob, 'Still mostly.');
    expect(mailsOf(t, 'reply-notice')).toHaveLength(2);
  });

  it('is switched on the Account page', async () => {
    const t = testApp();
    const { ada, reply } = await conversation(t);
    expect((await as(t, ada).get('/api/members/notifications')).body.notifications).toEqual({
      replies: true,
    });
    const saved = await as(t, ada).put('/api/members/notifications', { replies: false });
    expect(saved.status).toBe(200);
    expect(saved.body.notifications).toEqual({ replies: false });
    await reply();
    expect(mailsOf(t, 'reply-notice')).toEqual([]);
    const refused = await as(t, ada).put('/api/members/notifications', { replies: 'yes' });
    expect(refused.status).toBe(400);
    expect((await as(t, null).get('/api/members/notifications')).status).toBe(401);
    // Any role: a member demoted to subscriber still gets (and can stop) replies to old comments.
    const subscriber = await signInAs(t, 'subscriber');
    expect((await as(t, subscriber).get('/api/members/notifications')).status).toBe(200);
  });
});

describe("the owner's daily digest", () => {
  it('lists a day’s new comments and reports, skips quiet days, and can be turned off', async () => {
    const t = testApp({ env: { ADMIN_EMAILS: OWNER } });
    t.clock.set(Date.parse('2026-01-01T15:00:00Z')); // the site's zone is UTC
    expect(sendOwnerDigest({ ...t.deps, communityActivity })).toBeNull(); // the first day starts now
    const { bob, reply } = await conversation(t);
    const answer = await reply(bob, 'You are wrong about tools.');
    await as(t, await signInAs(t, 'member', { name: 'Cy' })).post(
      `/api/discussions/comments/${answer.body.comment.id}/reports`,
      { reason: 'Rude' },
    );
    t.clock.set(Date.parse('2026-01-01T23:59:00Z'));
    expect(sendOwnerDigest({ ...t.deps, communityActivity })).toBeNull(); // the day has not ended
    t.clock.set(Date.parse('2026-01-02T00:10:00Z'));
    expect(sendOwnerDigest({ ...t.deps, communityActivity })).toEqual({ comments: 2, reports: 1 });
    const [digest] = mailsOf(t, 'owner-digest');
    expect(digest?.recipient).toBe(OWNER);
    expect(digest?.subject).toBe('Rowan Ellis: 2 new comments and 1 new report yesterday.');
    expect(digest?.body?.text).toContain('Reported (Rude): Bob wrote “You are wrong about tools.”');
    expect(digest?.body?.text).toContain('Ada on “Small tools”: Small tools last longest.');
    expect(digest?.body?.text).toContain('/members/moderation/queue');

    t.clock.set(Date.parse('2026-01-03T00:10:00Z'));
    expect(sendOwnerDigest({ ...t.deps, communityActivity })).toBeNull(); // a quiet day: no mail
    expect(mailsOf(t, 'owner-digest')).toHaveLength(1);

    const admin = await signInAs(t, 'admin', { email: OWNER });
    expect((await as(t, admin).put('/api/admin/settings', { ownerDigest: false })).status).toBe(
      200,
    );
    await reply(bob, 'Sorry, I was rude.');
    t.clock.set(Date.parse('2026-01-04T00:10:00Z'));
    expect(sendOwnerDigest({ ...t.deps, communityActivity })).toBeNull();
    expect(mailsOf(t, 'owner-digest')).toHaveLength(1);
  });

  it("keeps to the owner's calendar: days end at midnight in the site's time zone", async () => {
    const t = testApp({ env: { ADMIN_EMAILS: OWNER } });
    keepSiteIdentity(
      t.deps.db,
      { identity: { ...TEST_SITE, timezone: 'America/Chicago' }, sourceHash: 'chicago' },
      iso(t.clock.now()),
    );
    t.clock.set(Date.parse('2026-01-05T12:00:00Z')); // 06:00 in Chicago
    expect(sendOwnerDigest({ ...t.deps, communityActivity })).toBeNull();
    const { bob, reply } = await conversation(t);
    await reply(bob, 'A thought at lunch.');
    // UTC's midnight is 18:00 in Chicago: the owner's day goes on.
    t.clock.set(Date.parse('2026-01-06T00:30:00Z'));
    expect(sendOwnerDigest({ ...t.deps, communityActivity })).toBeNull();
    // Chicago's midnight is 06:00 UTC in January.
    t.clock.set(Date.parse('2026-01-06T05:50:00Z'));
    expect(sendOwnerDigest({ ...t.deps, communityActivity })).toBeNull();
    t.clock.set(Date.parse('2026-01-06T06:05:00Z'));
    expect(sendOwnerDigest({ ...t.deps, communityActivity })).toEqual({ comments: 2, reports: 0 });
    // Three days away: one digest covers them, the next midnight after.
    await reply(bob, 'Still here.');
    t.clock.set(Date.parse('2026-01-09T07:00:00Z'));
    expect(sendOwnerDigest({ ...t.deps, communityActivity })).toEqual({ comments: 1, reports: 0 });
    expect(mailsOf(t, 'owner-digest').at(-1)?.subject).toBe(
      'Rowan Ellis: 1 new comment and 0 new reports in the last 3 days.',
    );
  });
});
