import { afterEach, describe, expect, it } from 'vitest';
import { databaseAt } from '../../test-support/migrations.js';
import type { Db } from '../connection.js';
import { migrate } from '../migrate.js';
import { canonicalAddresses, deliveredMailbox } from './008-canonical-addresses.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function databaseAt007(): Db {
  const { db, cleanup } = databaseAt(7);
  cleanups.push(cleanup);
  return db;
}

function subscribe(db: Db, email: string, at: string, verified = false): number {
  const id = Number(
    db
      .prepare(
        `INSERT INTO subscriptions (email, status, verified, link_key, subscribed_at, created_at, updated_at)
         VALUES (?, ?, ?, 'key', @at, @at, @at)`,
      )
      .run(email, verified ? 'active' : 'pending', verified ? 1 : 0, { at }).lastInsertRowid,
  );
  db.prepare(
    `INSERT INTO consent_records (subscription_id, action, source, consent_text, created_at)
     VALUES (?, 'subscribe', 'subscribe-form', 'yes', ?)`,
  ).run(id, at);
  return id;
}

function signUp(db: Db, email: string, at: string): number {
  const id = Number(
    db
      .prepare(
        `INSERT INTO users (email, email_verified, role, created_at, updated_at) VALUES (?, 1, 'member', ?, ?)`,
      )
      .run(email, at, at).lastInsertRowid,
  );
  db.prepare(
    `INSERT INTO accounts (user_id, provider, provider_account_id, email, email_verified, is_primary, created_at, updated_at)
     VALUES (?, 'email', ?, ?, 1, 1, ?, ?)`,
  ).run(id, email, email, at, at);
  db.prepare(
    `INSERT INTO sessions (id_hash, public_id, user_id, method, created_at, last_seen_at, absolute_expires_at)
     VALUES (?, ?, ?, 'email', ?, ?, '2099-01-01T00:00:00.000Z')`,
  ).run(`hash-${id}`, `public-${id}`, id, at, at);
  return id;
}

const column = <T>(db: Db, sql: string, ...params: unknown[]) =>
  db
    .prepare(sql)
    .pluck()
    .all(...params) as T[];

describe('deliveredMailbox', () => {
  it.each([
    ['reader@example.test', 'reader@example.test'],
    [' Reader@Example.TEST', 'reader@example.test'],
    ['<reader@example.test>', 'reader@example.test'],
    ['x<reader@example.test>', 'reader@example.test'],
    ['reader@example.test>', 'reader@example.test'],
    ['"Reader" <reader@example.test>', 'reader@example.test'],
    ['a@[127.0.0.1]', null],
    ['a@example..test', null],
    ['a@b.test, c@d.test', null],
  ])('%j reaches %j', (stored, mailbox) => {
    expect(deliveredMailbox(stored)).toBe(mailbox);
  });
});

describe('migration 008: canonical addresses', () => {
  it('merges subscriptions that reach one mailbox into the oldest, keeping every consent record', () => {
    const db = databaseAt007();
    const oldest = subscribe(db, 'Reader@Example.test', '2026-01-01T00:00:00.000Z', true);
    const copies = [
      subscribe(db, 'x<reader@example.test>', '2026-02-01T00:00:00.000Z'),
      subscribe(db, '"Reader" <reader@example.test>', '2026-02-02T00:00:00.000Z'),
      subscribe(db, 'reader@example.test>', '2026-02-03T00:00:00.000Z'),
    ];
    const ipLiteral = subscribe(db, 'a@[127.0.0.1]', '2026-02-04T00:00:00.000Z');
    const other = subscribe(db, 'Zoe@Bücher.example', '2026-02-05T00:00:00.000Z');

    const notes = canonicalAddresses.run(db, {});

    expect(
      db.prepare('SELECT id, email, verified, status FROM subscriptions ORDER BY id').all(),
    ).toEqual([
      { id: oldest, email: 'reader@example.test', verified: 1, status: 'active' },
      { id: ipLiteral, email: 'a@[127.0.0.1]', verified: 0, status: 'pending' },
      { id: other, email: 'zoe@xn--bcher-kva.example', verified: 0, status: 'pending' },
    ]);
    expect(column(db, 'SELECT subscription_id FROM consent_records ORDER BY id')).toEqual([
      oldest,
      oldest,
      oldest,
      oldest,
      ipLiteral,
      other,
    ]);
    expect(
      column(db, 'SELECT bounced_at IS NOT NULL FROM subscriptions WHERE id = ?', ipLiteral),
    ).toEqual([1]);
    expect(notes).toContain(
      `subscription reader@example.test: kept #${oldest} with the state of #${oldest}, merged #${copies[0]} ("x<reader@example.test>"), #${copies[1]} ("\\"Reader\\" <reader@example.test>"), #${copies[2]} ("reader@example.test>")`,
    );
    expect(notes.some((note) => note.includes('a@[127.0.0.1]') && note.includes('bounced'))).toBe(
      true,
    );
  });

  it("an older claim by someone else does not override what the mailbox's owner confirmed or withdrew", () => {
    const db = databaseAt007();
    const planted = subscribe(db, 'x<reader@example.test>', '2026-01-01T00:00:00.000Z');
    const confirmed = subscribe(db, 'reader@example.test', '2026-02-01T00:00:00.000Z', true);
    db.prepare(`UPDATE subscriptions SET verified_at = ?, name = 'Owner' WHERE id = ?`).run(
      '2026-02-01T00:05:00.000Z',
      confirmed,
    );
    const withdrawn = subscribe(db, 'Reader@Example.test>', '2026-03-01T00:00:00.000Z');
    db.prepare(
      `UPDATE subscriptions SET status = 'unsubscribed', unsubscribed_at = ? WHERE id = ?`,
    ).run('2026-03-02T00:00:00.000Z', withdrawn);

    const notes = canonicalAddresses.run(db, {});

    expect(
      db.prepare('SELECT id, email, status, unsubscribed_at FROM subscriptions').all(),
    ).toEqual([
      {
        id: planted,
        email: 'reader@example.test',
        status: 'unsubscribed',
        unsubscribed_at: '2026-03-02T00:00:00.000Z',
      },
    ]);
    expect(notes[0]).toMatch(
      new RegExp(
        `^subscription reader@example.test: kept #${planted} with the state of #${withdrawn}, `,
      ),
    );
  });

  it('leaves one user proving a mailbox, signs the copies out and keeps one email sign-in per mailbox', () => {
    const db = databaseAt007();
    const owner = signUp(db, 'reader@example.test', '2026-01-01T00:00:00.000Z');
    const copy = signUp(db, 'z<reader@example.test>', '2026-03-01T00:00:00.000Z');
    db.prepare(
      `INSERT INTO magic_links (email, token_hash, code_hash, created_at, expires_at)
       VALUES ('z<reader@example.test>', 't', 'c', '2026-03-01T00:00:00.000Z', '2099-01-01T00:00:00.000Z')`,
    ).run();

    const notes = canonicalAddresses.run(db, {});

    expect(db.prepare('SELECT id, email, email_verified FROM users ORDER BY id').all()).toEqual([
      { id: owner, email: 'reader@example.test', email_verified: 1 },
      { id: copy, email: 'reader@example.test', email_verified: 0 },
    ]);
    expect(column(db, 'SELECT user_id FROM sessions')).toEqual([owner]);
    expect(db.prepare(`SELECT user_id, provider_account_id FROM accounts`).all()).toEqual([
      { user_id: owner, provider_account_id: 'reader@example.test' },
    ]);
    expect(column(db, 'SELECT cancelled_at IS NOT NULL FROM magic_links')).toEqual([1]);
    expect(notes).toEqual([
      `user address reader@example.test: kept on user #${owner}; users #${copy} lose it as a proven address and were signed out`,
      `email sign-in reader@example.test: kept for user #${owner}, removed from users #${copy}`,
      'cancelled 1 open sign-in links to non-canonical addresses',
    ]);
  });

  it('runs as part of migrate and reports its notes', () => {
    const db = databaseAt007();
    subscribe(db, 'reader@example.test', '2026-01-01T00:00:00.000Z');
    subscribe(db, '<reader@example.test>', '2026-01-02T00:00:00.000Z');
    const applied = migrate(db);
    expect(applied.map((step) => step.name)).toContain('008-canonical-addresses');
    expect(applied.find((step) => step.name === '008-canonical-addresses')?.notes).toHaveLength(1);
    expect(column(db, 'SELECT email FROM subscriptions')).toEqual(['reader@example.test']);
  });
});
