import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  authorsFile,
  FRONT_MATTER_BY_KIND,
  KIND_BY_FOLDER,
  readingMinutes,
  contentFilePathSchema,
  siteFileSchema,
  siteIdentityOf,
  type Authors,
  type ContentKind,
} from '@quillpost/domain';
import type { z } from 'zod';
import { isoNow, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Logger } from '../../logger.js';
import { ContentFileError, parseFrontMatter, type FrontMatter } from './front-matter.js';
import { keepSiteIdentity } from '../site/index.js';
import {
  contentImagePath,
  describeImage,
  imagesFingerprint,
  imagesReferencedBy,
} from '../images/index.js';
import {
  invalidateContentCache,
  syncedItems,
  writeSync,
  type ItemRow,
  type ExistingRow,
} from './store.js';
import { deriveExcerpts, renderMarkdown, slugify, type ImageLookup } from './markdown.js';
import { filesUnder } from '../../folder-files.js';

/** Bump when rendering changes, so the next sync re-renders every file even if none changed. */
export const RENDER_VERSION = '6';

export const AUTHORS_FILE = 'authors.yml';
/** Who the site is: its name, owner, language, accent, profiles (docs/decisions/0016). */
export const SITE_FILE = 'site.yml';
const EPOCH = new Date(0).toISOString();

export interface SyncReport {
  added: string[];
  updated: string[];
  unchanged: number;
  removed: string[];
  errors: Array<{ file: string; line: number; message: string }>;
}

/** A row as sync writes it: the stored columns readers see, plus what only sync needs. */

/**
 * Brings the database in line with the Markdown files under `dir`, in one transaction.
 * Unchanged files (same hash) are not touched; a file whose front matter is broken is reported with
 * its path and line and skipped, keeping its last good version; a file that disappeared marks its
 * item removed. A missing folder changes nothing, so a bad mount never empties the site.
 * `imagesReferenced`, when given, is filled with every image file the Markdown names (relative to
 * CONTENT_DIR/images): the only images whose change can change what a sync writes.
 */
export function syncContent(
  db: Db,
  dir: string,
  clock: Clock,
  logger: Logger,
  options: { imagesReferenced?: Set<string> } = {},
): SyncReport {
  const report: SyncReport = { added: [], updated: [], unchanged: 0, removed: [], errors: [] };
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    logger.warn({ dir }, 'content folder not found; nothing synced');
    return report;
  }
  const fail = (error: unknown, file: string) => {
    const known =
      error instanceof ContentFileError
        ? error
        : new ContentFileError(file, 1, error instanceof Error ? error.message : String(error));
    report.errors.push({ file: known.file, line: known.line, message: known.reason });
    logger.warn({ file: known.file, line: known.line }, `content skipped: ${known.message}`);
  };

  const now = isoNow(clock);
  const images: ImageLookup = (src) => {
    const file = contentImagePath(src);
    return file ? describeImage(db, dir, file, now) : null;
  };
  const { authors, authorsHash } = loadAuthors(dir, fail);
  const siteFile = loadYamlFile(dir, SITE_FILE, siteFileSchema, fail);
  const files = listMarkdownFiles(dir);
  const existing = new Map(syncedItems(db).map((row) => [row.source_path, row]));
  const present = new Set(files.map((file) => file.relative));

  const writes: Array<{ row: ItemRow; previous: ExistingRow | undefined }> = [];
  const claimed = new Map<string, string>();
  for (const row of existing.values()) {
    if (row.removed_at === null && present.has(row.source_path)) {
      claimed.set(`${row.kind}/${row.slug}`, row.source_path);
    }
  }

  for (const { relative, absolute, kind } of files) {
    const bytes = fs.readFileSync(absolute);
    const referenced = imagesReferencedBy(bytes.toString('utf8'));
    for (const image of referenced) options.imagesReferenced?.add(image);
    const hash = createHash('sha256')
      .update(RENDER_VERSION)
      .update(kind === 'post' ? authorsHash : '')
      .update(imagesFingerprint(dir, referenced))
      .update(bytes)
      .digest('hex');
    const previous = existing.get(relative);
    if (previous && previous.source_hash === hash && previous.removed_at === null) {
      report.unchanged += 1;
      continue;
    }
    try {
      const row = buildRow(relative, kind, bytes.toString('utf8'), hash, authors, images);
      const key = `${row.kind}/${row.slug}`;
      const owner = claimed.get(key);
      if (owner && owner !== relative) {
        throw new ContentFileError(relative, 1, `slug "${row.slug}" is already used by ${owner}`);
      }
      if (previous && previous.removed_at === null) {
        // The file's slug may have changed: free the old one for others in this run.
        const oldKey = `${previous.kind}/${previous.slug}`;
        if (claimed.get(oldKey) === relative) claimed.delete(oldKey);
      }
      claimed.set(key, relative);
      writes.push({ row, previous });
    } catch (error) {
      fail(error, relative);
    }
  }

  const gone = [...existing.values()].filter(
    (row) => row.removed_at === null && !present.has(row.source_path),
  );

  writeSync(db, { removed: gone, written: writes.map(({ row }) => row), now });
  // A broken or missing site.yml keeps the last good identity.
  const identity = siteFile.data && siteIdentityOf(siteFile.data);
  if (identity && keepSiteIdentity(db, { identity, sourceHash: siteFile.hash }, now)) {
    report.updated.push(SITE_FILE);
    invalidateContentCache(db);
  }
  report.removed.push(...gone.map((row) => row.source_path));
  for (const { row, previous } of writes)
    (previous ? report.updated : report.added).push(row.source_path);

  if (gone.length || writes.length || report.errors.length) {
    logger.info(
      {
        added: report.added.length,
        updated: report.updated.length,
        removed: report.removed.length,
        unchanged: report.unchanged,
        errors: report.errors.length,
      },
      'content synced',
    );
  }
  return report;
}

function listMarkdownFiles(dir: string) {
  const files: Array<{ relative: string; absolute: string; kind: ContentKind }> = [];
  for (const [folder, kind] of Object.entries(KIND_BY_FOLDER)) {
    const root = path.join(dir, folder);
    if (!fs.existsSync(root)) continue;
    for (const absolute of filesUnder(root)) {
      if (!absolute.endsWith('.md')) continue;
      const relative = path.relative(dir, absolute).split(path.sep).join('/');
      // One rule for what is content, here and in the editor: no part starts with `.` or `_`.
      if (!contentFilePathSchema.safeParse(relative).success) continue;
      files.push({ relative, absolute, kind });
    }
  }
  return files.sort((a, b) => a.relative.localeCompare(b.relative));
}

/**
 * A whole YAML file of `dir` checked against `schema`: its data, or undefined when it is broken
 * (reported with its line) or absent (`hash` '' then).
 */
function loadYamlFile<S extends z.ZodType>(
  dir: string,
  name: string,
  schema: S,
  fail: (error: unknown, file: string) => void,
): { data: z.output<S> | undefined; hash: string } {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) return { data: undefined, hash: '' };
  const text = fs.readFileSync(file, 'utf8');
  const hash = createHash('sha256').update(text).digest('hex');
  try {
    // Reuse the front-matter parser for its line numbers by wrapping the file in fences.
    const parsed = parseFrontMatter(name, `---\n${text}\n---\n`);
    const result = schema.safeParse(parsed.data);
    if (!result.success) throw issueError(name, parsed, result.error);
    return { data: result.data as z.output<S>, hash };
  } catch (error) {
    // Shift lines back: the wrapper added one line above the file.
    if (error instanceof ContentFileError) {
      fail(new ContentFileError(error.file, Math.max(1, error.line - 1), error.reason), name);
    } else fail(error, name);
    return { data: undefined, hash };
  }
}

function loadAuthors(dir: string, fail: (error: unknown, file: string) => void) {
  const { data, hash } = loadYamlFile(dir, AUTHORS_FILE, authorsFile, fail);
  return { authors: data ?? ({} as Authors), authorsHash: hash };
}

function issueError(file: string, fm: FrontMatter, error: z.ZodError) {
  const issue = error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : '';
  const keys = issue && 'keys' in issue ? (issue.keys as string[]) : [];
  const pathForLine = keys.length
    ? [...(issue?.path ?? []), keys[0] as string]
    : (issue?.path ?? []);
  const line = fm.lineOf(pathForLine);
  const subject = keys.length ? `unknown key ${keys.map((k) => `"${k}"`).join(', ')}` : where;
  return new ContentFileError(
    file,
    line,
    `${subject ? `${subject}: ` : ''}${issue?.message ?? 'invalid'}`,
  );
}

function slugFromFile(relative: string): string {
  const base = path.posix.basename(relative, '.md').replace(/^\d{4}-\d{2}-\d{2}-/, '');
  return slugify(base);
}

function buildRow(
  relative: string,
  kind: ContentKind,
  source: string,
  hash: string,
  authors: Authors,
  images: ImageLookup,
): ItemRow {
  const row = rowOf(relative, kind, source, hash, authors, images);
  const featured = row.featured_image_url && images(row.featured_image_url);
  return { ...row, featured_image_variants: featured ? JSON.stringify(featured) : null };
}

function rowOf(
  relative: string,
  kind: ContentKind,
  source: string,
  hash: string,
  authors: Authors,
  images: ImageLookup,
): ItemRow {
  const fm = parseFrontMatter(relative, source);
  const result = FRONT_MATTER_BY_KIND[kind].safeParse(fm.data);
  if (!result.success) throw issueError(relative, fm, result.error);
  const meta = result.data;
  // A draft may be a title and nothing yet: the editor's New post starts one.
  const draft = 'status' in meta && meta.status === 'draft';
  if (!fm.body.trim() && kind !== 'book' && kind !== 'page' && !draft) {
    throw new ContentFileError(relative, 1, 'the file has no text below its front matter');
  }

  // Without a featured image (or a book's cover) above the body, its first image leads the page.
  const leadImage =
    'featured_image' in meta ? meta.featured_image : 'cover' in meta ? meta.cover : undefined;
  const rendered = renderMarkdown(fm.body, {
    verse: kind === 'poem',
    images,
    eagerImage: !leadImage,
  });
  const excerpts = deriveExcerpts(rendered.paragraphs, {
    excerpt: meta.excerpt,
    short: meta.excerpt_short,
    medium: meta.excerpt_medium,
    long: meta.excerpt_long,
  });
  const base: ItemRow = {
    kind,
    slug: meta.slug ?? slugFromFile(relative),
    source_path: relative,
    source_hash: hash,
    status: 'published',
    title: meta.title,
    published_at: EPOCH,
    updated_at: meta.updated ?? null,
    category: '',
    sub_category: '',
    tags: JSON.stringify(meta.tags),
    keywords: '',
    excerpt_short: excerpts.short,
    excerpt_medium: excerpts.medium,
    excerpt_long: excerpts.long,
    featured_image_url: null,
    featured_image_variants: null,
    author_id: '',
    author_name: '',
    author_avatar: null,
    author_bio: null,
    html: rendered.html,
    body_text: rendered.text,
    word_count: rendered.wordCount,
    reading_minutes: readingMinutes(rendered.wordCount),
    data: '{}',
  };

  switch (kind) {
    case 'post': {
      const post = FRONT_MATTER_BY_KIND.post.parse(fm.data);
      const authorId = post.author ?? Object.keys(authors)[0];
      const author = authorId ? authors[authorId] : undefined;
      if (post.author && !author) {
        throw new ContentFileError(
          relative,
          fm.lineOf(['author']),
          `author "${post.author}" is not in ${AUTHORS_FILE}`,
        );
      }
      return {
        ...base,
        status: post.status,
        published_at: post.date,
        category: post.category,
        sub_category: post.sub_category,
        keywords: post.keywords,
        featured_image_url: post.featured_image ?? null,
        author_id: authorId ?? '',
        author_name: author?.name ?? '',
        author_avatar: author?.avatar ?? null,
        author_bio: author?.bio || null,
      };
    }
    case 'journal': {
      const entry = FRONT_MATTER_BY_KIND.journal.parse(fm.data);
      return datedItem(base, entry, { mood: entry.mood ?? null, location: entry.location ?? null });
    }
    case 'poem': {
      const poem = FRONT_MATTER_BY_KIND.poem.parse(fm.data);
      return datedItem(base, poem, { form: poem.form ?? null });
    }
    case 'now': {
      const now = FRONT_MATTER_BY_KIND.now.parse(fm.data);
      return datedItem(base, now, { location: now.location ?? null });
    }
    case 'book': {
      const book = FRONT_MATTER_BY_KIND.book.parse(fm.data);
      return {
        ...base,
        published_at: book.finished ?? book.started ?? book.date ?? EPOCH,
        featured_image_url: book.cover ?? null,
        data: JSON.stringify({
          author: book.author,
          cover_url: book.cover ?? null,
          status: book.status,
          rating: book.rating ?? null,
          year: book.year ?? null,
          started: book.started ?? null,
          finished: book.finished ?? null,
          quotes: book.quotes,
        }),
      };
    }
    case 'project': {
      const project = FRONT_MATTER_BY_KIND.project.parse(fm.data);
      return {
        ...datedItem(base, project, {
          summary: project.summary,
          status: project.project_status,
          url: project.url ?? null,
          repository: project.repository ?? null,
          stack: project.stack,
        }),
        featured_image_url: project.featured_image ?? null,
      };
    }
    case 'page': {
      const page = FRONT_MATTER_BY_KIND.page.parse(fm.data);
      return datedItem(base, page, {
        description: page.description ?? null,
        links: page.links ?? null,
      });
    }
  }
}

/**
 * An item whose front matter gives its status and date, and whose kind's own fields are kept
 * together in `data`. Without a date (a page may have none) it sorts as of the epoch.
 */
function datedItem(
  base: ItemRow,
  meta: { status: ItemRow['status']; date?: string },
  data: Record<string, unknown>,
): ItemRow {
  return {
    ...base,
    status: meta.status,
    published_at: meta.date ?? EPOCH,
    data: JSON.stringify(data),
  };
}
