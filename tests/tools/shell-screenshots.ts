/**
 * Screenshots of the home page, /signedup (after a subscribe, and visited directly) and /manage
 * at 390 px and 1280 px, light and dark, against the production build. Run after `pnpm build`:
 *   cd tests && npx tsx tools/shell-screenshots.ts [outDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { openPage, startStack } from '../support/stack.js';
import { SCREENSHOT_VIEWS } from '../support/screenshots.js';

const out = path.resolve(process.argv[2] ?? '/tmp/shell-shots');
fs.mkdirSync(out, { recursive: true });
const stack = await startStack();

const subscription = {
  email: 'ada.lovelace@example.test',
  name: 'Ada',
  subscribedAt: new Date().toISOString(),
  verified: false,
  status: 'pending',
  wantsAccount: true,
};

type Shot = { name: string; path: string; stored?: boolean; state?: unknown };
const shots: Shot[] = [
  { name: 'home', path: '/' },
  { name: 'signedup', path: '/signedup', stored: true, state: subscription },
  { name: 'signedup-direct', path: '/signedup' },
  { name: 'manage', path: '/manage', stored: true },
  { name: 'manage-empty', path: '/manage' },
];

try {
  for (const { width, colorScheme, viewport } of SCREENSHOT_VIEWS) {
    for (const shot of shots) {
      const opened = await openPage(stack.browser, { viewport, colorScheme });
      const { page } = opened;
      await page.goto(stack.site.url + '/tos');
      await page.evaluate(
        ({ stored, state, subscription }) => {
          if (stored) localStorage.setItem('subscription', JSON.stringify(subscription));
          // What navigate(path, { state }) leaves in history, as BrowserRouter reads it.
          if (state) history.replaceState({ usr: state, key: 'shot', idx: 0 }, '');
        },
        { stored: shot.stored ?? false, state: shot.state ?? null, subscription },
      );
      if (shot.state) {
        await page.evaluate((target) => {
          history.replaceState(history.state, '', target);
        }, shot.path);
        await page.reload();
      } else {
        await page.goto(stack.site.url + shot.path);
      }
      await page.waitForSelector('main h1');
      await page.waitForTimeout(600);
      const file = path.join(out, `${shot.name}-${width}-${colorScheme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      if (opened.pageErrors.length) console.log(shot.name, 'page errors:', opened.pageErrors);
      await opened.close();
      console.log(file);
    }
  }
} finally {
  await stack.stop();
}
