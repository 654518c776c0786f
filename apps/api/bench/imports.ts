/**
 * Moving in (issue 27): 50,000 subscribers from a Mailchimp-shaped CSV, and 1,000 posts from a
 * WordPress export (WXR), each into a fresh site: the time, and rows (posts) per second.
 * `pnpm bench` runs it through bench/run.ts; `tsx bench/imports.ts` runs it alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import {
  openExport,
  readExport,
  runImport,
  type ImportSource,
} from '../src/modules/portability/index.js';
import { benchEntry } from './child-server.js';

const SUBSCRIBERS = 50_000;
const POSTS = 1_000;

function mailchimpCsv(): string {
  const rows = ['Email Address,First Name,Last Name,OPTIN_TIME,CONFIRM_TIME'];
  for (let i = 0; i < SUBSCRIBERS; i += 1) {
    rows.push(`reader${i}@example.com,Reader,${i},2023-01-01 09:00:00,2023-01-01 09:05:00`);
  }
  return `${rows.join('\n')}\n`;
}

function wxr(): string {
  const paragraph =
    '<p>Winter is for long books &amp; warm tea, and for <a href="https://example.com">notes</a>.</p>';
  const items = Array.from(
    { length: POSTS },
    (_, i) => `<item><title><![CDATA[Post number ${i}]]></title>
<content:encoded><![CDATA[<h2>Part one</h2>${paragraph.repeat(12)}<ul><li>one</li><li>two</li></ul>]]></content:encoded>
<excerpt:encoded><![CDATA[An excerpt]]></excerpt:encoded>
<wp:post_id>${i + 1}</wp:post_id><wp:post_date_gmt><![CDATA[2024-01-01 09:00:00]]></wp:post_date_gmt>
<wp:post_name><![CDATA[post-number-${i}]]></wp:post_name><wp:status><![CDATA[publish]]></wp:status>
<wp:post_type><![CDATA[post]]></wp:post_type><category domain="post_tag" nicename="t"><![CDATA[tea]]></category></item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?><rss xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>Bench</title>${items.join('\n')}</channel></rss>`;
}

async function timeImport(dir: string, source: ImportSource, file: string) {
  const db = openDatabase(path.join(dir, `${source}.db`));
  migrate(db);
  const contentDir = path.join(dir, `${source}-content`);
  fs.mkdirSync(contentDir);
  const started = performance.now();
  const files = await openExport(file);
  const report = await runImport(
    { db, contentDir, reportsDir: path.join(dir, 'imports'), now: new Date().toISOString() },
    source,
    readExport(source, files),
    files,
    { dryRun: false, overwrite: false, category: 'write', fetchImages: false },
  );
  const seconds = (performance.now() - started) / 1000;
  db.close();
  return { seconds, report };
}

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-bench-imports-'));
  try {
    const csv = path.join(dir, 'subscribed_members_export.csv');
    fs.writeFileSync(csv, mailchimpCsv());
    const list = await timeImport(dir, 'csv', csv);
    console.log(
      `[imports] ${list.report.created.subscribers} subscribers from CSV in ${list.seconds.toFixed(2)} s (${Math.round(list.report.created.subscribers / list.seconds)} rows/s)`,
    );
    const xml = path.join(dir, 'wordpress.xml');
    fs.writeFileSync(xml, wxr());
    const posts = await timeImport(dir, 'wordpress', xml);
    console.log(
      `[imports] ${posts.report.created.posts} posts from WXR (${(fs.statSync(xml).size / 1e6).toFixed(1)} MB) in ${posts.seconds.toFixed(2)} s (${Math.round(posts.report.created.posts / posts.seconds)} posts/s)`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await benchEntry(import.meta.url, { run });
