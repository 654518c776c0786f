import { canonicalEmail } from '@quillpost/domain';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import type { CodeMigration } from './code-migration.js';
import type { Db } from '../connection.js';

/**
 * The mailbox an address stored before canonical forms reaches: its canonical form, or else
 * the one address nodemailer would have delivered to (`x<a@b.c>` went to a@b.c). Null when
 * neither is a plain address.
 */
export function deliveredMailbox(stored: string): string | null {
  const direct = canonicalEmail(stored);
  if (direct.ok) return direct.email;
  const parsed = addressparser(stored, { flatten: true });
  if (parsed.length !== 1 || !parsed[0]) return null;
  const address = canonicalEmail(parsed[0].address.replace(/[<>]/g, ''));
  return address.ok ? address.email : null;
}

const now = () => new Date().toISOString();

interface Keyed {
  id: number;
  email: string;
  canonical: string | null;
}

/** Groups rows by canonical mailbox, oldest first within each group. */
function byMailbox<T extends Keyed>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    if (row.canonical === null) continue;
    const group = groups.get(row.canonical) ?? [];
    group.push(row);
    groups.set(row.canonical, group);
  }
  return groups;
}

/** A subscription row with the facts that decide which copy speaks for the mailbox. */
interface SubscriptionFacts extends Keyed {
  verified_at: string | null;
  unsubscribed_at: string | null;
}

/** The latest thing the mailbox's owner proved through it: a confirmation or an unsubscribe. */
const lastProvenAction = (row: SubscriptionFacts) =>
  [row.verified_at, row.unsubscribed_at].reduce<string>(
    (latest, at) => (at !== null && at > latest ? at : latest),
    '',
  );

function subscriptions(db: Db, notes: string[]): void {
  const rows = (
    db
      .prepare(
        `SELECT id, email, verified_at, unsubscribed_at FROM subscriptions ORDER BY created_at, id`,
      )
      .all() as SubscriptionFacts[]
  ).map((row) => ({ ...row, canonical: deliveredMailbox(row.email) }));
  const remove = db.prepare('DELETE FROM subscriptions WHERE id = ?');
  const rename = db.prepare('UPDATE subscriptions SET email = ? WHERE id = ?');
  // The state the owner last proved (confirmed, or withdrew) wins over an older claim, whoever
  // made that claim; the link key (and so the links already mailed) stays the oldest row's.
  const adopt = db.prepare(
    `UPDATE subscriptions SET (name, status, verified, wants_account, preferences, subscribed_at,
         verified_at, unsubscribed_at, bounced_at, updated_at) =
       (SELECT name, status, verified, wants_account, preferences, subscribed_at, verified_at,
          unsubscribed_at, bounced_at, updated_at FROM subscriptions WHERE id = @from)
     WHERE id = @into`,
  );
  const moveConsents = db.prepare(
    'UPDATE consent_records SET subscription_id = @into WHERE subscription_id = @from',
  );
  for (const [mailbox, group] of byMailbox(rows)) {
    const [oldest, ...copies] = group;
    if (!oldest || !copies.length) continue;
    const authority = group.reduce((best, row) =>
      lastProvenAction(row) > lastProvenAction(best) ? row : best,
    );
    if (authority !== oldest) adopt.run({ from: authority.id, into: oldest.id });
    // Proof of consent and of its withdrawal is kept, whichever row recorded it.
    for (const copy of copies) {
      moveConsents.run({ from: copy.id, into: oldest.id });
      remove.run(copy.id);
    }
    notes.push(
      `subscription ${mailbox}: kept #${oldest.id} with the state of #${authority.id}, merged ${copies.map((copy) => `#${copy.id} (${JSON.stringify(copy.email)})`).join(', ')}`,
    );
  }
  for (const row of rows) {
    if (row.canonical !== null && row.canonical !== row.email) {
      // Rows merged away above no longer exist; renaming them changes nothing.
      rename.run(row.canonical, row.id);
    }
  }
  const setAside = db.prepare(
    `UPDATE subscriptions SET bounced_at = COALESCE(bounced_at, ?) WHERE id = ?`,
  );
  for (const row of rows.filter((candidate) => candidate.canonical === null)) {
    setAside.run(now(), row.id);
    notes.push(
      `subscription #${row.id} (${JSON.stringify(row.email)}): no plain address, marked bounced so no newsletter goes to it`,
    );
  }
}

/** Returns who kept each proven mailbox, for the sign-in methods below. */
function users(db: Db, notes: string[]): Map<string, number> {
  const rows = (
    db
      .prepare(
        `SELECT id, email, email_verified FROM users
         WHERE email IS NOT NULL AND deleted_at IS NULL ORDER BY created_at, id`,
      )
      .all() as (Keyed & { email_verified: 0 | 1 })[]
  ).map((row) => ({ ...row, canonical: deliveredMailbox(row.email) }));
  const unverify = db.prepare('UPDATE users SET email_verified = 0 WHERE id = ?');
  const endSessions = db.prepare('DELETE FROM sessions WHERE user_id = ?');
  // A proven address belongs to one live user: the oldest who proved it keeps it.
  const verified = rows.filter((row) => row.email_verified === 1);
  const keepers = new Map<string, number>();
  for (const [mailbox, [oldest, ...copies]] of byMailbox(verified)) {
    if (oldest) keepers.set(mailbox, oldest.id);
    for (const copy of copies) {
      unverify.run(copy.id);
      endSessions.run(copy.id);
    }
    if (copies.length) {
      notes.push(
        `user address ${mailbox}: kept on user #${oldest?.id}; users ${copies.map((copy) => `#${copy.id}`).join(', ')} lose it as a proven address and were signed out`,
      );
    }
  }
  const rename = db.prepare('UPDATE users SET email = ? WHERE id = ?');
  for (const row of rows) {
    if (row.canonical === null) {
      unverify.run(row.id);
      endSessions.run(row.id);
      notes.push(`user #${row.id} (${JSON.stringify(row.email)}): no plain address, unverified`);
    } else if (row.canonical !== row.email) {
      rename.run(row.canonical, row.id);
    }
  }
  return keepers;
}

/**
 * Magic-link sign-in methods are keyed by the address: one per mailbox, the one of the user who
 * kept the proven address, else the oldest.
 */
function emailAccounts(db: Db, notes: string[], keepers: Map<string, number>): void {
  const rows = (
    db
      .prepare(
        `SELECT id, user_id, provider_account_id AS email FROM accounts
         WHERE provider = 'email' ORDER BY created_at, id`,
      )
      .all() as (Keyed & { user_id: number })[]
  ).map((row) => ({ ...row, canonical: deliveredMailbox(row.email) }));
  const remove = db.prepare('DELETE FROM accounts WHERE id = ?');
  const rename = db.prepare(
    `UPDATE accounts SET provider_account_id = @canonical, email = @canonical WHERE id = @id`,
  );
  const kept: typeof rows = [];
  for (const [mailbox, group] of byMailbox(rows)) {
    const keeper = group.find((row) => row.user_id === keepers.get(mailbox)) ?? group[0];
    if (keeper) kept.push(keeper);
    const copies = group.filter((row) => row !== keeper);
    for (const copy of copies) remove.run(copy.id);
    if (copies.length) {
      notes.push(
        `email sign-in ${mailbox}: kept for user #${keeper?.user_id}, removed from users ${copies.map((copy) => `#${copy.user_id}`).join(', ')}`,
      );
    }
  }
  for (const row of rows.filter((candidate) => candidate.canonical === null)) {
    remove.run(row.id);
    notes.push(`email sign-in ${JSON.stringify(row.email)} of user #${row.user_id}: removed`);
  }
  for (const row of kept) {
    if (row.canonical !== row.email) rename.run({ canonical: row.canonical, id: row.id });
  }
}

/** Open sign-in links to an address that is not canonical are cancelled; the next is. */
function openSignInLinks(db: Db, notes: string[]): void {
  const open = db
    .prepare('SELECT id, email FROM magic_links WHERE consumed_at IS NULL AND cancelled_at IS NULL')
    .all() as { id: number; email: string }[];
  const cancel = db.prepare('UPDATE magic_links SET cancelled_at = ? WHERE id = ?');
  const stale = open.filter((link) => deliveredMailbox(link.email) !== link.email);
  for (const link of stale) cancel.run(now(), link.id);
  if (stale.length)
    notes.push(`cancelled ${stale.length} open sign-in links to non-canonical addresses`);
}

/**
 * 008: every stored address in its canonical form (packages/domain email-address.ts). Rows that
 * collapse to one mailbox are merged into the oldest (see each step for whose state it keeps);
 * rows that name no plain address are set aside. Open sign-in links for non-canonical addresses are cancelled.
 */
export const canonicalAddresses: CodeMigration = {
  version: 8,
  name: '008-canonical-addresses',
  run(db) {
    const notes: string[] = [];
    subscriptions(db, notes);
    const keepers = users(db, notes);
    emailAccounts(db, notes, keepers);
    openSignInLinks(db, notes);
    return notes;
  },
};
