/**
 * Mail that fits a phone (issue 26): each kind of mail the site sends, as the SMTP server got it,
 * opened in Chromium at 390 px, is no wider than the screen, a newsletter with a long code line
 * and a wide table included.
 */
import fs from 'node:fs';
import path from 'node:path';
import { TURNSTILE_DUMMY_TOKEN } from '@quillpost/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, waitForMail } from '../support/mail.js';
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
  it('fits 390 px: confirmation, welcome, sign-in link and a newsletter with wide content', async () => {
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

    for (const [kind, mail] of Object.entries({ confirmation, welcome, signIn, issue })) {
      expect(await widthOf(mail.html), kind).toBeLessThanOrEqual(390);
    }
    // The long line is there, wrapped, not cut.
    expect(issue.html).toContain('item-39');
  });
});
