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
      '013-server-heartbeat.sql',
      '014-content-newsletter-sent.sql',
      '015-user-link-keys.sql',
      '016-site-identity.sql',
      '017-author-bio.sql',
      '018-images.sql',
      '019-writing.sql',
      '020-analytics.sql',
      '021-readership.sql',
      '022-confirmed-links.sql',
      '023-search-everything.sql',
      '024-imported-subscribers.sql',
      '025-analytics-key-in-memory.sql',
      '027-conversation-changes.sql',
      '028-newsletter-sent-elsewhere.sql',
      '029-analytics-sources-recounted.sql',
      '030-fediverse-storage.sql',
      '031-fediverse-account.sql',
      '032-fediverse-articles.sql',
      '033-fediverse-reactions.sql',
      '034-remote-replies.sql',
      '035-fediverse-blocks.sql',
      '036-fediverse-answers.sql',
      '037-webmention-received.sql',
      '038-webmention-sent.sql',
      '039-fediverse-jobs-claimable.sql',
      '040-fediverse-audience.sql',
      '041-fediverse-follows-ended.sql',
      '042-fediverse-jobs-queue.sql',
    ]);
    expect(upgrade.backup?.pending).toHaveLength(34);
    const snapshot = new Database(upgrade.backup!.file, { readonly: true });
    expect(snapshot.prepare('SELECT COUNT(*) FROM subscriptions').pluck().get()).toBe(2);
    snapshot.close();
    expect(db.prepare('SELECT COUNT(*) FROM subscriptions').pluck().get()).toBe(1);
    expect(fs.statSync(`${db.name}-wal`).size).toBe(0);
  });

  it("moves the server heartbeat out of the settings and keeps when each item's newsletter went out", async () => {
    const { db, cleanup } = databaseAt(12);
    cleanups.push(cleanup);
    db.exec(`INSERT INTO site_settings (key, value, updated_at)
      VALUES ('server_heartbeat', '2026-05-01T10:00:00.000Z', '2026-05-01T10:00:00.000Z')`);
    db.exec(`INSERT INTO content_items (kind, slug, source_path, source_hash, status, title,
        published_at, html, body_text, word_count, reading_minutes, synced_at)
      VALUES ('post', 'engines', 'posts/engines.md', 'h', 'published', 'Engines', '2026-04-01',
        '', '', 0, 1, '2026-04-01')`);
    db.exec(`INSERT INTO newsletter_issues (content_id, kind, slug, title, section, subject, status,
        started_at, created_at, updated_at)
      VALUES (1, 'post', 'engines', 'Engines', 'build', 'Engines', 'sent',
        '2026-04-02T08:00:00.000Z', '2026-04-02', '2026-04-02')`);

    await upgradeDatabase(db, { env: env(backupDir()), clock: manualClock() });

    expect(db.prepare('SELECT beat_at FROM server_heartbeat').pluck().get()).toBe(
      '2026-05-01T10:00:00.000Z',
    );
    expect(db.prepare(`SELECT count(*) FROM site_settings`).pluck().get()).toBe(0);
    expect(db.prepare('SELECT newsletter_sent_at FROM content_items').pluck().get()).toBe(
      '2026-04-02T08:00:00.000Z',
    );
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
