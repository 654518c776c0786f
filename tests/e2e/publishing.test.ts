/**
 * Publishing without a restart: the production server notices a new, edited or deleted Markdown
 * file within seconds, and the API, the server-rendered page and the feeds all show it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpSink, type SmtpSink } from '@quillpost/api/test-support/smtp-sink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT, startSite, type RunningSite } from '../support/site.js';

let sink: SmtpSink;
let site: RunningSite;
let contentDir: string;

beforeAll(async () => {
  contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-publishing-'));
  fs.cpSync(FIXTURE_CONTENT, contentDir, { recursive: true });
  sink = await startSmtpSink();
  site = await startSite({ smtpUrl: sink.url, env: { CONTENT_DIR: contentDir } });
});

afterAll(async () => {
  await site?.stop();
  await sink?.close();
  fs.rmSync(contentDir, { recursive: true, force: true });
});

const postFile = () => path.join(contentDir, 'posts', '2026-11-20-fresh-off-the-desk.md');
const writePost = (title: string) =>
  fs.writeFileSync(
    postFile(),
    `---\ntitle: ${JSON.stringify(title)}\ndate: 2026-11-20\ncategory: write\n---\n\nWritten while the site ran.\n`,
  );

async function page(pathname: string) {
  const response = await fetch(site.url + pathname, { headers: { Accept: 'text/html' } });
  return { status: response.status, text: await response.text() };
}

/** Polls until `check` passes, for at most a few seconds: what "live" should mean. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not live after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

describe('publishing while the site runs', () => {
  it('shows a new post, then its edit, then takes it down when the file goes', async () => {
    const slug = '/posts/fresh-off-the-desk';
    expect((await page(slug)).status).toBe(404);

    writePost('Fresh off the desk');
    await within(5_000, async () => (await page(slug)).status === 200);
    expect((await page(slug)).text).toContain('Fresh off the desk');
    const api = (await (await fetch(`${site.url}/api/posts/fresh-off-the-desk`)).json()) as {
      title: string;
    };
    expect(api.title).toBe('Fresh off the desk');
    expect(await (await fetch(`${site.url}/rss.xml`)).text()).toContain('Fresh off the desk');

    writePost('Fresh off the desk, revised');
    await within(5_000, async () =>
      (await page(slug)).text.includes('Fresh off the desk, revised'),
    );

    fs.rmSync(postFile());
    await within(5_000, async () => (await page(slug)).status === 404);
    expect(await (await fetch(`${site.url}/rss.xml`)).text()).not.toContain('Fresh off the desk');
  });
});
