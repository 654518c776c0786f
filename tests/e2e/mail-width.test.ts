/**
 * Mail that fits a phone (issue 26): each kind of mail the site sends, as the SMTP server got it,
 * opened in Chromium at 390 px, is no wider than the screen: a newsletter with a long code line
 * and a wide table, and a reply notice and the owner's digest quoting a long link.
 */
import fs from 'node:fs';
import path from 'node:path';
import { TURNSTILE_DUMMY_TOKEN } from '@quillpost/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, waitForMail } from '../support/mail.js';
import { openSiteDatabase } from '../support/site.js';
import { openPage, signInByCode, startStack, uniqueEmail, type Stack } from '../support/stack.js';

let stack: Stack;
const owner = uniqueEmail('owner');
const SLUG = 'a-very-wide-post';

beforeAll(async () => {
  stack = await startStack({ env: { ADMIN_EMAILS: owner, NEWSLETTER_RATE_PER_SECOND: '0' } });
  const longLine = `const everything = [${Array.from({ length: 40 }, (_, i) => `'item-${i}'`).join(', ')}];`;
  fs.writeFileSync(
    path.join(stack.site.dataDir, 'content', 'posts', `2026-11-01-${SLUG}.md`),
    `---\ntitle: A very wide post\ndate: 2026-11-01\ncategory: build\n---\n\nSome code:\n\n\`\`\`js\n${longLine}\n\`\`\`\n\n| Year | Books | Pages | Favourite | Longest | Shortest | Notes |\n|---|---|---|---|---|---|---|\n| 2025 | 24 | 7,880 | The Dispossessed | Middlemarch | Piranesi | https://example.com/a/very/long/link/that/goes/on/and/on |\n\nAnd a link: https://example.com/${'x'.repeat(120)}\n`,
  );
  // The content folder is watched: the post is live a moment later.
  for (let tries = 0; (await fetch(`${stack.site.url}/api/posts/${SLUG}`)).status !== 200;) {
    if ((tries += 1) > 100) throw new Error('the post did not go live');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

afterAll(async () => {
  await stack?.stop();
});

/** How wide a mail's HTML lays out in a 390 px window. */
async function widthOf(html: string): Promise<number> {
  const { page, close } = await openPage(stack.browser, { viewport: { width: 390, height: 844 } });
  try {
    await page.setContent(html);
    return await page.evaluate(() => document.documentElement.scrollWidth);
  } finally {
    await close();
  }
}

describe('mail on a phone', () => {
  it('fits 390 px: confirmation, welcome, sign-in link, a newsletter with wide content and an unsubscribe link', async () => {
    const reader = uniqueEmail('reader');
    await fetch(`${stack.site.url}/api/auth/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: reader, turnstileToken: TURNSTILE_DUMMY_TOKEN }),
    });
    const confirmation = await waitForMail(stack.sink, reader, /Confirm your subscription/);
    const token = new URL(linkIn(confirmation, 'verify=')).searchParams.get('verify')!;
    await fetch(`${stack.site.url}/verify?token=${encodeURIComponent(token)}`, {
      headers: { Accept: 'application/json' },
    });
    const welcome = await waitForMail(stack.sink, reader, /^Welcome/);

    const { context, close } = await openPage(stack.browser);
    await signInByCode(context, stack, owner);
    const signIn = await waitForMail(stack.sink, owner, /sign-in link/);
    const headers = { origin: stack.site.url };
    const created = await context.request.post(`${stack.site.url}/api/admin/newsletter/issues`, {
      headers,
      data: { kind: 'post', slug: SLUG },
    });
    const id = ((await created.json()) as { issue: { id: number } }).issue.id;
    await context.request.post(`${stack.site.url}/api/admin/newsletter/issues/${id}/send`, {
      headers,
      data: {},
    });
    await close();
    const issue = await waitForMail(stack.sink, reader, /^A very wide post$/);
    // Someone without the reader's links asks to unsubscribe them: the reader gets a link to
    // confirm it.
    await fetch(`${stack.site.url}/api/auth/unsubscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: reader }),
    });
    const unsubscribe = await waitForMail(stack.sink, reader, /unsubscrib/i);

    for (const [kind, mail] of Object.entries({
      confirmation,
      welcome,
      signIn,
      issue,
      unsubscribe,
    })) {
      expect(await widthOf(mail.html), kind).toBeLessThanOrEqual(390);
    }
    // The long line is there, wrapped, not cut.
    expect(issue.html).toContain('item-39');
  });

  it('fits 390 px: a reply notice and the owner’s digest, with a long link in a comment', async () => {
    const posts = (await (await fetch(`${stack.site.url}/api/posts`)).json()) as Array<{
      id: string;
      slug: string;
    }>;
    const post = posts.find((candidate) => candidate.slug === SLUG)!;
    const say = async (email: string, body: string, parentId?: number) => {
      const { context, close } = await openPage(stack.browser);
      await signInByCode(context, stack, email);
      const res = await context.request.post(
        `${stack.site.url}/api/discussions/posts/${post.id}/comments`,
        { headers: { origin: stack.site.url }, data: { body, parentId } },
      );
      const { comment } = (await res.json()) as { comment: { id: number } };
      await close();
      return comment.id;
    };
    const ada = uniqueEmail('ada');
    const longLink = `https://example.com/${'x'.repeat(160)}`;
    const first = await say(ada, `Where did the table come from? ${longLink}`);
    const reply = await say(uniqueEmail('bo'), `From here: ${longLink}`, first);
    const notice = await waitForMail(stack.sink, ada, /replied/);

    // The digest covers the owner's days that have ended: while the site is down, move the two
    // comments into yesterday and the last digest to the day before, and the digest of yesterday
    // goes out as the site starts again.
    await stack.site.restart(() => {
      const db = openSiteDatabase(stack.site);
      db.prepare(
        "UPDATE comments SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '-1 day') WHERE id IN (?, ?)",
      ).run(first, reply);
      db.prepare('UPDATE owner_digest SET covered_until = ?').run(
        new Date(Date.now() - 2 * 24 * 60 * 60_000).toISOString(),
      );
      db.close();
    });
    const digest = await waitForMail(stack.sink, owner, /new comment/);

    for (const [kind, mail] of Object.entries({ notice, digest })) {
      expect(await widthOf(mail.html), kind).toBeLessThanOrEqual(390);
    }
    expect(digest.text).toContain('From here:');
  });
});
