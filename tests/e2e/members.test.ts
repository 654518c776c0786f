/**
 * The members area end to end, in Chromium against the production build and a real SMTP sink:
 * a member bookmarks a post and comments on it, a second member reports the comment, the admin
 * makes a third member a moderator, who hides the comment and finds it in the moderation log;
 * the admin imports subscribers and exports them as CSV.
 */
import fs from 'node:fs/promises';
import { MESSAGES } from '@quillpost/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, waitForMail } from '../support/mail.js';
import {
  openPage,
  startStack,
  uniqueEmail,
  type OpenedPage,
  type Stack,
  visit,
} from '../support/stack.js';

const OWNER = uniqueEmail('owner');
let stack: Stack;
const opened: OpenedPage[] = [];

beforeAll(async () => {
  stack = await startStack({ env: { ADMIN_EMAILS: OWNER } });
});

afterAll(async () => {
  for (const page of opened) await page.close().catch(() => undefined);
  await stack?.stop();
});

/**
 * Visits a members page signed out: the area opens the sign-in dialog itself; the magic link
 * from the sink and its confirm page bring the browser back to that page, signed in.
 */
async function signInThroughMembersArea(page: Page, email: string, path: string) {
  const earlier = stack.sink.messagesTo(email).filter((mail) => /sign-in link/.test(mail.subject));
  await visit(page, stack.site.url + path);
  await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByRole('button', { name: 'Send Link' }).click();
  const mail = await waitForMail(stack.sink, email, /sign-in link/, { skip: earlier.length });
  await page.goto(linkIn(mail, '/api/auth/magic-link/verify'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === path);
  await page.getByRole('navigation', { name: 'Members area' }).waitFor();
}

/** Names the signed-in member through their profile page. */
async function setName(page: Page, name: string) {
  await visit(page, stack.site.url + '/members/profile');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await page.getByText(MESSAGES.PROFILE_UPDATED).waitFor();
}

async function member(email: string, name: string, path = '/members/dashboard') {
  const session = await openPage(stack.browser);
  opened.push(session);
  await signInThroughMembersArea(session.page, email, path);
  await setName(session.page, name);
  return session;
}

async function firstPost(
  context: BrowserContext,
): Promise<{ id: string; slug: string; title: string }> {
  const response = await context.request.get(stack.site.url + '/api/posts');
  const posts = (await response.json()) as Array<{ id: string; slug: string; title: string }>;
  const post = posts[0];
  if (!post) throw new Error('The sample content has no posts');
  return post;
}

describe('the members area', () => {
  it('bookmark, comment, report, make a moderator, hide, log; then CSV import and export', async () => {
    const ada = await member(uniqueEmail('ada'), 'Ada Member');
    const bob = await member(uniqueEmail('bob'), 'Bob Member');
    const carolEmail = uniqueEmail('carol');
    const carol = await member(carolEmail, 'Carol Moderator');
    const owner = await member(OWNER, 'Rowan Owner');
    const post = await firstPost(ada.context);

    // Ada bookmarks the post from its page, and finds it among her bookmarks.
    await visit(ada.page, `${stack.site.url}/posts/${post.slug}`);
    const bookmark = ada.page.getByRole('button', { name: `Bookmark “${post.title}”` });
    // The button starts disabled until it knows whether the post is already bookmarked.
    await expect.poll(() => bookmark.isEnabled()).toBe(true);
    await bookmark.click();
    await ada.page.getByRole('button', { name: `Bookmarked “${post.title}”` }).waitFor();
    await visit(ada.page, stack.site.url + '/members/bookmarks');
    await ada.page.getByRole('main').getByRole('link', { name: post.title }).waitFor();

    // Ada comments on the post through its discussion.
    await visit(ada.page, `${stack.site.url}/posts/${post.slug}`);
    await ada.page.getByRole('link', { name: `Discuss “${post.title}”` }).click();
    await ada.page.waitForURL((url) => url.pathname === `/members/discussions/posts/${post.id}`);
    const comment = 'Borrowed two of these tools already. https://example.com/notes';
    await ada.page.getByLabel('Add a comment').fill(comment);
    await ada.page.getByRole('button', { name: 'Comment', exact: true }).click();
    const adasComment = ada.page.locator('article.comment', { hasText: 'Borrowed two' });
    await adasComment.waitFor();
    await expect(
      adasComment.getByRole('link', { name: 'https://example.com/notes' }).getAttribute('rel'),
    ).resolves.toBe('nofollow ugc noopener noreferrer');

    // Bob reports it.
    await visit(bob.page, `${stack.site.url}/members/discussions/posts/${post.id}`);
    const seenByBob = bob.page.locator('article.comment', { hasText: 'Borrowed two' });
    await seenByBob.getByRole('button', { name: 'Report' }).click();
    await seenByBob.getByLabel(/What is wrong/).fill('Feels like spam');
    await seenByBob.getByRole('button', { name: 'Send Report' }).click();
    await seenByBob.getByText(MESSAGES.COMMENT_REPORTED).waitFor();

    // Carol cannot moderate yet; the admin assigns her the moderator role in the console.
    const denied = await carol.context.request.get(stack.site.url + '/api/moderation/queue');
    expect(denied.status()).toBe(403);
    await visit(owner.page, stack.site.url + '/members/admin/users');
    await owner.page.getByLabel('Search by name or email').fill('Carol');
    const carolRow = owner.page.locator('li.admin-user', { hasText: carolEmail });
    // The unfiltered list may show her row before the search's answer replaces it.
    await carolRow.waitFor();
    await expect.poll(() => owner.page.locator('li.admin-user').count()).toBe(1);
    await carolRow.getByLabel('Role').selectOption('moderator');
    await carolRow.getByText('Carol Moderator is now Moderator.').waitFor();

    // Her session was granted to a member, so it is over; signing in again, her Account page
    // says why, and she is a moderator with the queue.
    const ended = await carol.context.request.get(stack.site.url + '/api/auth/me');
    expect(ended.status()).toBe(401);
    await signInThroughMembersArea(carol.page, carolEmail, '/members/account');
    await carol.page
      .getByText(
        /^Your role changed from Member to Moderator on .+, so you were signed out on every device\. You are now signed in as Moderator\.$/,
      )
      .waitFor();
    await carol.page
      .getByRole('navigation', { name: 'Members area' })
      .getByRole('link', { name: 'Moderation' })
      .click();
    const item = carol.page.locator('li.queue-item', { hasText: 'Borrowed two' });
    await item.waitFor();
    await item.getByText('“Feels like spam”').waitFor();
    await item.getByLabel(/Reason/).fill('Link dropping');
    await item.getByRole('button', { name: 'Hide Comment' }).click();
    await carol.page.getByText(/Nothing is waiting/).waitFor();

    // Gone for Bob (a hidden comment without replies leaves no placeholder); Ada still sees
    // her own words, marked hidden.
    await bob.page.reload();
    await bob.page.getByText('No comments yet. Start the conversation.').waitFor();
    await expect(bob.page.getByText('Borrowed two').count()).resolves.toBe(0);
    await ada.page.reload();
    await adasComment.getByText('Hidden', { exact: true }).waitFor();

    // The log says who did what to whom, when and why.
    await carol.page.getByRole('link', { name: 'Log' }).click();
    await carol.page.waitForURL((url) => url.pathname === '/members/moderation/log');
    const entry = carol.page.locator('li.log-entry', {
      hasText: `Hid a comment in “${post.title}”`,
    });
    await entry.waitFor();
    await entry.getByText('Carol Moderator').waitFor();
    await entry.getByText('Ada Member').waitFor();
    await entry.getByText('Reason: Link dropping').waitFor();

    // The admin imports subscribers (one consented, one to confirm) and exports them as CSV.
    await visit(owner.page, stack.site.url + '/members/admin/subscribers');
    const consented = uniqueEmail('consented');
    const unconfirmed = uniqueEmail('unconfirmed');
    await owner.page.getByText('Import from CSV').click();
    await owner.page.getByLabel('Choose a CSV file').setInputFiles({
      name: 'list.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `email,name,consent,source\n${consented},=HYPERLINK("x"),yes,fair\n${unconfirmed},Una,,\n`,
      ),
    });
    await owner.page.getByText(/1 added as active, 1 asked to confirm/).waitFor();
    await waitForMail(stack.sink, unconfirmed, /confirm/i);

    await owner.page.getByRole('button', { name: /^Active/ }).click();
    const exportLink = owner.page.getByRole('link', { name: 'Export active as CSV' });
    const [download] = await Promise.all([owner.page.waitForEvent('download'), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^subscribers-active-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await fs.readFile(await download.path(), 'utf8');
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toBe(
      'email,name,status,verified,subscribed_at,verified_at,unsubscribed_at,bounced_at',
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${consented.replace(/[.]/g, '\\.')},"'=HYPERLINK\\(""x""\\)",active,true,`),
      ),
    );
    expect(csv).not.toContain(unconfirmed);

    for (const session of [ada, bob, carol, owner]) expect(session.pageErrors).toEqual([]);
  });
});
