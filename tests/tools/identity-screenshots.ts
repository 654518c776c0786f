/**
 * Screenshots of what site.yml changes, at 390 px and 1280 px, light and dark: the home page and
 * a post with the sample's identity, the same after a hand edit to another owner and accent, and
 * Console → Site. Run after `pnpm build`:
 *   cd tests && npx tsx tools/identity-screenshots.ts [outDir]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { SCREENSHOT_VIEWS } from '../support/screenshots.js';
import { FIXTURE_CONTENT } from '../support/site.js';
import { signInByCode, startStack, uniqueEmail } from '../support/stack.js';

const out = path.resolve(process.argv[2] ?? '/tmp/identity-shots');
fs.mkdirSync(out, { recursive: true });
// The tests' frozen copy of the sample, which the hand edit below knows, whatever content/ holds.
const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-identity-'));
fs.cpSync(FIXTURE_CONTENT, contentDir, { recursive: true });
const owner = uniqueEmail('owner');
const stack = await startStack({ env: { CONTENT_DIR: contentDir, ADMIN_EMAILS: owner } });

// Signed in once (sign-in links are rate-limited), its cookie then shared by every view.
let ownerState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;

async function shoot(name: string, url: string, signedIn = false) {
  if (signedIn && !ownerState) {
    const context = await stack.browser.newContext();
    await signInByCode(context, stack, owner);
    ownerState = await context.storageState();
    await context.close();
  }
  for (const view of SCREENSHOT_VIEWS) {
    const context = await stack.browser.newContext({
      viewport: view.viewport,
      colorScheme: view.colorScheme,
      ...(signedIn ? { storageState: ownerState } : {}),
    });
    const page = await context.newPage();
    await page.goto(stack.site.url + url, { waitUntil: 'networkidle' });
    await page.screenshot({
      path: path.join(out, `${name}-${view.width}-${view.colorScheme}.png`),
      fullPage: view.width === 390 ? false : true,
    });
    await context.close();
  }
}

try {
  await shoot('home-sample', '/');
  const file = path.join(contentDir, 'site.yml');
  const ada = fs
    .readFileSync(file, 'utf8')
    .replace('title: Rowan Ellis', 'title: Ada Palmer')
    .replace('tagline: Notes on building, learning and writing', 'tagline: Field notes on history')
    .replace(/accent: "#8c3a1f"/, 'accent: "#1f5f8c"')
    .replace(
      /intro: \|[\s\S]*?\n\n# One colour/,
      `intro: |\n  # Hi, I’m Ada. I write about the past and the future.\n\n  Essays, a journal and the books on my desk.\n\n# One colour`,
    );
  fs.writeFileSync(file, ada);
  await new Promise((resolve) => setTimeout(resolve, 2500));
  await shoot('home-ada', '/');
  await shoot('post-ada', '/posts/why-i-write-in-public');
  await shoot('console-site', '/members/admin/site', true);
  console.log(`Screenshots in ${out}`);
} finally {
  await stack.stop();
  fs.rmSync(contentDir, { recursive: true, force: true });
}
