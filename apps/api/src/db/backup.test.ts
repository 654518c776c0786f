import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.js';
import { createTempDatabase } from '../test-support/test-app.js';
import { openDatabase } from './connection.js';
import { migrate } from './migrate.js';
import { beat, listBackups, restoreBackup, takeBackup } from './backup.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-backups-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function subscriberCount(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT COUNT(*) FROM subscriptions').pluck().get() as number;
  } finally {
    db.close();
  }
}

const insert = (db: Database.Database, n: number) =>
  db
    .prepare(
      `INSERT INTO subscriptions (email, name, status, link_key, subscribed_at, created_at, updated_at)
       VALUES (?, 'Reader', 'pending', 'key', @at, @at, @at)`,
    )
    .run(`reader${n}@example.com`, { at: '2026-01-01T00:00:00.000Z' });

describe('backups', () => {
  it('snapshots a database that is being written, whole, while its rows still sit in the WAL', async () => {
    const database = createTempDatabase();
    cleanups.push(database.cleanup);
    for (let n = 0; n < 500; n += 1) insert(database.db, n);
    // What a naive copy of site.db gets: the rows are in site.db-wal until a checkpoint.
    expect(fs.statSync(`${database.file}-wal`).size).toBeGreaterThan(0);

    const dir = tempDir();
    let writes = 500;
    const writer = setInterval(() => insert(database.db, writes++), 1);
    const backup = await takeBackup(database.db, { dir, keep: 14, clock: manualClock() });
    clearInterval(writer);

    expect(path.dirname(backup.file)).toBe(dir);
    expect(path.basename(backup.file)).toMatch(/^site-\d{8}-\d{6}Z\.db$/);
    expect(subscriberCount(backup.file)).toBeGreaterThanOrEqual(500);
    expect(subscriberCount(backup.file)).toBeLessThanOrEqual(writes);
    expect(fs.readdirSync(dir)).toEqual([path.basename(backup.file)]);
  });

  it('keeps the newest BACKUP_KEEP snapshots', async () => {
    const database = createTempDatabase();
    cleanups.push(database.cleanup);
    const dir = tempDir();
    const clock = manualClock();
    const taken: string[] = [];
    for (let n = 0; n < 4; n += 1) {
      taken.push((await takeBackup(database.db, { dir, keep: 2, clock })).file);
      clock.advance(60_000);
    }
    expect(listBackups(dir)).toEqual([taken[3], taken[2]]);
  });

  it('restores a snapshot, keeping the database it replaces, but never under a running server', async () => {
    const database = createTempDatabase();
    cleanups.push(database.cleanup);
    const clock = manualClock();
    insert(database.db, 1);
    const backup = await takeBackup(database.db, { dir: tempDir(), keep: 14, clock });
    insert(database.db, 2);
    beat(database.db, clock);

    expect(() => restoreBackup(backup.file, database.file, clock)).toThrow(
      /A server is using .* stop it, then restore/,
    );
    expect(subscriberCount(database.file)).toBe(2);

    database.db.close();
    clock.advance(60_000); // the server stopped beating a minute ago
    const { keptAs } = restoreBackup(backup.file, database.file, clock);
    expect(subscriberCount(database.file)).toBe(1);
    expect(subscriberCount(keptAs!)).toBe(2);
    cleanups.push(() => fs.rmSync(keptAs!, { force: true }));
  });

  it('makes the database, its snapshots, the copy a restore keeps and their folders private', async () => {
    const dir = tempDir();
    const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
    const target = path.join(dir, 'data', 'site.db');
    const db = openDatabase(target);
    migrate(db);
    insert(db, 1);
    expect(modeOf(path.dirname(target))).toBe(0o700);
    expect(modeOf(target)).toBe(0o600);
    expect(modeOf(`${target}-wal`)).toBe(0o600);

    const backups = path.join(dir, 'backups');
    const backup = await takeBackup(db, { dir: backups, keep: 3, clock: manualClock() });
    db.close();
    expect(modeOf(backups)).toBe(0o700);
    expect(modeOf(backup.file)).toBe(0o600);

    // A database and a snapshot from before, readable by everyone, are private once restored.
    fs.chmodSync(target, 0o644);
    fs.chmodSync(backup.file, 0o644);
    const { keptAs } = restoreBackup(backup.file, target, manualClock());
    expect(modeOf(keptAs!)).toBe(0o600);
    expect(modeOf(target)).toBe(0o600);
  });

  it('refuses a file that is not a sound database', () => {
    const dir = tempDir();
    const broken = path.join(dir, 'site-20260101-000000Z.db');
    fs.writeFileSync(broken, 'not a database');
    expect(() => restoreBackup(broken, path.join(dir, 'site.db'), manualClock())).toThrow();
    expect(fs.existsSync(path.join(dir, 'site.db'))).toBe(false);
  });
});

describe('pnpm backup and pnpm restore', () => {
  const apiDir = path.resolve(import.meta.dirname, '../..');
  /** The CLI in its own process, configured as a deployment would be: by environment. */
  const run = (script: string, args: string[], env: Record<string, string>) => {
    const envFile = path.join(tempDir(), '.env');
    fs.writeFileSync(
      envFile,
      Object.entries({ LOG_LEVEL: 'silent', ...env })
        .map(([name, value]) => `${name}=${value}`)
        .join('\n'),
    );
    return spawnSync(
      process.execPath,
      [`--env-file=${envFile}`, '--import', 'tsx', `src/cli/${script}.ts`, ...args],
      { cwd: apiDir, encoding: 'utf8' },
    );
  };

  it('prints the snapshot as its last line, and restores it, needing no server secret', () => {
    const dir = tempDir();
    // A cron job's environment in production: the database and its backups, nothing else.
    const env = {
      NODE_ENV: 'production',
      DATABASE_PATH: path.join(dir, 'site.db'),
      BACKUP_DIR: path.join(dir, 'backups'),
    };
    const db = new Database(env.DATABASE_PATH);
    db.exec("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('kept')");
    db.close();

    const backup = run('backup', [], env);
    expect(backup.status, backup.stderr).toBe(0);
    const file = backup.stdout.trim().split('\n').at(-1)!;
    expect(listBackups(env.BACKUP_DIR)).toEqual([file]);

    const restore = run('restore', [file], env);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`Restored ${env.DATABASE_PATH} from ${file}.`);
    expect(run('restore', [], env).status).toBe(2);
  });
});
