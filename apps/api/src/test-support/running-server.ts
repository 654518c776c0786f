/**
 * The site as production runs it, from source: src/server.ts (boot: content sync, preview-card
 * painter, image pipeline, mail) in a process of its own on a free loopback port, with a fresh
 * SQLite file and the content folder it is given. For tests and benches that look at the process
 * itself (the native code it loads, the processes it starts), not only at its answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseMagicLinkMail } from './auth.js';
import { freePort } from './free-port.js';

const apiDir = path.resolve(import.meta.dirname, '../..');

/**
 * What every production start gives Node (the Dockerfile's CMD, `pnpm start`, the README's and
 * `pnpm release`'s start line): V8's young generation capped at its long-standing size
 * (docs/decisions/0043-a-young-generation-of-fixed-size.md).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];

/** The owner's address (ADMIN_EMAILS): signing in with it gives the owner's console. */
export const OWNER_EMAIL = 'owner@example.com';

export interface RunningServer {
  url: string;
  /** The server's process id: /proc/<pid> tells what it loaded and which processes it started. */
  pid: number;
  dataDir: string;
  /** What the server printed to stdout so far (its JSON log lines). */
  log(): string;
  /** Signs the owner in through the real magic-link flow; answers the `qp_session=...` cookie. */
  signInOwner(): Promise<string>;
  stop(): Promise<void>;
}

function cookieOf(res: Response, name: string): string | undefined {
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${name}=`) || pair.startsWith(`__Host-${name}=`));
}

/**
 * Starts the server on `contentDir`. Without `pages` it serves the API alone (no web build);
 * with it, the web app's build in apps/web/dist renders the pages, as in production.
 */
export async function startServer(options: {
  contentDir: string;
  pages?: boolean;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-server-'));
  // Configured by environment, as a deployment is.
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_PATH: path.join(dataDir, 'site.db'),
    BACKUP_DIR: path.join(dataDir, 'backups'),
    CONTENT_DIR: options.contentDir,
    WEB_ORIGIN: url,
    PUBLIC_URL: url,
    ADMIN_EMAILS: OWNER_EMAIL,
    LOG_LEVEL: 'warn',
    ...(options.pages ? {} : { WEB_DIST_DIR: path.join(dataDir, 'no-web-build') }),
    ...options.env,
  };
  const envFile = path.join(dataDir, '.env');
  fs.writeFileSync(
    envFile,
    Object.entries(env)
      .map(([name, value]) => `${name}=${value}`)
      .join('\n'),
  );
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      `--env-file=${envFile}`,
      '--import',
      'tsx',
      path.join(apiDir, 'src/server.ts'),
    ],
    { cwd: apiDir, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error('The server did not become healthy within 30 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    pid: child.pid!,
    dataDir,
    log: () => printed,
    async signInOwner() {
      const asked = await fetch(`${url}/api/auth/magic-link`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: url },
        body: JSON.stringify({ email: OWNER_EMAIL }),
      });
      if (!asked.ok) throw new Error(`magic link request failed: ${asked.status}`);
      // The development mailbox (no SMTP_URL outside production), newest first. The outbox
      // sends after answering, so the mail arrives a moment later on a busy machine.
      const deadline = Date.now() + 15_000;
      let mail: { to: string; text: string } | undefined;
      while (!mail) {
        const { messages } = (await (await fetch(`${url}/dev/mailbox.json`)).json()) as {
          messages: Array<{ to: string; text: string }>;
        };
        mail = messages.find((message) => message.to.includes(OWNER_EMAIL));
        if (mail) break;
        if (Date.now() > deadline) throw new Error('no magic-link mail for the owner');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const link = parseMagicLinkMail(mail.text).url;
      const page = await fetch(`${url}${link.pathname}${link.search}`);
      const text = await page.text();
      const csrf = /name="csrf" value="([^"]+)"/.exec(text)?.[1] ?? '';
      const token = /name="token" value="([^"]+)"/.exec(text)?.[1] ?? '';
      const verified = await fetch(`${url}/api/auth/magic-link/verify`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          Cookie: cookieOf(page, 'qp_magic_confirm') ?? '',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ token, csrf }),
      });
      const session = cookieOf(verified, 'qp_session');
      if (!session) throw new Error(`magic link sign-in failed: ${verified.status}`);
      return session;
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
