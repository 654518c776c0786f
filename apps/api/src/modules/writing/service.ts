/**
 * Writing in the browser (issue 24, decision 0018): the console's editor works on the same
 * Markdown files as the owner's text editor and git. Every save checks the version it started
 * from, keeps what it replaced as a revision, writes atomically and syncs at once, so the page,
 * the feeds and search follow without waiting for the watcher.
 */
import fs from 'node:fs';
import {
  calendarDayIn,
  changedElsewhereMessage,
  FOLDER_OF_KIND,
  FRONT_MATTER_BY_KIND,
  itemPath,
  KIND_BY_FOLDER,
  pagePath,
  type ContentKind,
  type FrontMatterValues,
  type WritingFile,
  type WritingItem,
} from '@quillpost/domain';
import { isoNow, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Env } from '../../env.js';
import { DomainError } from '../../domain-error.js';
import type { Logger } from '../../logger.js';
import { peopleByIds } from '../auth/index.js';
import { siteIdentity } from '../site/index.js';
import {
  effectiveStatus,
  parseFrontMatter,
  slugify,
  sourceItems,
  syncContent,
} from '../content/index.js';
import { writeAtomically } from '../../folder-files.js';
import { composeFile, contentFile, readText, versionOf } from './files.js';
import {
  addRevision,
  addToTrash,
  dropRevision,
  revisionById,
  revisionsOf,
  takeFromTrash,
  trashItem,
  trashItems,
} from './store.js';

export interface WritingDeps {
  db: Db;
  env: Pick<Env, 'CONTENT_DIR'>;
  clock: Clock;
  logger: Logger;
}

function kindOf(relative: string): ContentKind {
  return KIND_BY_FOLDER[relative.split('/')[0]!]!;
}

/** Where readers find an item; null for kinds shown only in their lists. */
function urlOf(kind: ContentKind, slug: string): string | null {
  switch (kind) {
    case 'post':
    case 'journal':
    case 'poem':
      return itemPath(kind, slug);
    case 'book':
      return pagePath('book', { slug });
    case 'project':
      return pagePath('project', { slug });
    case 'now':
      return pagePath('now');
    case 'page':
      return null;
  }
}

/** Every item the files hold, drafts and scheduled ones too, newest first. */
export function writingItems({ db, clock }: WritingDeps): WritingItem[] {
  const now = isoNow(clock);
  return sourceItems(db).map((row) => ({
    path: row.source_path,
    kind: row.kind,
    title: row.title,
    slug: row.slug,
    status: effectiveStatus(row, now),
    date: row.published_at,
    url: urlOf(row.kind, row.slug),
  }));
}

function itemAt(deps: WritingDeps, relative: string): WritingItem {
  const item = writingItems(deps).find((candidate) => candidate.path === relative);
  if (!item) throw DomainError.notFound();
  return item;
}

function fileOf(relative: string, text: string): WritingFile {
  try {
    const { data, body: rest } = parseFrontMatter(relative, text);
    // The blank line after the front matter is the file's, not the body's: composeFile puts it back.
    const body = rest.replace(/^(?:[ \t]*\r?\n)+/, '');
    return {
      path: relative,
      kind: kindOf(relative),
      frontMatter: data,
      body,
      version: versionOf(text),
    };
  } catch (error) {
    throw DomainError.invalid(
      'INVALID_REQUEST',
      `${error instanceof Error ? error.message : String(error)}. Fix it by hand or restore a revision.`,
    );
  }
}

export function openFile(deps: WritingDeps, relative: string): WritingFile {
  const text = readText(contentFile(deps.env.CONTENT_DIR, relative));
  if (text === null) throw DomainError.notFound();
  return fileOf(relative, text);
}

/** The schema's first complaint, as the owner reads it: "category: use lower-case letters…". */
function checkFrontMatter(kind: ContentKind, frontMatter: FrontMatterValues): void {
  const result = FRONT_MATTER_BY_KIND[kind].safeParse(frontMatter);
  if (result.success) return;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.');
  throw DomainError.invalid(
    'INVALID_REQUEST',
    field ? `${field}: ${issue.message}` : issue.message,
  );
}

/**
 * Writes `text` over the file and syncs; when the sync refuses the file (a slug another file
 * uses, say), puts `previous` back and says why, so a refused save changes nothing.
 */
function writeAndSync(deps: WritingDeps, relative: string, text: string, previous: string | null) {
  const file = contentFile(deps.env.CONTENT_DIR, relative);
  const putBack = () => {
    if (previous === null) fs.rmSync(file, { force: true });
    else writeAtomically(file, previous);
  };
  writeAtomically(file, text);
  let problem: { message: string } | undefined;
  try {
    const report = syncContent(deps.db, deps.env.CONTENT_DIR, deps.clock, deps.logger);
    problem = report.errors.find((error) => error.file === relative);
  } catch (error) {
    putBack();
    throw error;
  }
  if (!problem) return;
  putBack();
  syncContent(deps.db, deps.env.CONTENT_DIR, deps.clock, deps.logger);
  throw DomainError.invalid('INVALID_REQUEST', problem.message);
}

/**
 * Replaces the file with `text` when it is still at `version`, keeping what it replaced as a
 * revision; refused (409) when the disk moved since.
 */
function replaceFile(
  deps: WritingDeps,
  actorId: number,
  relative: string,
  version: string,
  textOf: (current: string) => string,
): { file: WritingFile; item: WritingItem } {
  const file = contentFile(deps.env.CONTENT_DIR, relative);
  const current = readText(file);
  if (current === null) throw DomainError.notFound();
  if (versionOf(current) !== version) {
    throw DomainError.conflict('CONTENT_CHANGED', changedElsewhereMessage(kindOf(relative)));
  }
  const text = textOf(current);
  if (text !== current) {
    // Kept before the file changes, so no save can lose what it replaced.
    const revisionId = addRevision(deps.db, {
      path: relative,
      text: current,
      savedAt: isoNow(deps.clock),
      savedBy: actorId,
    });
    try {
      writeAndSync(deps, relative, text, current);
    } catch (error) {
      dropRevision(deps.db, revisionId);
      throw error;
    }
  }
  return { file: fileOf(relative, text), item: itemAt(deps, relative) };
}

export function saveFile(
  deps: WritingDeps,
  actorId: number,
  draft: { path: string; version: string; frontMatter: FrontMatterValues; body: string },
): { file: WritingFile; item: WritingItem } {
  checkFrontMatter(kindOf(draft.path), draft.frontMatter);
  return replaceFile(deps, actorId, draft.path, draft.version, (current) =>
    composeFile(current, draft.frontMatter, draft.body),
  );
}

/** The file as a revision held it; what it replaces becomes a revision in turn. */
export function restoreRevision(
  deps: WritingDeps,
  actorId: number,
  revisionId: number,
  version: string,
): { file: WritingFile; item: WritingItem } {
  const row = revisionById(deps.db, revisionId);
  if (!row) throw DomainError.notFound();
  return replaceFile(deps, actorId, row.path, version, () => row.text);
}

/** Dated kinds' files begin with their day, as the owner's own do. */
const DATED: ReadonlySet<ContentKind> = new Set(['post', 'journal', 'poem', 'now']);

/** What a new item of each kind starts as: a draft the schema accepts, for the owner to fill. */
function starterFrontMatter(kind: ContentKind, title: string, day: string): FrontMatterValues {
  switch (kind) {
    case 'post':
      return { title, date: day, category: 'write', status: 'draft' };
    case 'journal':
    case 'poem':
    case 'now':
      return { title, date: day, status: 'draft' };
    case 'project':
      return { title, date: day, summary: title, status: 'draft' };
    case 'book':
      return { title, author: 'Unknown', status: 'want-to-read' };
    case 'page':
      return { title, status: 'draft' };
  }
}

export function createFile(
  deps: WritingDeps,
  request: { kind: ContentKind; title: string },
): WritingFile {
  // The owner's today, in the site's time zone: an evening post in Chicago is not tomorrow's.
  const day = calendarDayIn(deps.clock.now(), siteIdentity(deps.db).timezone);
  const slug = slugify(request.title);
  const stem = DATED.has(request.kind) ? `${day}-${slug}` : slug;
  const folder = FOLDER_OF_KIND[request.kind];
  let relative = `${folder}/${stem}.md`;
  for (let n = 2; fs.existsSync(contentFile(deps.env.CONTENT_DIR, relative)); n += 1) {
    relative = `${folder}/${stem}-${n}.md`;
  }
  const text = composeFile(null, starterFrontMatter(request.kind, request.title, day), '');
  writeAndSync(deps, relative, text, null);
  return fileOf(relative, text);
}

/** Into the trash, from which it can come back; the file leaves the content folder. */
export function removeFile(deps: WritingDeps, relative: string): number {
  const file = contentFile(deps.env.CONTENT_DIR, relative);
  const text = readText(file);
  if (text === null) throw DomainError.notFound();
  const title =
    writingItems(deps).find((item) => item.path === relative)?.title ?? relative.split('/')[1]!;
  const trashId = addToTrash(deps.db, {
    path: relative,
    title,
    text,
    removedAt: isoNow(deps.clock),
  });
  fs.rmSync(file);
  syncContent(deps.db, deps.env.CONTENT_DIR, deps.clock, deps.logger);
  return trashId;
}

/** Back where it was; beside it, when a new file took its name meanwhile. */
export function restoreFromTrash(deps: WritingDeps, trashId: number): string {
  const item = trashItem(deps.db, trashId);
  if (!item) throw DomainError.notFound();
  let relative = item.path;
  for (let n = 2; fs.existsSync(contentFile(deps.env.CONTENT_DIR, relative)); n += 1) {
    relative = item.path.replace(/\.md$/, `-restored${n > 2 ? `-${n - 1}` : ''}.md`);
  }
  writeAndSync(deps, relative, item.text, null);
  takeFromTrash(deps.db, trashId);
  return relative;
}

export function trash(deps: WritingDeps) {
  return trashItems(deps.db).map(({ id, path, title, removedAt }) => ({
    id,
    path,
    title,
    removedAt,
  }));
}

function savedByNames(db: Db, ids: Array<number | null>): Map<number, string | null> {
  const people = peopleByIds(
    db,
    ids.filter((id): id is number => id !== null),
  );
  return new Map([...people].map(([id, { person }]) => [id, person.name]));
}

export function revisions(deps: WritingDeps, relative: string) {
  const rows = revisionsOf(deps.db, relative);
  const names = savedByNames(
    deps.db,
    rows.map((row) => row.savedBy),
  );
  return rows.map((row) => ({
    id: row.id,
    savedAt: row.savedAt,
    savedBy: row.savedBy === null ? null : (names.get(row.savedBy) ?? null),
    bytes: Buffer.byteLength(row.text),
  }));
}

export function revision(deps: WritingDeps, id: number) {
  const row = revisionById(deps.db, id);
  if (!row) throw DomainError.notFound();
  const savedBy =
    row.savedBy === null ? null : (savedByNames(deps.db, [row.savedBy]).get(row.savedBy) ?? null);
  return {
    id: row.id,
    path: row.path,
    text: row.text,
    savedAt: row.savedAt,
    savedBy,
    bytes: Buffer.byteLength(row.text),
  };
}
