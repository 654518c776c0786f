import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { openBody, bodyKey } from '../../mail/sealed-body.js';
import { databaseAt } from '../../test-support/migrations.js';
import type { Db } from '../connection.js';
import { migrate } from '../migrate.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const SECRET = 'migration-test-secret-of-at-least-32-chars';

function databaseAt009(): Db {
  const { db, cleanup } = databaseAt(9);
  cleanups.push(cleanup);
  return db;
}

function queueClear(db: Db, status: string, text: string): void {
  db.prepare(
    `INSERT INTO mail_outbox (kind, recipient, subject, html, text, headers, message_id, status,
       next_attempt_at, created_at)
     VALUES ('magic-link', 'reader@example.test', 'Sign in', ?, ?, '{"X-Test":"1"}', ?, ?,
       '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
  ).run(`<p>${text}</p>`, text, `id-${status}`, status);
}

describe('migration 010: sealed mail bodies', () => {
  it('seals queued mail, drops the bodies of delivered mail, and leaves no clear text in the file', () => {
    const db = databaseAt009();
    queueClear(db, 'pending', 'WAITING-LINK-token');
    queueClear(db, 'sent', 'DELIVERED-LINK-token');

    const applied = migrate(db, { sessionSecret: SECRET });

    expect(applied).toContainEqual({
      name: '010-sealed-mail-bodies',
      notes: ['sealed 1 queued mails; removed the bodies of 1 sent or failed ones'],
    });
    const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('mail_outbox');
    expect(columns).not.toContain('html');
    expect(columns).not.toContain('text');
    const [waiting, delivered] = db
      .prepare('SELECT message_id, body FROM mail_outbox ORDER BY id')
      .all() as { message_id: string; body: Buffer | null }[];
    expect(openBody(bodyKey(SECRET), waiting!.message_id, waiting!.body!)).toEqual({
      html: '<p>WAITING-LINK-token</p>',
      text: 'WAITING-LINK-token',
      headers: { 'X-Test': '1' },
    });
    expect(delivered?.body).toBeNull();
    db.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = fs.readFileSync(db.name).toString('latin1');
    expect(bytes).not.toContain('WAITING-LINK');
    expect(bytes).not.toContain('DELIVERED-LINK');
  });

  it('refuses to run without SESSION_SECRET when queued mail needs sealing, changing nothing', () => {
    const db = databaseAt009();
    queueClear(db, 'pending', 'WAITING');
    expect(() => migrate(db)).toThrow('1 queued mails need SESSION_SECRET to be sealed');
    expect(db.prepare('SELECT text FROM mail_outbox').pluck().get()).toBe('WAITING');
  });
});
