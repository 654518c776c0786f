/**
 * A backup of a database holding 10,000 subscribers, taken while subscribes keep arriving (a row
 * inserted every millisecond meanwhile): how long the snapshot takes, how big it is, and that it
 * holds every row committed before it started.
 * `pnpm bench` runs it through bench/run.ts; `tsx bench/backup.ts` runs it alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { systemClock } from '../src/clock.js';
import { takeBackup } from '../src/db/backup.js';
import { openDatabase } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { benchEntry } from './child-server.js';

const SUBSCRIBERS = 10_000;

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-bench-backup-'));
  try {
    const db = openDatabase(path.join(dir, 'site.db'));
    migrate(db);
    const insert = db.prepare(
      `INSERT INTO subscriptions (email, name, status, verified, link_key, preferences,
         subscribed_at, created_at, updated_at)
       VALUES (?, 'A reader', 'active', 1, 'link-key', '{"build":true,"learn":true,"write":true}',
         @at, @at, @at)`,
    );
    const at = { at: new Date().toISOString() };
    db.transaction(() => {
      for (let n = 0; n < SUBSCRIBERS; n += 1) insert.run(`reader${n}@example.com`, at);
    })();

    let more = 0;
    const writer = setInterval(() => insert.run(`late${more++}@example.com`, at), 1);
    const backup = await takeBackup(db, {
      dir: path.join(dir, 'backups'),
      keep: 1,
      clock: systemClock,
    });
    clearInterval(writer);

    const snapshot = new Database(backup.file, { readonly: true });
    const rows = snapshot.prepare('SELECT COUNT(*) FROM subscriptions').pluck().get() as number;
    snapshot.close();
    db.close();
    const ok = rows >= SUBSCRIBERS;
    console.log(
      `Backup of ${SUBSCRIBERS.toLocaleString('en')} subscribers while subscribes continue (${more} written during it): ` +
        `${backup.durationMs.toFixed(0)} ms, ${(backup.bytes / 1024 / 1024).toFixed(1)} MiB, ` +
        `integrity ok, ${rows.toLocaleString('en')} rows in the snapshot ${ok ? 'OK' : 'MISSING ROWS'}`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await benchEntry(import.meta.url, { run });
