import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.js';
import { databaseAt } from '../test-support/migrations.js';
import { createTempDatabase } from '../test-support/test-app.js';
import { upgradeDatabase } from './upgrade.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function backupDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-upgrade-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const env = (dir: string) => ({
  BACKUP_DIR: dir,
  BACKUP_KEEP: 3,
  SESSION_SECRET: 'upgrade-test-secret-of-at-least-32-chars',
});

describe('upgradeDatabase', () => {
  it('snapshots a database holding data before migrating it, with the rows as they were', async () => {
    const { db, cleanup } = databaseAt(7);
    cleanups.push(cleanup);
    for (const email of ['reader@example.test', '<reader@example.test>']) {
      db.prepare(
        `INSERT INTO subscriptions (email, status, link_key, subscribed_at, created_at, updated_at)
         VALUES (?, 'pending', 'k', '2026-01-01', '2026-01-01', '2026-01-01')`,
      ).run(email);
    }
    const dir = backupDir();

    const upgrade = await upgradeDatabase(db, { env: env(dir), clock: manualClock() });

    expect(upgrade.applied.map((step) => step.name)).toEqual([
      '008-canonical-addresses',
      '009-sign-out-notices.sql',
      '010-sealed-mail-bodies',
      '011-relay-events.sql',
      '012-notifications.sql',
    ]);
    expect(upgrade.backup?.pending).toHaveLength(5);
    const snapshot = new Database(upgrade.backup!.file, { readonly: true });
    expect(snapshot.prepare('SELECT COUNT(*) FROM subscriptions').pluck().get()).toBe(2);
    snapshot.close();
    expect(db.prepare('SELECT COUNT(*) FROM subscriptions').pluck().get()).toBe(1);
    expect(fs.statSync(`${db.name}-wal`).size).toBe(0);
  });

  it('does nothing, and takes no snapshot, when nothing is pending', async () => {
    const database = createTempDatabase();
    cleanups.push(database.cleanup);
    const dir = backupDir();
    expect(await upgradeDatabase(database.db, { env: env(dir), clock: manualClock() })).toEqual({
      backup: null,
      applied: [],
    });
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
