import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { systemClock } from '../src/clock.js';
import { openDatabase } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { loadEnv } from '../src/env.js';
import { createLogger } from '../src/logger.js';
import { DevMailbox } from '../src/mail/dev-mailbox.js';
import { syncContent } from '../src/modules/content/index.js';
import { SERVER_NODE_FLAGS } from '../src/test-support/running-server.js';

/**
 * Runs `file --serve` in a child process (so the load generator in this one does not steal the
 * server's event loop), with the flags production gives Node, and resolves with the first line it
 * prints, parsed as JSON: its ports and whatever else it reports. `stop()` disconnects it, which
 * ends it.
 */
export async function startChildServer<T>(file: string): Promise<{ ready: T; stop(): void }> {
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', file, '--serve'],
    {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  const ready = await new Promise<T>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n')[0];
      if (buffer.includes('\n') && line) resolve(JSON.parse(line) as T);
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { ready, stop: () => child.disconnect() };
}

const repositoryContent = path.resolve(import.meta.dirname, '../../../tests/fixtures/content');

/**
 * Child side: the tests' fixture content (or `contentDir`) synced into a fresh SQLite file, with
 * the dependencies createApp needs. The file goes when the parent disconnects.
 */
export function benchSite(
  name: string,
  contentDir = repositoryContent,
  extraEnv: Record<string, string> = {},
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `quillpost-bench-${name}-`));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_PATH: path.join(dir, 'site.db'),
    CONTENT_DIR: contentDir,
    ...extraEnv,
  });
  const logger = createLogger(env.LOG_LEVEL);
  const db = openDatabase(env.DATABASE_PATH);
  migrate(db);
  const report = syncContent(db, env.CONTENT_DIR, systemClock, logger);
  if (report.errors.length) throw new Error(`content errors: ${JSON.stringify(report.errors)}`);
  process.on('disconnect', () => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
  return {
    env,
    db,
    logger,
    deps: { env, db, clock: systemClock, logger, mailer: new DevMailbox(logger) },
  };
}

/**
 * A bench file's entry point: its child side when started with `--serve [argument]`, the whole
 * bench when run alone (`tsx bench/<file>.ts`), nothing when bench/run.ts imports it.
 */
export async function benchEntry(
  moduleUrl: string,
  sides: { run(): Promise<void>; serve?(argument: string): Promise<void> },
): Promise<void> {
  const serveAt = process.argv.indexOf('--serve');
  if (sides.serve && serveAt !== -1) {
    await sides.serve(process.argv[serveAt + 1] ?? '');
  } else if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(moduleUrl)) {
    await sides.run();
  }
}
