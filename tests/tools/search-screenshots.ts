/**
 * Screenshots of search at 390 px and 1280 px, light and dark: the header's field with results,
 * and the /search page. Run after `pnpm build`:
 *   cd tests && npx tsx tools/search-screenshots.ts [outDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { SCREENSHOT_VIEWS } from '../support/screenshots.js';
import { openPage, startStack, visit } from '../support/stack.js';

const out = path.resolve(process.argv[2] ?? '/tmp/search-shots');
fs.mkdirSync(out, { recursive: true });
const stack = await startStack();

try {
  for (const view of SCREENSHOT_VIEWS) {
    const { page, close } = await openPage(stack.browser, {
      viewport: view.viewport,
      colorScheme: view.colorScheme,
    });
    await visit(page, `${stack.site.url}/`);
    await page.getByRole('link', { name: 'Search' }).click();
    await page.getByRole('combobox', { name: 'Search the site' }).fill('bread');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.screenshot({ path: path.join(out, `panel-${view.width}-${view.colorScheme}.png`) });
    await visit(page, `${stack.site.url}/search?q=writing`);
    await page.screenshot({
      path: path.join(out, `page-${view.width}-${view.colorScheme}.png`),
      fullPage: true,
    });
    await close();
  }
  console.log(`Screenshots in ${out}`);
} finally {
  await stack.stop();
}
