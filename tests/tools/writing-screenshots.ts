/**
 * Screenshots of Console → Writing at 390 px and 1280 px, light and dark: the list, a post in the
 * editor, its preview (beside the text from 1280 px), a conflict with a hand edit, and a post with
 * a photo as readers get it.
 * Run after `pnpm build`:
 *   cd tests && npx tsx tools/writing-screenshots.ts [outDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { phonePhoto } from '@quillpost/api/test-support/photos';
import { signedInShooter } from '../support/screenshots.js';
import { startStack, uniqueEmail } from '../support/stack.js';

const out = path.resolve(process.argv[2] ?? '/tmp/writing-shots');
fs.mkdirSync(out, { recursive: true });
const owner = uniqueEmail('owner');
const stack = await startStack({ env: { ADMIN_EMAILS: owner } });
const contentDir = path.join(stack.site.dataDir, 'content');
fs.mkdirSync(path.join(contentDir, 'images'), { recursive: true });
fs.writeFileSync(
  path.join(contentDir, 'images/harbour.jpg'),
  await phonePhoto({ width: 4000, height: 3000 }),
);
fs.writeFileSync(
  path.join(contentDir, 'posts/2026-11-01-the-harbour-at-dawn.md'),
  `---\ntitle: The harbour at dawn\ndate: 2026-11-01\ncategory: write\nfeatured_image: images/harbour.jpg\n---\n\nThe light comes up behind the hill first.[^1]\n\n| Tide | Time | Height |\n|------|------|-------:|\n| High | 06:10 | 4.8 m |\n| Low | 12:24 | 0.9 m |\n\n[^1]: Before the water, anyway.\n`,
);
await new Promise((resolve) => setTimeout(resolve, 2500));

const shoot = signedInShooter(stack, owner, out, (width) => width !== 390);

try {
  await shoot('list', '/members/admin/writing');
  const edit = `/members/admin/writing?edit=${encodeURIComponent('posts/2026-11-01-the-harbour-at-dawn.md')}`;
  await shoot('editor', edit, (page) => page.locator('.cm-content').waitFor());
  await shoot('editor-bottom', edit, async (page) => {
    await page.locator('.cm-content').click();
    await page.keyboard.insertText('\nA new line typed on the phone.');
  });
  await shoot('preview', edit, async (page) => {
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('.writing-preview table').waitFor();
  });
  await shoot('menu', edit, async (page) => {
    await page.locator('.cm-content').waitFor();
    await page.getByRole('button', { name: 'More' }).click();
  });
  await shoot('describe-image', edit, async (page) => {
    await page.locator('.cm-content').waitFor();
    await page.getByLabel('Upload image', { exact: true }).setInputFiles({
      name: 'wall.jpg',
      mimeType: 'image/jpeg',
      buffer: await phonePhoto({ width: 1200, height: 900, seed: 3 }),
    });
    await page.getByRole('dialog', { name: 'Describe the image' }).waitFor();
  });
  await shoot('revisions', edit, async (page) => {
    await page.locator('.cm-content').click();
    await page.keyboard.insertText('A line saved once, so a revision exists.\n');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Updated.').waitFor();
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('button', { name: 'Revisions' }).click();
    await page.getByRole('button', { name: 'Read' }).first().click();
    await page.locator('.writing-revisions__text').waitFor();
    await page.locator('.writing-revisions').scrollIntoViewIfNeeded();
  });
  await shoot('conflict', edit, async (page) => {
    await page.locator('.cm-content').click();
    await page.keyboard.insertText('A line typed while the file changed on the server.\n');
    // Meanwhile, by hand on the server: the title changes, nothing else.
    const file = path.join(contentDir, 'posts/2026-11-01-the-harbour-at-dawn.md');
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(
      file,
      text.replace(/^title: .*$/m, `title: The harbour at dawn (${Date.now()})`),
    );
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.locator('.writing-conflict').waitFor();
    await page.locator('.writing-conflict').scrollIntoViewIfNeeded();
  });
  await shoot('trash', '/members/admin/writing?trash');
  await shoot('post-photo', '/posts/the-harbour-at-dawn', (page) =>
    page.waitForLoadState('networkidle'),
  );
  console.log(`Screenshots in ${out}`);
} finally {
  await stack.stop();
}
