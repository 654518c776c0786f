/**
 * Writing in the browser (issue 24), as the owner does it in Chromium against the production
 * build: on a phone, a post started, illustrated with a phone photo (GPS in its EXIF) and
 * published, then found on the blog, at its address, in the feed and in its file; at a desk, a
 * hand edit made meanwhile that a save must not overwrite, a revision restored, the everyday tools
 * (a draft kept through a reload, shortcuts, preview, publish and email, the trash, the search
 * box), and a post scheduled a minute ahead that goes live on its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { imageFacts, phonePhoto } from '@quillpost/api/test-support/photos';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openPage,
  signInByCode,
  startStack,
  uniqueEmail,
  visit,
  type Stack,
} from '../support/stack.js';

const owner = uniqueEmail('owner');
let stack: Stack;
let ownerState: Awaited<ReturnType<BrowserContext['storageState']>>;
let contentDir: string;

beforeAll(async () => {
  stack = await startStack({ env: { ADMIN_EMAILS: owner } });
  contentDir = path.join(stack.site.dataDir, 'content');
  const { context, close } = await openPage(stack.browser);
  await signInByCode(context, stack, owner);
  ownerState = await context.storageState();
  await close();
});

afterAll(async () => {
  await stack?.stop();
});

async function asOwner(width: number) {
  const opened = await openPage(stack.browser, {
    viewport: { width, height: width === 390 ? 844 : 900 },
    storageState: ownerState,
  });
  return opened;
}

const text = async (url: string) => (await fetch(stack.site.url + url)).text();

/** Polls until `check` passes or `ms` have gone. */
async function eventually(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return true;
}

async function typeBody(page: Page, body: string) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText(body);
}

describe('writing in the browser', () => {
  it('on a phone, a post is started, illustrated and published: on the blog, at its address and in the feed', async () => {
    const { page, pageErrors, close } = await asOwner(390);
    try {
      await visit(page, `${stack.site.url}/members/admin/writing`);
      await page.getByRole('button', { name: 'New Post' }).click();
      await page.getByLabel('Title', { exact: true }).fill('The harbour at dawn');
      await page.getByRole('button', { name: 'Start Writing' }).click();
      await page.getByRole('heading', { name: 'The harbour at dawn' }).waitFor();
      // Writing gets the screen: the body starts on the first one, under one bar of actions,
      // and nothing of the console's frame (its floating menu button) lies over the editor.
      const body = page.locator('.cm-content');
      await body.waitFor();
      expect((await body.boundingBox())!.y).toBeLessThan(844 - 100);
      expect((await page.locator('.writing-bar').boundingBox())!.height).toBeLessThan(70);
      expect(
        await page.evaluate(
          () =>
            document.elementFromPoint(window.innerWidth - 30, 30)?.closest('.writing-bar') !== null,
        ),
      ).toBe(true);

      // On a phone the details are folded away under the body until asked for.
      await page.getByText(/^Details:/).click();
      await page.getByLabel('Excerpt').fill('Six o’clock, before the boats.');
      await page.getByLabel('Tags').fill('harbour, mornings');
      const photo = await phonePhoto({ width: 3200, height: 2400, orientation: 6 });
      // While the photo is on its way, nothing can be published without it.
      const { promise: arrived, resolve: arrive } = Promise.withResolvers<void>();
      await page.route('**/api/admin/images?**', async (route) => {
        await arrived;
        await route.continue();
      });
      await page
        .getByLabel('Upload featured image')
        .setInputFiles({ name: 'Harbour.JPG', mimeType: 'image/jpeg', buffer: photo });
      await page.getByText('Uploading the image…').waitFor();
      expect(await page.getByRole('button', { name: 'Publish', exact: true }).isDisabled()).toBe(
        true,
      );
      // From here on, every upload goes straight through.
      arrive();
      // The photo's inspection takes the server a second or more when the machine is busy.
      await expect
        .poll(() => page.getByLabel('Featured image', { exact: true }).inputValue(), {
          timeout: 15_000,
        })
        .toBe('/content/images/uploads/2026/harbour.jpg');

      await typeBody(
        page,
        'The light comes up behind the hill first.[^1]\n\n| Tide | Time |\n|------|------|\n| High | 06:10 |\n\n[^1]: Before the water, anyway.\n',
      );
      await page.getByLabel('Upload image', { exact: true }).setInputFiles({
        name: 'wall.jpg',
        mimeType: 'image/jpeg',
        buffer: await phonePhoto({ width: 1200, height: 900, seed: 3 }),
      });
      // Once up, the image asks what it shows, and goes in as a paragraph of its own.
      const describe = page.getByRole('dialog', { name: 'Describe the image' });
      await describe.waitFor({ timeout: 15_000 });
      await describe.getByLabel('What does it show?').fill('The harbour wall at low tide');
      await describe.getByRole('button', { name: 'Insert Image' }).click();
      await expect
        .poll(() => page.locator('.cm-content').innerText())
        .toMatch(
          /\n\n!\[The harbour wall at low tide\]\(\/content\/images\/uploads\/2026\/wall\.jpg\)\n/,
        );
      await expect.poll(() => page.getByText(/\d+ words · 1 min read/).count()).toBe(1);

      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByText('Published. Your post is live.').waitFor();
      await page.getByText('Saved', { exact: false }).first().waitFor();
      await page.screenshot({ path: '/tmp/writing-phone-published.png' });

      // The file holds what was written, front matter and body.
      const [file] = fs
        .readdirSync(path.join(contentDir, 'posts'))
        .filter((name) => name.endsWith('the-harbour-at-dawn.md'));
      const written = fs.readFileSync(path.join(contentDir, 'posts', file!), 'utf8');
      expect(written).toMatch(/^---\ntitle: The harbour at dawn\n/);
      expect(written).toContain('featured_image: /content/images/uploads/2026/harbour.jpg');
      expect(written).toContain('status: published');
      expect(written).toContain('tags:\n  - harbour\n  - mornings');
      expect(written).toContain('[^1]: Before the water, anyway.');

      expect(
        await eventually(async () => (await text('/blog')).includes('The harbour at dawn')),
      ).toBe(true);
      const rss = await text('/rss.xml');
      expect(rss).toContain('<title>The harbour at dawn</title>');
      // The description is the image's alt text in the feed, as on the page.
      expect(rss).toContain('alt=&quot;The harbour wall at low tide&quot;');

      const html = await text('/posts/the-harbour-at-dawn');
      expect(html).toContain('<section class="footnotes" aria-label="Footnotes">');
      expect(html).toMatch(/<td[^>]*>06:10<\/td>/);
      // React writes srcSet and fetchPriority in camel case; HTML reads attributes either way.
      const featured = /<img[^>]*fetchpriority="high"[^>]*>/i.exec(html)![0];
      expect(featured).toMatch(/width="1800" height="2400"/);
      const srcset = /srcset="([^"]+)"/i.exec(featured)![1]!.split(', ');
      expect(srcset.length).toBeGreaterThanOrEqual(3);
      expect(html).toContain('type="image/avif"');
      expect(html).toContain('type="image/webp"');
      expect(html).toContain('alt="The harbour wall at low tide"');

      // The table scrolls inside the article, not the page: nothing reaches past the phone's edge.
      await visit(page, `${stack.site.url}/posts/the-harbour-at-dawn`);
      await page.getByRole('table').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );

      // Every variant of the photo: no EXIF, no GPS, none over 2400 px.
      const variants = new Set(
        [...html.matchAll(/\/images\/\w+\/\d+\.(?:avif|webp|jpg)/g)].map(String),
      );
      expect(variants.size).toBeGreaterThanOrEqual(15);
      for (const variant of variants) {
        // A busy image worker answers 503 (try again in a moment) rather than keep a reader waiting.
        let response = await fetch(stack.site.url + variant);
        await eventually(async () => {
          if (response.status !== 503) return true;
          response = await fetch(stack.site.url + variant);
          return false;
        }, 30_000);
        expect(response.status, variant).toBe(200);
        const facts = await imageFacts(Buffer.from(await response.arrayBuffer()));
        expect(facts.metadata, variant).toBe(0);
        expect(Math.max(facts.width, facts.height), variant).toBeLessThanOrEqual(2400);
      }
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);

  it('at a desk, a hand edit made meanwhile is not overwritten, and an earlier revision comes back', async () => {
    const { page, pageErrors, close } = await asOwner(1280);
    const relative = 'posts/2025-05-18-a-folder-of-tiny-tools.md';
    const file = path.join(contentDir, relative);
    const original = fs.readFileSync(file, 'utf8');
    try {
      await visit(
        page,
        `${stack.site.url}/members/admin/writing?edit=${encodeURIComponent(relative)}`,
      );
      await page.locator('.cm-content').waitFor();
      await typeBody(page, '\nWritten in the editor.\n');
      await page.getByText('Unsaved changes').waitFor();
      fs.writeFileSync(file, original.replace(/\n$/, '\n\nEdited by hand.\n'));

      // Published already: Update saves it as it is, and keeps it online.
      await page.getByRole('button', { name: 'Update', exact: true }).click();
      await page
        .getByRole('heading', { name: 'This post was changed elsewhere since you opened it' })
        .waitFor();
      await expect
        .poll(() => page.locator('.writing-conflict pre').nth(1).innerText())
        .toContain('Edited by hand.');
      await page.screenshot({ path: '/tmp/writing-desk-conflict.png', fullPage: true });
      await page.getByRole('button', { name: 'Keep My Version' }).click();
      await page.getByText('Saved your version. The other one is among the revisions.').waitFor();
      expect(fs.readFileSync(file, 'utf8')).toContain('Written in the editor.');
      expect(fs.readFileSync(file, 'utf8')).not.toContain('Edited by hand.');
      expect(fs.readFileSync(file, 'utf8')).not.toContain('status: draft');

      await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('button', { name: 'Revisions' }).click();
      const revisions = page.locator('.writing-revisions__list li');
      await expect.poll(() => revisions.count()).toBe(1);
      await revisions.first().getByRole('button', { name: 'Restore' }).click();
      await page.getByText('Restored. The version it replaced is a revision now.').waitFor();
      expect(fs.readFileSync(file, 'utf8')).toContain('Edited by hand.');
      expect(fs.readFileSync(file, 'utf8')).not.toContain('Written in the editor.');
      expect(pageErrors).toEqual([]);
    } finally {
      fs.writeFileSync(file, original);
      await close();
    }
  });

  it('at a desk, the everyday tools: a draft kept through a reload, shortcuts, preview, publish and email, the trash, the search box', async () => {
    const { page, pageErrors, close } = await asOwner(1280);
    // Leaving with unsaved changes asks first, and so does Move to trash: the owner says yes.
    page.on('dialog', (dialog) => void dialog.accept());
    const body = page.locator('.cm-content');
    try {
      await visit(page, `${stack.site.url}/members/admin/writing`);
      await page.getByRole('button', { name: 'New Post' }).click();
      await page.getByLabel('Title', { exact: true }).fill('Notes on knots');
      await page.getByRole('button', { name: 'Start Writing' }).click();
      await body.waitFor();

      // Typed, never saved: the tab reloads, and the editor offers it back.
      await typeBody(page, 'A bowline holds under load.');
      await page.getByText('Unsaved changes').waitFor();
      await expect
        .poll(() =>
          page.evaluate(() =>
            Object.values(localStorage).some((kept) => kept.includes('A bowline holds')),
          ),
        )
        .toBe(true);
      await visit(page, page.url());
      await body.waitFor();
      expect(await body.innerText()).not.toContain('A bowline holds');
      await page.getByRole('button', { name: 'Restore Them' }).click();
      await expect.poll(() => body.innerText()).toContain('A bowline holds under load.');
      await page.getByText('Unsaved changes').waitFor();

      // Each shortcut wraps the word just selected; the heading one marks the whole line.
      await body.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.insertText('\nbold');
      for (const [word, shortcut] of [
        ['', 'Control+b'],
        [' slanted', 'Control+i'],
        [' harbour', 'Control+k'],
      ] as const) {
        await page.keyboard.press('End');
        if (word) await page.keyboard.insertText(word);
        await page.keyboard.press('Control+Shift+ArrowLeft');
        await page.keyboard.press(shortcut);
      }
      // Control+K leaves the address selected, ready to be typed over.
      await page.keyboard.insertText('https://example.com/harbour');
      await page.keyboard.press('Control+Alt+2');
      await expect
        .poll(() => body.innerText())
        .toContain('## **bold** *slanted* [harbour](https://example.com/harbour)');

      // The preview is the site's own HTML.
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByRole('region', { name: 'Preview', exact: true });
      await preview.locator('h2 strong').waitFor();
      expect(await preview.locator('h2 strong').innerText()).toBe('bold');
      expect(await preview.locator('h2 em').innerText()).toBe('slanted');
      expect(
        await preview.getByRole('link', { name: 'harbour' }).first().getAttribute('href'),
      ).toBe('https://example.com/harbour');
      await preview.getByText('A bowline holds under load.').waitFor();

      // Publish and email: live at once, then the newsletter's panel for this post, unsent.
      await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('button', { name: 'Publish and Email' }).click();
      await page.waitForURL(/\/members\/admin\/newsletter\?issue=\d+$/);
      await page.getByRole('heading', { level: 2, name: 'Notes on knots' }).waitFor();
      await page.getByText('Subject “Notes on knots”').waitFor();
      await page.getByRole('button', { name: 'Send a test to me' }).waitFor();
      expect((await fetch(`${stack.site.url}/posts/notes-on-knots`)).status).toBe(200);

      // The Writing list's search box keeps what matches.
      await visit(page, `${stack.site.url}/members/admin/writing`);
      const writing = page.getByRole('region', { name: 'Writing', exact: true });
      const titles = writing.locator('.writing-list__title');
      await expect.poll(() => titles.count(), { timeout: 15_000 }).toBeGreaterThan(1);
      await writing.getByLabel('Search').fill('knots');
      await expect.poll(() => titles.allInnerTexts()).toEqual(['Notes on knots']);
      await writing.getByLabel('Search').fill('no such words anywhere');
      await writing.getByText('Nothing matches.').waitFor();
      await writing.getByLabel('Search').fill('knots');

      // Moved to the trash, and back from it.
      await writing.getByRole('link', { name: 'Notes on knots' }).click();
      await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('button', { name: 'Move to Trash' }).click();
      const trash = page.getByRole('region', { name: 'Trash', exact: true });
      const trashed = trash.locator('.writing-list__item', { hasText: 'Notes on knots' });
      await trashed.waitFor();
      expect((await fetch(`${stack.site.url}/posts/notes-on-knots`)).status).toBe(404);
      await trashed.getByRole('button', { name: 'Restore' }).click();
      await page.getByRole('heading', { level: 2, name: 'Notes on knots' }).waitFor();
      await expect.poll(() => body.innerText()).toContain('A bowline holds under load.');
      expect((await fetch(`${stack.site.url}/posts/notes-on-knots`)).status).toBe(200);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('schedules a post moments ahead, and it goes live then with nobody publishing it', async () => {
    const { page, pageErrors, close } = await asOwner(1280);
    try {
      await visit(page, `${stack.site.url}/members/admin/writing`);
      await page.getByRole('button', { name: 'New Post' }).click();
      await page.getByLabel('Title', { exact: true }).fill('Low water');
      await page.getByRole('button', { name: 'Start Writing' }).click();
      await page.locator('.cm-content').waitFor();
      await typeBody(page, 'The harbour empties twice a day.');
      await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('button', { name: 'Schedule', exact: true }).click();
      // The fixture site keeps UTC: the field's wall time is the instant's.
      const at = new Date(Date.now() + 20_000).toISOString().slice(0, 19);
      await page.getByLabel('Publish on').fill(at);
      await page.getByRole('button', { name: 'Schedule It' }).click();
      await page.getByText(/^Scheduled for .*It goes live then, on its own\.$/).waitFor();
      expect(await text('/blog')).not.toContain('Low water');
      expect((await fetch(`${stack.site.url}/posts/low-water`)).status).toBe(404);

      const live = await eventually(
        async () => (await text('/blog')).includes('Low water'),
        90_000,
      );
      expect(live).toBe(true);
      expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(`${at}Z`));
      expect((await fetch(`${stack.site.url}/posts/low-water`)).status).toBe(200);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);
});
