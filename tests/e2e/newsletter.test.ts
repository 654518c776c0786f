import { TURNSTILE_DUMMY_TOKEN, type Post } from '@quillpost/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, waitForMail } from '../support/mail.js';
import {
  openPage,
  signInByCode,
  startStack,
  uniqueEmail,
  type Stack,
  visit,
} from '../support/stack.js';

let stack: Stack;
const owner = uniqueEmail('owner');

beforeAll(async () => {
  stack = await startStack({ env: { ADMIN_EMAILS: owner, NEWSLETTER_RATE_PER_SECOND: '0' } });
});

afterAll(async () => {
  await stack?.stop();
});

/** Subscribes through the API and opens the confirmation link, as a reader would. */
async function confirmedReader(label: string): Promise<string> {
  const email = uniqueEmail(label);
  const res = await fetch(`${stack.site.url}/api/auth/subscribe`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, turnstileToken: TURNSTILE_DUMMY_TOKEN }),
  });
  expect(res.status).toBe(200);
  const confirmation = await waitForMail(stack.sink, email, /Confirm your subscription/);
  const token = new URL(linkIn(confirmation, 'verify=')).searchParams.get('verify')!;
  const verified = await fetch(`${stack.site.url}/verify?token=${encodeURIComponent(token)}`, {
    headers: { Accept: 'application/json' },
  });
  expect(verified.status).toBe(200);
  return email;
}

describe('sending the newsletter from the console', () => {
  it('makes an issue of a post, previews it, tests it, sends it to every reader once, and the post says so', async () => {
    const readers = [await confirmedReader('ada'), await confirmedReader('bob')];
    const posts = (await (await fetch(`${stack.site.url}/api/posts`)).json()) as Post[];
    const post = posts.find((candidate) => candidate.category === 'build')!;

    const { context, page, pageErrors, close } = await openPage(stack.browser, {
      viewport: { width: 1280, height: 900 },
    });
    await signInByCode(context, stack, owner);
    await visit(page, `${stack.site.url}/members/admin/newsletter`);

    // The console's Newsletter tab: pick the post, make a draft.
    await page.getByRole('heading', { name: 'New issue' }).waitFor();
    await page.getByLabel('Post').selectOption(`post:${post.slug}`);
    await page.getByText(/Goes to the Build section: \d+ subscribers? right now/).waitFor();
    await page.getByRole('button', { name: 'Create a Draft' }).click();
    await page.waitForURL((url) => url.searchParams.has('issue'));
    await page.getByRole('heading', { name: post.title, level: 2 }).waitFor();

    // The preview is the mail itself, in a sandboxed frame.
    const frame = page.frameLocator('iframe[title="The email as a mail client shows it"]');
    await frame.getByRole('heading', { name: post.title }).waitFor();
    await frame.getByRole('link', { name: 'Manage your subscription' }).waitFor();

    // A test to the owner, then the real thing (after one more question).
    await page.getByRole('button', { name: 'Send a Test to Me' }).click();
    await page.getByText(`Test email sent. It went to ${owner}.`).waitFor();
    const test = await waitForMail(stack.sink, owner, /^\[Test\] /);
    expect(test.subject).toBe(`[Test] ${post.title}`);

    await page.getByRole('button', { name: /^Send to \d+ Subscribers?…$/ }).click();
    await page.getByRole('button', { name: 'Yes, Send It' }).click();
    // Live progress, until the send is done and the final report shows.
    await page.getByRole('heading', { name: 'Report', exact: true }).waitFor({ timeout: 20_000 });
    await page.getByText('Sent', { exact: true }).first().waitFor();
    await page.getByText(/^\d+ mails? sent of \d+$/).waitFor();

    for (const reader of readers) {
      const mail = await waitForMail(stack.sink, reader, new RegExp(`^${post.title}$`));
      expect(mail.rawHeaders['list-unsubscribe']).toMatch(
        /^<http:\/\/127\.0\.0\.1:\d+\/api\/newsletter\/unsubscribe\/[^>]+>, <mailto:newsletter@example\.test\?subject=unsubscribe>$/,
      );
      expect(mail.rawHeaders['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.rawHeaders.from).toBe('Rowan Ellis <newsletter@example.test>');
      expect(mail.text).toContain('Manage your subscription:');
      expect(stack.sink.messagesTo(reader).filter((m) => m.subject === post.title)).toHaveLength(1);
    }

    // The post page says it went out as a newsletter.
    await visit(page, `${stack.site.url}/posts/${post.slug}`);
    await page.getByText(/^Sent as a newsletter on /).waitFor();

    // One-click unsubscribe from the mail's header: no cookie, 200, no redirect, at once.
    const ada = stack.sink.messagesTo(readers[0]!).find((mail) => mail.subject === post.title)!;
    const url = /^<([^>]+)>/.exec(ada.rawHeaders['list-unsubscribe']!)![1]!;
    const unsubscribed = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
      redirect: 'manual',
    });
    expect(unsubscribed.status).toBe(200);
    // The mail's manage link is what entitles its reader to the subscription's status.
    const manage = new URL(linkIn(ada, '/manage?')).searchParams.get('manage')!;
    const stats = (await (
      await fetch(`${stack.site.url}/api/auth/stats?email=${encodeURIComponent(readers[0]!)}`, {
        headers: { 'X-Manage-Token': manage },
      })
    ).json()) as { data: { subscription: { status: string } } };
    expect(stats.data.subscription.status).toBe('unsubscribed');

    // Bob follows the mail's "Read it on the site" button: a counted redirect to the post.
    const bob = stack.sink.messagesTo(readers[1]!).find((mail) => mail.subject === post.title)!;
    const button = /href="([^"]+)"[^>]*>Read it on the site</.exec(bob.html)![1]!;
    expect(button).toMatch(/\/r\/\d+\/\d+\/[\w-]{16}$/);
    const followed = await fetch(button.replace(/&amp;/g, '&'), {
      redirect: 'manual',
      headers: {
        'User-Agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15',
      },
    });
    expect(followed.status).toBe(302);
    // Tagged as the newsletter's, the same for every reader, so the visit is credited to it.
    expect(followed.headers.get('location')).toBe(
      `${stack.site.url}/posts/${post.slug}?utm_source=newsletter&utm_medium=email`,
    );

    // The results: one unsubscribe and that click, and why opens are not counted.
    await page.goBack();
    await page.reload();
    const results = page.getByRole('region', { name: 'Results' });
    await expect
      .poll(() => results.getByText('Unsubscribes', { exact: true }).locator('+ dd').textContent())
      .toBe('1');
    await expect
      .poll(() => results.getByRole('row', { name: new RegExp(`posts/${post.slug} 1$`) }).count())
      .toBe(1);
    await results.getByText(/Opens are not counted/).waitFor();

    expect(pageErrors).toEqual([]);
    await close();
  });
});
