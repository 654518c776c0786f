import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@quillpost/api/test-support/free-port';
import { SERVER_NODE_FLAGS } from '@quillpost/api/test-support/running-server';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const serverEntry = path.join(repoRoot, 'apps/api/dist/server.js');
const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');

/**
 * The tests' own content: a frozen copy of the sample site, so an owner who replaces `content/`
 * with their writing keeps every test green.
 */
export const FIXTURE_CONTENT = path.join(repoRoot, 'tests/fixtures/content');

export interface RunningSite {
  url: string;
  dataDir: string;
  /**
   * Stops the server and starts it again on the same port and data, as an upgrade or a reboot
   * does; `meanwhile` runs while it is down (to change its database, say).
   */
  restart(meanwhile?: () => void | Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the production build (API + built web in one process) on a free port with a fresh SQLite
 * file, a copy of the fixture content (the console writes site.yml; the fixture must stay as it
 * is), plus `content` (files by path, written over the copy), and the given SMTP server.
 */
export async function startSite(options: {
  smtpUrl: string;
  env?: Record<string, string>;
  content?: Record<string, string | Buffer>;
  /** The content folder to copy instead of the fixture (a starter site, say). */
  contentFrom?: string;
}): Promise<RunningSite> {
  for (const required of [serverEntry, webIndex]) {
    if (!fs.existsSync(required))
      throw new Error(`${required} is missing: run \`pnpm build\` first.`);
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-e2e-'));
  const contentDir = path.join(dataDir, 'content');
  fs.cpSync(options.contentFrom ?? FIXTURE_CONTENT, contentDir, { recursive: true });
  for (const [relative, bytes] of Object.entries(options.content ?? {})) {
    fs.mkdirSync(path.dirname(path.join(contentDir, relative)), { recursive: true });
    fs.writeFileSync(path.join(contentDir, relative), bytes);
  }
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_PATH: path.join(dataDir, 'site.db'),
    CONTENT_DIR: contentDir,
    WEB_ORIGIN: url,
    PUBLIC_URL: url,
    SMTP_URL: options.smtpUrl,
    MAIL_FROM: 'Rowan Ellis <newsletter@example.test>',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const start = async (): Promise<ChildProcess> => {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The site exited with code ${child.exitCode}`);
      try {
        const res = await fetch(`${url}/api/health`);
        if (res.ok) return child;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('The site did not become healthy within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const halt = async (child: ChildProcess) => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  let child = await start();

  return {
    url,
    dataDir,
    async restart(meanwhile) {
      await halt(child);
      await meanwhile?.();
      child = await start();
    },
    async stop() {
      await halt(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The site's SQLite database, opened with the API's own driver: for a test to set up what only
 * time would (a digest a day old), while the site is stopped.
 */
export function openSiteDatabase(site: RunningSite): SiteDatabase {
  const requireFromApi = createRequire(path.join(repoRoot, 'apps/api/package.json'));
  const Database = requireFromApi('better-sqlite3') as new (file: string) => SiteDatabase;
  return new Database(path.join(site.dataDir, 'site.db'));
}

/** What a test uses of better-sqlite3 (the tests do not carry its types). */
export interface SiteDatabase {
  prepare(sql: string): { run(...values: unknown[]): unknown };
  close(): void;
}
