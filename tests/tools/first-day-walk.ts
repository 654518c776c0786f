/**
 * Issue 34's closing walk: a new owner's first day and their readers', on a 390 px phone in
 * Chicago, against the production build and a site made by `pnpm content init` for Mara Quist.
 * Two readers subscribe through the site's own Subscribe; the owner signs in with the code from
 * the mail, looks at Console → Site, writes a post with a footnote, a table and a 4000×3000 phone
 * photo, saves, previews, publishes and emails it to them, moves a Substack export in and reads
 * the analytics; the readers open the post from the mail, sign in from it, comment and reply,
 * search for one of its words and unsubscribe by the mail's link.
 *
 * Every step is timed from the tap to what its user waits for being on screen, and screenshotted
 * (NN-name.png). A step that fails is recorded with what was on screen, and the walk goes on.
 * Run after `pnpm build`:
 *   cd tests && pnpm exec tsx tools/first-day-walk.ts [outDir]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { phonePhoto } from '@quillpost/api/test-support/photos';
import { startSmtpSink } from '@quillpost/api/test-support/smtp-sink';
import { MESSAGES, messageTemplates } from '@quillpost/domain';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { linkIn, waitForMail, type ReceivedMail } from '../support/mail.js';
import { startSite } from '../support/site.js';
import { openPage, uniqueEmail, visit, type OpenedPage } from '../support/stack.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const out = path.resolve(process.argv[2] ?? '/tmp/first-day-walk');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-first-day-walk-'));

const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
  timezoneId: 'America/Chicago',
  // Headless Chromium names itself as such, and the analytics rightly leave robots out: a phone
  // says it is one, so the readers' visits count as a real reader's would.
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};
/** A busy two-core machine answers slowly; a real wait still ends, with the locator named. */
const PATIENCE = 45_000;

const POST = {
  title: 'Herons at Lock 14',
  word: 'kingfisher',
  body: [
    'Three herons stood on the lock gates this morning as if they owned the river.[^1] A kingfisher went past low and blue before I had the camera out.',
    '',
    '| Time | Herons | Water |',
    '|------|--------|-------|',
    '| 6:40 | 1 | still |',
    '| 7:15 | 3 | rising |',
    '',
    '[^1]: They do, more or less.',
    '',
    'The light came up behind the mill.',
    '',
  ].join('\n'),
  alt: 'Three herons on the lock gates at sunrise',
  comment: 'I walked past there on Sunday and saw two of them!',
  reply: 'The third one hides under the footbridge.',
};

interface Step {
  name: string;
  ms: number | null;
  shot: string | null;
  outcome: string;
}
const steps: Step[] = [];

/**
 * One step: `act` taps and waits for what the user waits for; its wall time is the step's time.
 * `prepare` (typing, opening a mail) is not timed. The screenshot is taken whether it worked or not.
 */
async function step(
  page: Page | null,
  name: string,
  act: () => Promise<string | void>,
  { prepare, fullPage = false }: { prepare?: () => Promise<void>; fullPage?: boolean } = {},
): Promise<boolean> {
  const number = String(steps.length + 1).padStart(2, '0');
  const shot = page ? `${number}-${name}.png` : null;
  let outcome = 'ok';
  let ms: number | null = null;
  let worked = true;
  try {
    await prepare?.();
    const started = performance.now();
    const said = await act();
    ms = Math.round(performance.now() - started);
    if (said) outcome = said;
  } catch (error) {
    worked = false;
    outcome = `FAILED: ${(error as Error).message.split('\n')[0]}`;
  }
  if (page && shot) {
    await page.screenshot({ path: path.join(out, shot), fullPage }).catch(() => undefined);
  }
  steps.push({ name, ms, shot, outcome });
  console.log(`${number} ${name}: ${ms ?? '-'} ms ${outcome}`);
  return worked;
}

/** The first of these to be visible: a screen that can be reached two ways waits for either. */
async function eitherOf(...locators: Locator[]): Promise<void> {
  await Promise.any(locators.map((locator) => locator.waitFor({ timeout: PATIENCE })));
}

function starterSite(): string {
  const content = path.join(scratch, 'content');
  execFileSync(process.execPath, [
    path.join(repoRoot, 'apps/api/dist/cli/content.js'),
    'init',
    content,
    ...['--title', 'Field Notes', '--name', 'Mara Quist'],
    ...['--language', 'en-US', '--timezone', 'America/Chicago'],
  ]);
  return content;
}

/** What the walk uses of yazl, which the API's import tests zip their Substack exports with. */
interface ZipFile {
  addBuffer(bytes: Buffer, name: string): void;
  end(): void;
  outputStream: AsyncIterable<Buffer>;
}

/**
 * A Substack download as it comes: posts.csv, each post's HTML under posts/, an About page, and
 * the subscriber list with Substack's columns (one reader switched email off there).
 */
async function substackExport(): Promise<string> {
  const requireFromApi = createRequire(path.join(repoRoot, 'apps/api/package.json'));
  const yazl = requireFromApi('yazl') as { ZipFile: new () => ZipFile };
  const files: Record<string, string> = {
    'posts.csv': [
      'post_id,post_date,is_published,email_sent_at,inbox_sent_at,type,audience,title,subtitle,podcast_url',
      '90101.the-river-in-march,2024-03-09T14:00:00.000Z,true,2024-03-09T14:01:00.000Z,,newsletter,everyone,The river in March,&#x201C;High water&#x201D; and what it leaves behind,',
      '90102.notes-on-mud,2024-04-02T15:00:00.000Z,false,,,newsletter,everyone,Notes on mud,,',
      '90103.about-us,2023-12-01T10:00:00.000Z,true,,,page,everyone,About Us,,',
    ].join('\n'),
    'posts/90101.the-river-in-march.html':
      '<p>The river came over the towpath twice this month.</p><p>It left a line of reeds on the fence, a foot above my head.</p><hr><p>* * *</p>',
    'posts/90102.notes-on-mud.html': '<p>Mud has layers, like a book you read from the bottom.</p>',
    'posts/90103.about-us.html':
      '<p>Field Notes is Mara Quist writing about the river and its birds.</p>',
    'email_list.fieldnotes.csv': [
      'email,active_subscription,expiry,plan,email_disabled,prefer_digests,created_at',
      'june.river@example.test,false,,,false,false,2023-06-01T12:00:00.000Z',
      'otto.wren@example.test,true,2026-06-01T00:00:00.000Z,yearly,false,false,2023-07-15T09:30:00.000Z',
      'quiet.reader@example.test,false,,,true,false,2023-08-20T18:45:00.000Z',
    ].join('\n'),
  };
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk);
  const file = path.join(scratch, 'fieldnotes-substack-export.zip');
  fs.writeFileSync(file, Buffer.concat(chunks));
  return file;
}

async function phone(browser: Browser): Promise<OpenedPage> {
  const opened = await openPage(browser, PHONE);
  opened.context.setDefaultTimeout(PATIENCE);
  return opened;
}

const owner = uniqueEmail('mara');
const readers = { ada: uniqueEmail('ada'), bo: uniqueEmail('bo') };

let content = '';
await step(null, 'content-init', async () => {
  content = starterSite();
  return 'pnpm content init: Field Notes, Mara Quist, en-US, America/Chicago';
});
const sink = await startSmtpSink();
const startedSite = performance.now();
const site = await startSite({
  smtpUrl: sink.url,
  env: { ADMIN_EMAILS: owner },
  contentFrom: content,
});
steps.push({
  name: 'site-start',
  ms: Math.round(performance.now() - startedSite),
  shot: null,
  outcome: 'the release answering /api/health',
});
const browser = await launchBrowser();
const photoFile = path.join(scratch, 'IMG_0412.JPG');
fs.writeFileSync(photoFile, await phonePhoto({ width: 4000, height: 3000, quality: 95 }));
const photoMb = (fs.statSync(photoFile).size / 1024 / 1024).toFixed(1);
const exportZip = await substackExport();
const opened: OpenedPage[] = [];
const mailTo = (email: string, subject: RegExp, skip = 0): Promise<ReceivedMail> =>
  waitForMail(sink, email, subject, { timeoutMs: PATIENCE, skip });

try {
  // Two readers subscribe through the site's own Subscribe, and confirm by the mail's link.
  const readerPages: Record<keyof typeof readers, OpenedPage> = {
    ada: await phone(browser),
    bo: await phone(browser),
  };
  opened.push(readerPages.ada, readerPages.bo);
  for (const [who, email] of Object.entries(readers) as Array<[keyof typeof readers, string]>) {
    const { page } = readerPages[who];
    const header = page.getByRole('banner');
    const popup = page.getByRole('dialog');
    await step(page, `${who}-home`, async () => {
      await visit(page, site.url + '/');
      await header.getByRole('button', { name: MESSAGES.SUBSCRIBE, exact: true }).waitFor();
    });
    await step(page, `${who}-subscribe-popup`, async () => {
      await header.getByRole('button', { name: MESSAGES.SUBSCRIBE, exact: true }).click();
      await popup.getByLabel('Email address').waitFor();
    });
    await step(
      page,
      `${who}-subscribe-details`,
      async () => {
        await popup.getByRole('button', { name: 'Continue' }).click();
        await popup.getByLabel(/Your name/).waitFor();
      },
      { prepare: () => popup.getByLabel('Email address').fill(email) },
    );
    await step(
      page,
      `${who}-subscribed`,
      async () => {
        await popup.getByRole('button', { name: MESSAGES.SUBSCRIBE, exact: true }).click();
        await page.getByText(MESSAGES.SUBSCRIBE_ACCEPTED, { exact: true }).waitFor();
      },
      {
        prepare: async () => {
          await popup.getByLabel(/Your name/).fill(who === 'ada' ? 'Ada Lark' : 'Bo Heller');
          await popup.getByText('✓ Security check passed').waitFor();
        },
      },
    );
    let confirmation: ReceivedMail | undefined;
    await step(
      page,
      `${who}-confirmed`,
      async () => {
        await page.goto(linkIn(confirmation!, 'verify='));
        await page.getByText(MESSAGES.VERIFIED).waitFor();
      },
      {
        prepare: async () => {
          confirmation = await mailTo(email, /Confirm your subscription/);
        },
      },
    );
  }

  // The owner signs in with the code from the mail, on her phone.
  const desk = await phone(browser);
  opened.push(desk);
  const { page } = desk;
  const signIn = page.getByRole('dialog');
  await step(page, 'owner-sign-in-dialog', async () => {
    await visit(page, site.url + '/');
    await page
      .getByRole('banner')
      .getByRole('button', { name: MESSAGES.SIGN_IN, exact: true })
      .click();
    await signIn.getByLabel('Email address').waitFor();
  });
  await step(
    page,
    'owner-link-sent',
    async () => {
      await signIn.getByRole('button', { name: 'Send Link' }).click();
      await signIn.getByText(messageTemplates.magicLinkSent(owner), { exact: true }).waitFor();
    },
    { prepare: () => signIn.getByLabel('Email address').fill(owner) },
  );
  await step(
    page,
    'owner-signed-in',
    async () => {
      await signIn.getByRole('button', { name: 'Sign In with Code' }).click();
      await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).waitFor();
      const welcome = await signIn.getByRole('heading').first().innerText();
      // The welcome closes by itself and the dialog takes her where signing in leads.
      await signIn.waitFor({ state: 'detached' });
      await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).waitFor();
      return `"${welcome}", then ${new URL(page.url()).pathname}`;
    },
    {
      prepare: async () => {
        const mail = await mailTo(owner, /sign-in link/);
        await signIn.getByLabel(/6-digit code/).fill(/\b(\d{6})\b/.exec(mail.text)![1]!);
      },
    },
  );
  await step(page, 'owner-account-menu', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Console' }).waitFor();
  });
  await step(page, 'console', async () => {
    await page.getByRole('dialog').getByRole('link', { name: 'Console' }).click();
    await page.getByRole('heading', { level: 1, name: 'Console' }).waitFor();
    await page.getByLabel('Console section').waitFor();
  });
  const section = (name: string) => page.getByLabel('Console section').selectOption(name);

  // Console → Site: she looks, and gives the site her tagline.
  await step(page, 'console-site', async () => {
    await section('site');
    await page.getByLabel('Site title').waitFor();
    return `title "${await page.getByLabel('Site title').inputValue()}", tagline "${await page.getByLabel('Tagline').inputValue()}", zone "${await page.getByLabel('Time zone').inputValue()}"`;
  });
  await step(
    page,
    'console-site-saved',
    async () => {
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText(MESSAGES.SITE_UPDATED).waitFor();
    },
    { prepare: () => page.getByLabel('Tagline').fill('Walks along the river, and its birds') },
  );

  // Write: a post with a footnote, a table and the phone's photo.
  await step(page, 'writing-list', async () => {
    await section('writing');
    await page.getByRole('button', { name: 'New Post' }).waitFor();
  });
  await step(page, 'new-post', async () => {
    await page.getByRole('button', { name: 'New Post' }).click();
    await page.getByLabel('Title', { exact: true }).waitFor();
  });
  const body = page.locator('.cm-content');
  await step(
    page,
    'editor-open',
    async () => {
      await page.getByRole('button', { name: 'Start Writing' }).click();
      await body.waitFor();
      return `the body starts at y=${Math.round((await body.boundingBox())!.y)}`;
    },
    { prepare: () => page.getByLabel('Title', { exact: true }).fill(POST.title) },
  );
  await step(page, 'body-typed', async () => {
    await body.click();
    await page.keyboard.insertText(POST.body);
    await page.getByText('Unsaved changes').waitFor();
  });
  const describe = page.getByRole('dialog', { name: 'Describe the image' });
  await step(page, 'photo-uploaded', async () => {
    await page.getByLabel('Upload image', { exact: true }).setInputFiles(photoFile);
    await describe.getByLabel('What does it show?').waitFor();
    return `${photoMb} MB, 4000×3000 JPEG with GPS`;
  });
  await step(
    page,
    'photo-inserted',
    async () => {
      await describe.getByRole('button', { name: 'Insert Image' }).click();
      await body.getByText(`![${POST.alt}](`).waitFor();
    },
    { prepare: () => describe.getByLabel('What does it show?').fill(POST.alt) },
  );
  const more = page.getByRole('button', { name: 'More' });
  await step(page, 'draft-saved', async () => {
    await more.click();
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await page.getByText('Draft saved.').waitFor();
  });
  await step(
    page,
    'preview',
    async () => {
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByRole('region', { name: 'Preview', exact: true });
      await preview.getByRole('table').waitFor();
      await preview.getByRole('img', { name: POST.alt }).waitFor();
    },
    { fullPage: true },
  );
  await step(page, 'published-issue-draft', async () => {
    await more.click();
    await page.getByRole('button', { name: 'Publish and Email' }).click();
    await page.getByRole('heading', { level: 2, name: POST.title }).waitFor();
    await page.getByRole('button', { name: /^Send to \d+ Subscribers?…$/ }).waitFor();
    return (await page.getByRole('button', { name: /^Send to / }).innerText()).trim();
  });
  await step(page, 'send-confirm', async () => {
    await page.getByRole('button', { name: /^Send to \d+ Subscribers?…$/ }).click();
    await page.getByRole('button', { name: 'Yes, Send It' }).waitFor();
  });
  const sentAt = { at: 0 };
  await step(
    page,
    'sent-report',
    async () => {
      sentAt.at = performance.now();
      await page.getByRole('button', { name: 'Yes, Send It' }).click();
      await page.getByRole('heading', { name: 'Report', exact: true }).waitFor();
      await page.getByText(/^\d+ mails? sent of \d+$/).waitFor();
      return (await page.getByText(/^\d+ mails? sent of \d+$/).innerText()).trim();
    },
    { fullPage: true },
  );
  const issues: Partial<Record<keyof typeof readers, ReceivedMail>> = {};
  for (const who of Object.keys(readers) as Array<keyof typeof readers>) {
    issues[who] = await mailTo(readers[who], new RegExp(`^${POST.title}$`)).catch(() => undefined);
  }
  steps.push({
    name: 'issue-in-both-inboxes',
    ms: Math.round(performance.now() - sentAt.at),
    shot: null,
    outcome: Object.values(issues).every(Boolean)
      ? `From: ${issues.ada!.rawHeaders.from}`
      : 'FAILED: an issue did not arrive',
  });
  // The mail as a phone's mail app shows it.
  if (issues.ada) {
    fs.writeFileSync(path.join(scratch, 'issue.html'), issues.ada.html);
    await step(
      page,
      'issue-mail',
      async () => {
        await page.goto('file://' + path.join(scratch, 'issue.html'));
        await page.getByRole('link', { name: 'Read it on the site' }).waitFor();
        const images = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'img')
            .map((entry) => {
              const timing = entry as PerformanceResourceTiming;
              return `${new URL(timing.name).pathname} ${Math.round(timing.duration)} ms ${Math.round(timing.transferSize / 1024)} KB`;
            }),
        );
        // Asked again, the same image shows whether the first wait was its making.
        const again = await Promise.all(
          [...issues.ada!.html.matchAll(/<img[^>]*src="([^"]+)"/g)].map(async ([, src]) => {
            const started = performance.now();
            await (await fetch(src!.replace(/&amp;/g, '&'))).arrayBuffer();
            return `${Math.round(performance.now() - started)} ms`;
          }),
        );
        return `the mail app's page, images: ${images.join('; ') || 'none'}; asked again: ${again.join('; ')}`;
      },
      { fullPage: true },
    );
  }

  // Console → Moving in: the Substack export, checked, then imported.
  await step(page, 'console-moving-in', async () => {
    await visit(page, site.url + '/members/admin/moving');
    await page.getByLabel('Export file').waitFor();
  });
  const report = page.locator('.moving__report');
  await step(
    page,
    'import-checked',
    async () => {
      await page.getByRole('button', { name: 'Check the File' }).click();
      await report.getByText(/^This would import/).waitFor();
      return (await report.innerText()).replace(/\s+/g, ' ');
    },
    {
      prepare: async () => {
        await page.getByLabel('From').selectOption('substack');
        await page.getByLabel('Export file').setInputFiles(exportZip);
      },
      fullPage: true,
    },
  );
  await step(
    page,
    'imported',
    async () => {
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await report.getByText(/^Imported /).waitFor();
      return (await report.innerText()).replace(/\s+/g, ' ');
    },
    { fullPage: true },
  );
  await step(
    page,
    'imported-writing',
    async () => {
      await section('writing');
      await page.getByRole('link', { name: 'The river in March' }).waitFor();
    },
    { fullPage: true },
  );

  // Ada reads the post from the mail, signs in from it and comments.
  const ada = readerPages.ada.page;
  const conversation = (reader: Page) =>
    reader.getByRole('region', { name: /Conversation|comment/ });
  let postPath = '';
  await step(
    ada,
    'ada-opens-post-from-mail',
    async () => {
      const button = /href="([^"]+)"[^>]*>Read it on the site</.exec(issues.ada!.html)![1]!;
      await ada.goto(button.replace(/&amp;/g, '&'));
      await ada.getByRole('heading', { level: 1, name: POST.title }).waitFor();
      postPath = new URL(ada.url()).pathname;
      return `at ${new URL(ada.url()).pathname}${new URL(ada.url()).search}`;
    },
    { fullPage: true },
  );
  await step(ada, 'ada-photo-in-post', async () => {
    const photo = ada.getByRole('img', { name: POST.alt });
    await photo.scrollIntoViewIfNeeded();
    await ada.waitForFunction(
      (alt) => {
        const image = document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`);
        return image !== null && image.complete && image.naturalWidth > 0;
      },
      POST.alt,
      { timeout: PATIENCE },
    );
    const bytes = await ada.evaluate((alt) => {
      const image = document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`)!;
      const entry = performance.getEntriesByName(image.currentSrc)[0] as
        PerformanceResourceTiming | undefined;
      return { src: image.currentSrc, kb: Math.round((entry?.transferSize ?? 0) / 1024) };
    }, POST.alt);
    return `${bytes.kb} KB: ${new URL(bytes.src).pathname}`;
  });
  await step(ada, 'ada-footnote-and-table', async () => {
    await ada.getByRole('table').scrollIntoViewIfNeeded();
    await ada.getByRole('table').waitFor();
    await ada.getByText('They do, more or less.').waitFor();
  });
  const adaDialog = ada.getByRole('dialog');
  await step(ada, 'ada-sign-in-from-post', async () => {
    await ada.getByRole('button', { name: 'Sign In to Join the Conversation' }).click();
    await adaDialog.getByLabel('Email address').waitFor();
  });
  await step(
    ada,
    'ada-link-sent',
    async () => {
      await adaDialog.getByRole('button', { name: 'Send Link' }).click();
      await adaDialog.getByText(messageTemplates.magicLinkSent(readers.ada)).waitFor();
    },
    { prepare: () => adaDialog.getByLabel('Email address').fill(readers.ada) },
  );
  let adaLink = '';
  await step(
    ada,
    'ada-link-opened',
    async () => {
      await ada.goto(adaLink);
      await ada.getByRole('button', { name: MESSAGES.SIGN_IN }).waitFor();
    },
    {
      prepare: async () => {
        adaLink = linkIn(await mailTo(readers.ada, /sign-in link/), '/api/auth/magic-link/verify');
      },
    },
  );
  await step(ada, 'ada-back-on-post', async () => {
    await ada.getByRole('button', { name: MESSAGES.SIGN_IN }).click();
    await ada.getByLabel('Add to the conversation').waitFor();
    return `at ${new URL(ada.url()).pathname}`;
  });
  await step(
    ada,
    'ada-commented',
    async () => {
      await conversation(ada).getByRole('button', { name: 'Post Comment' }).click();
      await conversation(ada).getByText(POST.comment).waitFor();
    },
    { prepare: () => conversation(ada).getByLabel('Add to the conversation').fill(POST.comment) },
  );

  // Bo signs in from the post with the code, and replies.
  const bo = readerPages.bo.page;
  const boDialog = bo.getByRole('dialog');
  await step(bo, 'bo-opens-post', async () => {
    await visit(bo, site.url + postPath);
    await bo.getByText(POST.comment).waitFor();
  });
  await step(
    bo,
    'bo-code-sent',
    async () => {
      await boDialog.getByRole('button', { name: 'Send Link' }).click();
      await boDialog.getByLabel(/6-digit code/).waitFor();
    },
    {
      prepare: async () => {
        await bo.getByRole('button', { name: 'Sign In to Join the Conversation' }).click();
        await boDialog.getByLabel('Email address').fill(readers.bo);
      },
    },
  );
  await step(
    bo,
    'bo-signed-in',
    async () => {
      await boDialog.getByRole('button', { name: 'Sign In with Code' }).click();
      await eitherOf(
        conversation(bo).getByRole('button', { name: 'Reply' }).first(),
        bo.getByRole('heading', { level: 1, name: 'Dashboard' }),
      );
      return `at ${new URL(bo.url()).pathname}`;
    },
    {
      prepare: async () => {
        const mail = await mailTo(readers.bo, /sign-in link/);
        await boDialog.getByLabel(/6-digit code/).fill(/\b(\d{6})\b/.exec(mail.text)![1]!);
      },
    },
  );
  await step(
    bo,
    'bo-replied',
    async () => {
      await conversation(bo).locator('form').getByRole('button', { name: 'Reply' }).click();
      await conversation(bo).getByText(POST.reply).waitFor();
    },
    {
      fullPage: true,
      prepare: async () => {
        if (new URL(bo.url()).pathname !== postPath) await visit(bo, site.url + postPath);
        await conversation(bo).getByRole('button', { name: 'Reply' }).first().click();
        await conversation(bo)
          .getByLabel(/Reply to/)
          .fill(POST.reply);
      },
    },
  );
  await step(
    ada,
    'ada-sees-reply',
    async () => {
      await ada.reload();
      await conversation(ada).getByText(POST.reply).waitFor();
      await conversation(ada).getByLabel('Add to the conversation').waitFor();
    },
    { fullPage: true },
  );

  // Ada searches for a word of the post, then unsubscribes by the mail's link.
  const searchField = ada
    .getByRole('combobox', { name: 'Search the site' })
    .or(ada.getByRole('searchbox', { name: 'Search the site' }));
  await step(ada, 'ada-search-open', async () => {
    await ada.getByRole('banner').getByRole('link', { name: 'Search' }).click();
    await searchField.waitFor();
  });
  await step(
    ada,
    'ada-search-results',
    async () => {
      await searchField.fill(POST.word);
      await ada.getByRole('option', { name: new RegExp(POST.title) }).waitFor();
    },
    {},
  );
  // The link asks first, so a mail scanner following it unsubscribes nobody.
  await step(ada, 'ada-unsubscribe-asked', async () => {
    await ada.goto(linkIn(issues.ada!, '/unsubscribe'));
    await ada.getByRole('heading', { name: 'Unsubscribe?' }).waitFor();
  });
  await step(ada, 'ada-unsubscribed', async () => {
    await ada.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await ada.getByText(MESSAGES.UNSUBSCRIBED).waitFor();
    return `at ${new URL(ada.url()).pathname}${new URL(ada.url()).search}`;
  });

  // At the end of the day the owner reads her numbers: the readers' visits, the newsletter's.
  await step(
    page,
    'analytics',
    async () => {
      await visit(page, site.url + '/members/admin/analytics');
      await page.getByRole('heading', { name: 'Subscribers and members', exact: true }).waitFor();
      // The chart is drawn by a chunk of its own, a moment after the figures.
      await page.locator('.traffic-chart__plot canvas').waitFor();
    },
    { fullPage: true },
  );

  for (const [who, each] of [
    ['owner', desk],
    ['ada', readerPages.ada],
    ['bo', readerPages.bo],
  ] as const) {
    if (each.pageErrors.length > 0) console.log(`${who}'s page errors:`, each.pageErrors);
  }
} finally {
  for (const each of opened) await each.close().catch(() => undefined);
  await browser.close();
  await site.stop();
  await sink.close();
  fs.rmSync(scratch, { recursive: true, force: true });
}

const rows = steps.map(
  (each, index) =>
    `${String(index + 1).padStart(2)}  ${each.name.padEnd(28)} ${String(each.ms ?? '-').padStart(7)} ms  ${each.shot ?? '(no screen)'}  ${each.outcome === 'ok' ? '' : each.outcome}`,
);
const table = ['#   step                         time        screenshot', ...rows].join('\n');
fs.writeFileSync(path.join(out, 'timings.txt'), table + '\n');
console.log(`\n${table}\n\nScreenshots and timings.txt in ${out}`);
