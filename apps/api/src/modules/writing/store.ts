import { statement } from '../../db/statements.js';
import type { Db } from '../../db/connection.js';
import type { OwnedTables } from '../../db/ownership.js';

/** The owner's drafts as they were before each save, and what they removed: the site's writing. */
export const OWNED_TABLES = {
  content_revisions: 'site',
  content_trash: 'site',
} as const satisfies OwnedTables;

/** At least this many revisions per file are kept, however old… */
export const KEPT_REVISIONS = 50;
/** …and every revision younger than this, however many. */
export const KEPT_REVISION_DAYS = 90;

export interface RevisionRow {
  id: number;
  path: string;
  text: string;
  savedAt: string;
  savedBy: number | null;
}

export function addRevision(
  db: Db,
  revision: { path: string; text: string; savedAt: string; savedBy: number | null },
): number {
  const id = Number(
    statement(
      db,
      `INSERT INTO content_revisions (path, text, saved_at, saved_by)
       VALUES (@path, @text, @savedAt, @savedBy)`,
    ).run(revision).lastInsertRowid,
  );
  // Beyond the newest KEPT_REVISIONS, only what is younger than KEPT_REVISION_DAYS stays.
  const cutoff = new Date(Date.parse(revision.savedAt) - KEPT_REVISION_DAYS * 86_400_000);
  statement(
    db,
    `DELETE FROM content_revisions
     WHERE path = @path AND saved_at < @cutoff
       AND id NOT IN (SELECT id FROM content_revisions WHERE path = @path ORDER BY id DESC LIMIT @kept)`,
  ).run({ path: revision.path, cutoff: cutoff.toISOString(), kept: KEPT_REVISIONS });
  return id;
}

/** A revision of a save that did not happen after all. */
export function dropRevision(db: Db, id: number): void {
  statement(db, 'DELETE FROM content_revisions WHERE id = ?').run(id);
}

const REVISION_COLUMNS = 'id, path, text, saved_at AS savedAt, saved_by AS savedBy';

/** Newest first. */
export function revisionsOf(db: Db, path: string): RevisionRow[] {
  return statement(
    db,
    `SELECT ${REVISION_COLUMNS} FROM content_revisions WHERE path = ? ORDER BY id DESC`,
  ).all(path) as RevisionRow[];
}

export function revisionById(db: Db, id: number): RevisionRow | undefined {
  return statement(db, `SELECT ${REVISION_COLUMNS} FROM content_revisions WHERE id = ?`).get(id) as
    RevisionRow | undefined;
}

export interface TrashRow {
  id: number;
  path: string;
  title: string;
  text: string;
  removedAt: string;
}

export function addToTrash(
  db: Db,
  item: { path: string; title: string; text: string; removedAt: string },
): number {
  return Number(
    statement(
      db,
      `INSERT INTO content_trash (path, title, text, removed_at)
       VALUES (@path, @title, @text, @removedAt)`,
    ).run(item).lastInsertRowid,
  );
}

/** Newest first. */
export function trashItems(db: Db): TrashRow[] {
  return statement(
    db,
    'SELECT id, path, title, text, removed_at AS removedAt FROM content_trash ORDER BY id DESC',
  ).all() as TrashRow[];
}

export function trashItem(db: Db, id: number): TrashRow | undefined {
  return statement(
    db,
    'SELECT id, path, title, text, removed_at AS removedAt FROM content_trash WHERE id = ?',
  ).get(id) as TrashRow | undefined;
}

export function takeFromTrash(db: Db, id: number): void {
  statement(db, 'DELETE FROM content_trash WHERE id = ?').run(id);
}
