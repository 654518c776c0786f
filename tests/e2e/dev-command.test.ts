/**
 * The README's development command on another owner's site: `CONTENT_DIR=… PORT=… pnpm dev`
 * serves that folder on that port. turbo passes a task only the environment it is told about
 * unless `envMode` is loose (turbo.json): without it, this site was the sample's, on 8787.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@quillpost/api/test-support/free-port';
import { FIXTURE_CONTENT } from '../support/site.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-dev-'));
let stop = async () => {};

afterAll(async () => {
  await stop();
  fs.rmSync(folder, { recursive: true, force: true });
}, 20_000);

/** True while any process of the group still runs (signal 0 only asks). */
function groupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
}

async function pageOnceUp(url: string, deadline: number): Promise<string> {
  for (;;) {
    const html = await fetch(url).then(
      (response) => (response.ok ? response.text() : null),
      () => null,
    );
    if (html) return html;
    if (Date.now() > deadline) throw new Error(`${url} did not answer in time`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('pnpm dev', () => {
  it('serves the content folder, port and web origin it is started with', async () => {
    const contentDir = path.join(folder, 'my-site');
    fs.cpSync(FIXTURE_CONTENT, contentDir, { recursive: true });
    const siteYml = path.join(contentDir, 'site.yml');
    fs.writeFileSync(
      siteYml,
      fs.readFileSync(siteYml, 'utf8').replace(/^title: .*$/m, 'title: Field Notes'),
    );
    const [port, webPort] = [await freePort(), await freePort()];
    const child = spawn('pnpm', ['dev'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        CONTENT_DIR: contentDir,
        PORT: String(port),
        WEB_ORIGIN: `http://localhost:${webPort}`,
        DATABASE_PATH: path.join(folder, 'site.db'),
        ADMIN_EMAILS: 'mara@example.com',
      },
      // Its own process group: turbo, pnpm, tsx and the server stop together.
      detached: true,
      stdio: 'ignore',
    });
    // The server still writes its database and cards as it shuts down: the folder is removed
    // only once every process of the group has gone.
    stop = async () => {
      if (!groupAlive(child.pid!)) return;
      process.kill(-child.pid!, 'SIGTERM');
      const deadline = Date.now() + 15_000;
      while (groupAlive(child.pid!)) {
        if (Date.now() > deadline) process.kill(-child.pid!, 'SIGKILL');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    const deadline = Date.now() + 90_000;
    const home = await pageOnceUp(`http://127.0.0.1:${port}/`, deadline);
    const siteName = /<meta [^>]*property="og:site_name" content="([^"]*)"/;
    expect(siteName.exec(home)?.[1]).toBe('Field Notes');
    const viaWebOrigin = await pageOnceUp(`http://localhost:${webPort}/`, deadline);
    expect(siteName.exec(viaWebOrigin)?.[1]).toBe('Field Notes');
  }, 120_000);
});
