/**
 * The conversation under a post (issue 26), in Chromium on the production build: a visitor reads
 * it in the page's HTML, a member joins from the page, the owner hides a comment where it is read,
 * and a visitor who signs in to join comes back to the post.
 */
import { MESSAGES } from '@quillpost/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKING_IMPACTS, scanPage } from '../support/axe.js';
import { linkIn, waitForMail } from '../support/mail.js';
import {
  openPage,
  signInByCode,
  startStack,
  uniqueEmail,
  visit,
  type Stack,
} from '../support/stack.js';

let stack: Stack;
const owner = uniqueEmail('owner');
const POST = '/posts/why-i-write-in-public';

beforeAll(async () => {
  stack = await startStack({ env: { ADMIN_EMAILS: owner } });
});

afterAll(async () => {
  await stack?.stop();
});

/** The post's HTML as a crawler or a reader without JavaScript gets it. */
const html = async () => (await fetch(stack.site.url + POST)).text();

describe('the conversation under a post', () => {
  it('is read by visitors in the HTML, joined by a member from the page, and moderated in place', async () => {
    expect(await html()).toContain('Sign In to Join the Conversation');

    // A member writes under the post.
    const member = await openPage(stack.browser, { viewport: { width: 390, height: 844 } });
    await signInByCode(member.context, stack, uniqueEmail('ada'));
    await visit(member.page, stack.site.url + POST);
    const section = member.page.getByRole('region', { name: /Conversation|comment/ });
    // The conversation comes alive as the reader reaches it (decision 0035).
    await section.scrollIntoViewIfNeeded();
    await section.getByLabel('Add to the conversation').fill('Writing in public made me braver.');
    await section.getByRole('button', { name: 'Post Comment' }).click();
    await section.getByText('Writing in public made me braver.').waitFor();
    await member.page.getByRole('heading', { name: '1 comment' }).waitFor();
    expect(member.pageErrors).toEqual([]);
    await member.close();

    // Every visitor's next load has it, in the server's HTML.
    expect(await html()).toContain('Writing in public made me braver.');
    const visitor = await openPage(stack.browser, { viewport: { width: 1280, height: 900 } });
    await visit(visitor.page, stack.site.url + POST);
    await visitor.page.getByRole('heading', { name: '1 comment' }).waitFor();
    for (const colorScheme of ['light', 'dark'] as const) {
      await visitor.page.emulateMedia({ colorScheme });
      const violations = (await scanPage(visitor.page)).filter((v) =>
        BLOCKING_IMPACTS.includes(v.impact!),
      );
      expect(violations, colorScheme).toEqual([]);
    }

    // The owner hides it where it is read; visitors no longer get it.
    const staff = await openPage(stack.browser, { viewport: { width: 1280, height: 900 } });
    await signInByCode(staff.context, stack, owner);
    await visit(staff.page, stack.site.url + POST);
    const comment = staff.page.getByRole('article').filter({ hasText: 'braver' });
    await comment.scrollIntoViewIfNeeded();
    await comment.getByRole('button', { name: 'Hide' }).click();
    await comment.getByLabel(/Why hide it/).fill('Testing the moderation');
    await comment.getByRole('button', { name: 'Hide Comment' }).click();
    await comment.getByText('Hidden', { exact: true }).waitFor();
    expect(staff.pageErrors).toEqual([]);
    await staff.close();

    await expect.poll(html).not.toContain('Writing in public made me braver.');
    await visitor.page.reload();
    await visitor.page.getByRole('heading', { name: 'Conversation' }).waitFor();
    expect(visitor.pageErrors).toEqual([]);
    await visitor.close();
  });

  it('is under journal entries and poems too, counted where they are listed', async () => {
    const entry = '/journal/first-warm-saturday';
    const member = await openPage(stack.browser, { viewport: { width: 390, height: 844 } });
    await signInByCode(member.context, stack, uniqueEmail('grace'));
    await visit(member.page, stack.site.url + entry);
    const section = member.page.getByRole('region', { name: /Conversation|comment/ });
    // The conversation comes alive as the reader reaches it (decision 0035).
    await section.scrollIntoViewIfNeeded();
    await section.getByLabel('Add to the conversation').fill('The first warm day is the best one.');
    await section.getByRole('button', { name: 'Post Comment' }).click();
    await member.page.getByRole('heading', { name: '1 comment' }).waitFor();

    // The members area says what the thread is under and links to it.
    await visit(member.page, stack.site.url + '/members/discussions');
    await member.page.getByText(/On the journal entry/).waitFor();
    expect(member.pageErrors).toEqual([]);
    await member.close();

    const page = await (await fetch(stack.site.url + entry)).text();
    expect(page).toContain('The first warm day is the best one.');
    expect(page).toContain('1 comment');
    // The journal says so beside the entry, linking to the conversation.
    const journal = await (await fetch(stack.site.url + '/journal')).text();
    expect(journal).toContain(`href="${entry}#conversation"`);
    const poem = await (await fetch(stack.site.url + '/poetry/small-tools')).text();
    expect(poem).toContain('Sign In to Join the Conversation');
    // Each item's conversation is its own.
    expect(await html()).not.toContain('The first warm day is the best one.');
  });

  it('brings a visitor who signs in to join back to the post', async () => {
    const { page, pageErrors, close } = await openPage(stack.browser);
    const email = uniqueEmail('joiner');
    await visit(page, stack.site.url + POST);
    await page.getByRole('button', { name: 'Sign In to Join the Conversation' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Sign in to join the conversation' }).waitFor();
    // No provider is set up here: the dialog opens on the email form.
    await dialog.getByLabel('Email address').fill(email);
    await dialog.getByRole('button', { name: 'Send Link' }).click();

    const mail = await waitForMail(stack.sink, email, /sign-in link/);
    const link = new URL(linkIn(mail, '/api/auth/magic-link/verify'));
    await page.goto(link.href);
    await page.getByRole('button', { name: MESSAGES.SIGN_IN }).click();
    await page.waitForURL((url) => url.pathname === POST);
    await page.getByLabel('Add to the conversation').waitFor();
    expect(pageErrors).toEqual([]);
    await close();
  });
});
