/**
 * `pnpm data import <source> <path> [--dry-run] [--overwrite] [--category C] [--map k=Column,…]
 * [--no-fetch] [--grant-role role:address …]`: brings writing and readers in from another
 * platform (issue 27); <source> is substack, ghost, wordpress, csv or archive (this site's own
 * export). Prints what was (or, with --dry-run, would be) created, kept and refused, every file
 * written and every member's role, and writes the report to data/imports/. Nobody is mailed. An
 * archive's people come in as members: one keeps a higher role the archive gives them only when
 * confirmed by `--grant-role admin:ada@example.com` (one flag per person).
 *
 * `pnpm data export [file]`: the whole site in one zip (default: data/exports/<time>.zip).
 *
 * In the production image (no tsx): `node apps/api/dist/cli/data.js import …` (or `export`).
 */
import '../runtime-check.js';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readRoleGrants } from '@quillpost/domain';
import { systemClock } from '../clock.js';
import { openDatabase } from '../db/connection.js';
import { upgradeDatabase } from '../db/upgrade.js';
import { loadEnv, type Env } from '../env.js';
import { createLogger } from '../logger.js';
import { syncContent } from '../modules/content/index.js';
import {
  dataFolder,
  exportEverything,
  fetchRemoteImage,
  IMPORT_SOURCES,
  ImportError,
  importStagingRoot,
  openExport,
  readExport,
  runImport,
  sweepImportLeftovers,
  type ColumnMap,
  type ImportReport,
  type ImportSource,
} from '../modules/portability/index.js';
import { siteIdentity } from '../modules/site/index.js';

const USAGE = `Usage: pnpm data import <${IMPORT_SOURCES.join('|')}> <path> [--dry-run] [--overwrite] [--category C] [--map email=Column,name=Column] [--no-fetch] [--grant-role role:address …]
       pnpm data export [file]`;

async function database(env: Env) {
  const db = openDatabase(env.DATABASE_PATH);
  await upgradeDatabase(db, { env, clock: systemClock });
  return db;
}

const where = (env: Env, given: string) => path.resolve(env.INIT_CWD ?? process.cwd(), given);

function printReport(report: ImportReport): void {
  const c = report.created;
  const verb = report.dryRun ? 'Would create' : 'Created';
  console.log(
    `${verb}: ${c.posts} posts, ${c.drafts} drafts, ${c.pages} pages, ${c.images} images, ` +
      `${c.subscribers} active subscribers, ${c.unsubscribed} unsubscribed, ${c.bounced} bounced, ` +
      `${c.members} members, ${c.files} archived files.`,
  );
  const list = (label: string, problems: ImportReport['kept']) => {
    if (problems.length === 0) return;
    console.log(`${label} (${problems.length}):`);
    for (const problem of problems) console.log(`  ${problem.where}: ${problem.message}`);
  };
  list('Read', report.notes);
  list('Kept as they are', report.kept);
  list('Refused', report.refused);
  if (report.paths.length) {
    console.log(`${report.dryRun ? 'Would write' : 'Wrote'} (${report.paths.length}):`);
    for (const file of report.paths) console.log(`  ${file}`);
  }
  if (report.roles.length) {
    console.log(`Members and their roles (${report.roles.length}):`);
    for (const { member, role, signIn } of report.roles) {
      console.log(`  ${member}: ${role} (signs in by ${signIn.join(', ') || 'nothing yet'})`);
    }
  }
  if (report.fediverse) {
    const { keys, handles, followers, blocks, replies } = report.fediverse;
    console.log(
      `The fediverse account: ${keys.length ? `its keys (${keys.join(', ')})` : 'the site keeps its keys'}, ` +
        `${handles.length} earlier handles${handles.length ? ` (${handles.join(', ')})` : ''}, ` +
        `${followers.length} followers:`,
    );
    for (const follower of followers) console.log(`  ${follower}`);
    if (blocks.length) console.log(`  and ${blocks.length} blocks: ${blocks.join(', ')}`);
    if (replies.length) console.log(`  and ${replies.length} replies from other servers`);
  }
  if (report.remoteImages.length) {
    console.log(`Remote images kept as links (${report.remoteImages.length}):`);
    for (const url of report.remoteImages) console.log(`  ${url}`);
  }
  if (report.reportFile) console.log(`Report: ${report.reportFile}`);
}

async function importCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      overwrite: { type: 'boolean', default: false },
      category: { type: 'string', default: 'write' },
      map: { type: 'string' },
      'no-fetch': { type: 'boolean', default: false },
      'grant-role': { type: 'string', multiple: true, default: [] },
    },
  });
  const [source, location] = positionals;
  if (!IMPORT_SOURCES.includes(source as ImportSource) || !location) throw new ImportError(USAGE);
  const grants = readRoleGrants(values['grant-role']);
  if (!grants.ok) throw new ImportError(grants.message);
  const map = Object.fromEntries(
    (values.map ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split('=').map((part) => part.trim())),
  ) as ColumnMap;
  const env = loadEnv();
  const staging = importStagingRoot(env);
  // What imports killed half-way left goes before another starts; one still running is left be.
  sweepImportLeftovers(staging, env.CONTENT_DIR);
  const files = await openExport(where(env, location), staging);
  try {
    const bundle = readExport(source as ImportSource, files, map);
    const db = await database(env);
    try {
      const report = await runImport(
        {
          db,
          contentDir: env.CONTENT_DIR,
          reportsDir: dataFolder(env, 'imports'),
          stagingDir: staging,
          logger: createLogger(env.LOG_LEVEL),
          now: new Date().toISOString(),
          fetchImage: fetchRemoteImage,
          sync: () => syncContent(db, env.CONTENT_DIR, systemClock, createLogger('silent')),
        },
        source as ImportSource,
        bundle,
        files,
        {
          dryRun: values['dry-run'],
          overwrite: values.overwrite,
          category: values.category,
          fetchImages: !values['no-fetch'],
          grants: grants.grants,
        },
      );
      printReport(report);
    } finally {
      db.close();
    }
  } finally {
    files.close();
  }
}

async function exportCommand(args: string[]): Promise<void> {
  const env = loadEnv();
  const now = new Date().toISOString();
  const file = args[0]
    ? where(env, args[0])
    : path.join(dataFolder(env, 'exports'), `${now.replace(/[:.]/g, '-')}.zip`);
  const db = await database(env);
  try {
    const done = await exportEverything(
      { db, contentDir: env.CONTENT_DIR, siteTitle: siteIdentity(db).title, now },
      file,
    );
    console.log(
      `Exported ${done.files} content files, ${done.subscribers} subscribers and ${done.members} members (${(done.bytes / 1024).toFixed(0)} kB) to ${file}`,
    );
  } finally {
    db.close();
  }
}

const [command, ...rest] = process.argv.slice(2);
const run = command === 'import' ? importCommand : command === 'export' ? exportCommand : null;
if (!run) {
  console.error(USAGE);
  process.exitCode = 2;
} else {
  await run(rest).catch((error: unknown) => {
    if (!(error instanceof ImportError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  });
}
