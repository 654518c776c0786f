/**
 * Draws the site's default link-preview card (apps/web/public/og-default.png, 1200 x 630), used as
 * og:image by pages without a picture of their own. The card is plain HTML in the site's colours
 * and type, photographed by Chromium, with content/site.yml's title, tagline and description; run it
 * again after changing them:
 *   cd tests && npx tsx tools/og-image.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteFileSchema, siteIdentityOf } from '@quillpost/domain';
import { parse } from 'yaml';
import { launchBrowser } from '../support/browser.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, '../../apps/web/public/og-default.png');
// Who the site is, as content/site.yml says.
const site = siteIdentityOf(
  siteFileSchema.parse(parse(fs.readFileSync(path.join(here, '../../content/site.yml'), 'utf8'))),
);
const SITE_TITLE = site.title;
const SITE_TAGLINE = site.tagline;
const SITE_DESCRIPTION = site.description;

const escape = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

const card = `<!doctype html>
<html><head><style>
  html, body { margin: 0; width: 1200px; height: 630px; }
  body {
    box-sizing: border-box; padding: 88px 96px; display: flex; flex-direction: column;
    justify-content: space-between; background: #faf8f4; color: #1f1c18;
    font-family: Georgia, 'Times New Roman', serif; border-top: 18px solid #8c3a1f;
  }
  .tagline { font: 600 26px/1.3 system-ui, sans-serif; letter-spacing: 0.08em;
    text-transform: uppercase; color: #8c3a1f; margin: 0; }
  h1 { font-size: 112px; line-height: 1; margin: 28px 0 0; letter-spacing: -0.02em; }
  .description { font-size: 34px; line-height: 1.35; color: #5d564c; margin: 0; max-width: 980px; }
  .mark { position: absolute; right: 96px; top: 104px; width: 120px; height: 120px;
    border-radius: 50%; background: #8c3a1f; color: #fff; display: grid; place-items: center;
    font-size: 72px; }
</style></head><body>
  <div><p class="tagline">${escape(SITE_TAGLINE)}</p><h1>${escape(SITE_TITLE)}</h1></div>
  <span class="mark" aria-hidden="true">${escape(SITE_TITLE.charAt(0))}</span>
  <p class="description">${escape(SITE_DESCRIPTION)}</p>
</body></html>`;

const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(card);
await page.screenshot({ path: out, type: 'png' });
await browser.close();
console.log(out);
