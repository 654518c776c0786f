/**
 * Issue 38's "Done when" in pictures: an older Mastodon (the hand-written peer of
 * support/mastodon-peer.ts, draft-cavage signatures only) follows the site by its handle over TLS
 * and replies to a post published by its file; the owner sees the follower and the held reply in
 * Console → Fediverse, approves the reply there, and it shows under the post. Each at 390 px and
 * 1280 px, light and dark. The site runs from source with the web build, as the TLS end-to-end
 * tests run it; the browser is told to accept the run's throwaway CA (a screenshot tool, never a
 * test of TLS). Run after `pnpm build`:
 *   cd tests && pnpm exec tsx tools/mastodon-screenshots.ts [outDir]
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OWNER_EMAIL } from '@quillpost/api/test-support/running-server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { makeCertificates, startTlsSite } from '../support/fediverse-tls.js';
import { activityId, startMastodonPeer } from '../support/mastodon-peer.js';
import { SCREENSHOT_VIEWS } from '../support/screenshots.js';
import { openPage, visit } from '../support/stack.js';

const out = path.resolve(process.argv[2] ?? '/tmp/mastodon-shots');
fs.mkdirSync(out, { recursive: true });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-mastodon-shots-'));
const certificates = makeCertificates(dir);
// Read by the site's process as it starts: it trusts the peer's certificate through it.
process.env.NODE_EXTRA_CA_CERTS = certificates.caFile;
const site = await startTlsSite({
  contentDir: path.join(dir, 'content'),
  leaf: certificates.leaf,
  handle: 'rowan',
  // The peer is on loopback: the site may fetch its actor (tests and development only).
  env: { ADMIN_EMAILS: OWNER_EMAIL, FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' },
  pages: true,
});
const peer = await startMastodonPeer(certificates);
const browser = await launchBrowser();
const SLUG = 'replies-from-an-old-mastodon';
const postUrl = `${site.url}/posts/${SLUG}`;
const REPLY = 'Followed from my old Mastodon and this arrived signed the old way. Nice work.';

/** Polls `check` until it holds (a delivery, a held reply): the thing itself, not a fixed sleep. */
async function until(what: string, check: () => boolean | Promise<boolean>) {
  for (const started = Date.now(); Date.now() - started < 60_000;) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** A context that accepts the run's CA; the site's certificate is signed by nothing else. */
const openTrusting = (options: Parameters<Browser['newContext']>[0] = {}) =>
  openPage(browser, { ignoreHTTPSErrors: true, ...options });

/**
 * Signs the owner in as the dialog's code form does, reading the code from the development
 * mailbox (the TLS site has no SMTP server): the context keeps the session cookie.
 */
async function signInOwner(context: BrowserContext) {
  const headers = { origin: site.url };
  type Mailbox = { messages: Array<{ to: string; text: string }> };
  const mailbox = async () =>
    (await (await context.request.get(`${site.url}/dev/mailbox.json`)).json()) as Mailbox;
  const earlier = (await mailbox()).messages.length;
  const asked = await context.request.post(`${site.url}/api/auth/magic-link`, {
    headers,
    data: { email: OWNER_EMAIL, returnUrl: '/' },
  });
  if (!asked.ok()) throw new Error(`magic link request: ${asked.status()}`);
  let code: string | undefined;
  await until('the sign-in mail', async () => {
    const { messages } = await mailbox();
    // Newest first.
    code = messages.length > earlier ? /\b(\d{6})\b/.exec(messages[0]!.text)?.[1] : undefined;
    return code !== undefined;
  });
  const signedIn = await context.request.post(`${site.url}/api/auth/magic-link/code`, {
    headers,
    data: { email: OWNER_EMAIL, code },
  });
  if (!signedIn.ok()) throw new Error(`code sign-in: ${signedIn.status()}`);
}

const { context, page, close } = await openTrusting({ viewport: { width: 1280, height: 900 } });
try {
  await signInOwner(context);
  const state = await context.storageState();
  const ownerApi = async (method: string, address: string) => {
    const response = await context.request.fetch(site.url + address, {
      method,
      headers: { origin: site.url },
    });
    if (!response.ok()) throw new Error(`${method} ${address}: ${response.status()}`);
    return response.json() as Promise<{ items: Array<{ id: number; text: string }> }>;
  };

  /** `<name>-<width>-<scheme>.png` in every view, once `ready` holds on the page. */
  async function shoot(name: string, address: string, ready: (page: Page) => Promise<void>) {
    for (const view of SCREENSHOT_VIEWS) {
      const shot = await openTrusting({
        viewport: view.viewport,
        colorScheme: view.colorScheme,
        storageState: state,
      });
      await visit(shot.page, site.url + address);
      await shot.page.waitForLoadState('networkidle');
      await ready(shot.page);
      await shot.page.screenshot({
        path: path.join(out, `${name}-${view.width}-${view.colorScheme}.png`),
        fullPage: true,
      });
      await shot.close();
    }
  }

  // What Mastodon does with a handle pasted into its search, then its Follow; the Accept it
  // verified is the proof the site knocked again in its dialect.
  const siteActor = await peer.lookup(`@rowan@${new URL(site.url).host}`);
  const followed = await peer.deliver(siteActor.inbox, {
    id: activityId(peer, 'follows'),
    type: 'Follow',
    actor: peer.actorId,
    object: siteActor.id,
  });
  if (followed !== 202) throw new Error(`Follow: ${followed}`);
  await until('the Accept at the peer', () => peer.received.some(({ type }) => type === 'Accept'));

  fs.writeFileSync(
    path.join(site.contentDir, 'posts', `${SLUG}.md`),
    `---\ntitle: Replies from an old Mastodon\ndate: ${new Date().toISOString()}\ncategory: build\n---\n\nThis site can be followed from any Mastodon, even one that only knows the older signatures. Reply to this post from yours.\n`,
  );
  await until('the post at the peer', () => peer.received.some(({ type }) => type === 'Create'));

  // A reply as Mastodon writes one: public, mentioning the site, its page as url, to the
  // shared inbox.
  const status = randomUUID();
  const noteId = `${peer.actorId}/statuses/${status}`;
  const replied = await peer.deliver(siteActor.sharedInbox ?? siteActor.inbox, {
    id: `${noteId}/activity`,
    type: 'Create',
    actor: peer.actorId,
    to: ['https://www.w3.org/ns/activitystreams#Public'],
    cc: [siteActor.id],
    object: {
      id: noteId,
      type: 'Note',
      attributedTo: peer.actorId,
      inReplyTo: postUrl,
      url: `${peer.origin}/@mo/${status}`,
      published: new Date().toISOString(),
      to: ['https://www.w3.org/ns/activitystreams#Public'],
      cc: [siteActor.id],
      content: `<p><span class="h-card"><a href="${siteActor.id}" class="u-url mention">@<span>rowan</span></a></span> ${REPLY}</p>`,
      tag: [{ type: 'Mention', href: siteActor.id, name: '@rowan' }],
    },
  });
  if (replied !== 202) throw new Error(`reply: ${replied}`);
  await until('the held reply', async () =>
    (await ownerApi('GET', '/api/admin/fediverse/replies?status=held')).items.some(({ text }) =>
      text.includes(REPLY),
    ),
  );
  await shoot('fediverse-held', '/members/admin/fediverse', async (page) => {
    await page.getByRole('table').getByText('Mo on an old Mastodon').waitFor();
    await page.getByText(REPLY).waitFor();
  });

  // The owner approves it in the console, as a person does: the button on its card.
  await visit(page, `${site.url}/members/admin/fediverse`);
  const card = page.getByRole('listitem').filter({ hasText: REPLY });
  await card.getByRole('button', { name: 'Approve' }).click();
  await page.getByText(/Approved the reply by/).waitFor();
  // The moment itself, in the window it happened in (a desktop's, light).
  await page.screenshot({
    path: path.join(out, 'fediverse-approving-1280-light.png'),
    fullPage: true,
  });

  await shoot('fediverse-approved', '/members/admin/fediverse', (page) =>
    page.getByText(/No replies waiting/).waitFor(),
  );
  await shoot('post', `/posts/${SLUG}`, (page) => page.getByText(REPLY).first().waitFor());
  console.log(`Screenshots in ${out}`);
} finally {
  await close();
  await browser.close();
  await peer.close();
  await site.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
