/**
 * `pnpm content sync`: reads CONTENT_DIR into the configured database now, as the running
 * server's watcher does within a second of a save (or when CONTENT_WATCH=false, the only way).
 * Prints what changed and every file it had to skip, and exits non-zero if it skipped any.
 *
 * `pnpm content init [DIR] [--title T] [--name N] [--email E] [--language L] [--timezone Z]
 * [--handle H]`:
 * writes a starter content folder (site.yml with these details, a welcome post and the fixed
 * pages) into DIR (CONTENT_DIR by default), which must be empty; asks for what the flags leave
 * out when a person is typing.
 *
 * In the production image (no tsx): `node apps/api/dist/cli/content.js sync` (or `init`).
 */
import '../runtime-check.js';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { calendarDayIn, defaultFediverseHandle } from '@quillpost/domain';
import { systemClock } from '../clock.js';
import { openDatabase } from '../db/connection.js';
import { upgradeDatabase } from '../db/upgrade.js';
import { loadEnv } from '../env.js';
import { createLogger } from '../logger.js';
import { syncContent, writeStarter, type StarterDetails } from '../modules/content/index.js';

const USAGE =
  'Usage: pnpm content sync\n       pnpm content init [DIR] [--title T] [--name N] [--email E] [--language L] [--timezone Z] [--handle H]';

async function init(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      title: { type: 'string' },
      name: { type: 'string' },
      email: { type: 'string' },
      language: { type: 'string' },
      timezone: { type: 'string' },
      handle: { type: 'string' },
    },
  });
  const env = loadEnv();
  const dir = positionals[0]
    ? path.resolve(env.INIT_CWD ?? process.cwd(), positionals[0])
    : env.CONTENT_DIR;
  const prompt = process.stdin.isTTY
    ? createInterface({ input: process.stdin, output: process.stdout })
    : null;
  const ask = async (given: string | undefined, question: string, fallback: string) => {
    if (given !== undefined) return given;
    const answer = prompt ? (await prompt.question(`${question} [${fallback}] `)).trim() : '';
    return answer || fallback;
  };
  const ownerName = await ask(values.name, 'Your name?', 'The owner');
  const details: StarterDetails = {
    ownerName,
    title: await ask(values.title, 'The site’s title?', ownerName),
    language: await ask(values.language, 'Language (en, en-GB, fr…)?', 'en'),
    timezone: await ask(
      values.timezone,
      'Time zone?',
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    ),
  };
  const email = await ask(values.email, 'A public contact email (empty for none)?', '');
  if (email) details.email = email;
  details.fediverseHandle = await ask(
    values.handle,
    'Your fediverse handle (letters, digits and _; people follow @handle@your-site)?',
    defaultFediverseHandle(ownerName),
  );
  prompt?.close();
  const files = writeStarter(
    dir,
    details,
    calendarDayIn(systemClock.now(), details.timezone ?? 'UTC'),
  );
  console.log(`Wrote ${files.length} files into ${dir}:`);
  for (const file of files) console.log(`  ${file}`);
  console.log(
    `Start the site with CONTENT_DIR=${dir}; edit ${path.join(dir, 'site.yml')} or Console → Site.`,
  );
}

async function sync(): Promise<void> {
  const env = loadEnv();
  const db = openDatabase(env.DATABASE_PATH);
  const upgrade = await upgradeDatabase(db, { env, clock: systemClock });
  if (upgrade.backup) console.warn(`Backup before migrating: ${upgrade.backup.file}`);
  for (const { name, notes } of upgrade.applied) {
    for (const note of notes) console.warn(`${name}: ${note}`);
  }
  const report = syncContent(db, env.CONTENT_DIR, systemClock, createLogger('silent'));
  db.close();
  const list = (label: string, files: string[]) =>
    files.length ? `${label}: ${files.join(', ')}` : `${label}: none`;
  console.log(`Synced ${env.CONTENT_DIR} (${report.unchanged} unchanged).`);
  console.log(list('Added', report.added));
  console.log(list('Updated', report.updated));
  console.log(list('Removed', report.removed));
  for (const error of report.errors) {
    console.error(`Skipped ${error.file}:${error.line}: ${error.message}`);
  }
  if (report.errors.length) process.exitCode = 1;
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'init') {
  await init(rest).catch((error: unknown) => {
    console.error((error as Error).message);
    process.exitCode = 1;
  });
} else if (command === 'sync') {
  await sync();
} else {
  console.error(USAGE);
  process.exitCode = 2;
}
