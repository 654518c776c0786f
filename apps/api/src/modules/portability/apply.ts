/**
 * An import, planned and carried out (issue 27). The plan is the dry run: what would be created,
 * kept (already here) and refused, per kind, each with its line or item. Carrying it out writes
 * the Markdown files into a staging folder inside the content folder, then, in one database
 * transaction, the subscribers and members, and only then moves the files into place: a failure
 * half-way leaves the site as it was. Nobody is mailed: imported subscribers are active on the
 * strength of the consent they gave before, which their consent history records.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  emailSchema,
  importedConsentSource,
  FRONT_MATTER_BY_KIND,
  nameSchema,
  type ImportReport,
  type ImportSource,
} from '@quillpost/domain';
import { stringify } from 'yaml';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/statements.js';
import { isMemberHere, restoreMember } from '../auth/index.js';
import { parseFrontMatter, slugify } from '../content/index.js';
import {
  subscriberIdByEmail,
  writeMovedSubscriber,
  type MovedSubscriber,
} from '../subscriptions/index.js';
import type { ImportBundle } from './bundle.js';
import { htmlToMarkdown, type ConvertedHtml } from './html-to-markdown.js';
import type { ExportFiles } from './unpack.js';
import { filesUnder } from '../../folder-files.js';

export interface ImportOptions {
  dryRun: boolean;
  /** Write over an existing post (same slug) or subscriber (same address). */
  overwrite: boolean;
  /** The site category imported posts go to. */
  category: string;
  /** Fetch remote images into the content folder; those that cannot be fetched stay remote. */
  fetchImages: boolean;
}

interface Deps {
  db: Db;
  contentDir: string;
  /** Where reports go: data/imports. */
  reportsDir: string;
  now: string;
  /** Fetches a remote image; null when it cannot. */
  fetchImage?: (url: string) => Promise<Buffer | null>;
}

const FOLDERS = { post: 'posts', page: 'pages' } as const;
const IMAGE_FOLDER = 'images/imported';

/** The slugs the content folder already has for a kind (its sub-folders too), as sync reads them. */
function existingSlugs(contentDir: string, folder: string): Map<string, string> {
  const slugs = new Map<string, string>();
  const dir = path.join(contentDir, folder);
  if (!fs.existsSync(dir)) return slugs;
  for (const full of filesUnder(dir)) {
    if (!full.endsWith('.md')) continue;
    const relative = path.relative(contentDir, full).split(path.sep).join('/');
    let slug = slugify(
      path
        .basename(full)
        .replace(/\.md$/, '')
        .replace(/^\d{4}-\d{2}-\d{2}-/, ''),
    );
    try {
      const front = parseFrontMatter(relative, fs.readFileSync(full, 'utf8'));
      if (typeof front.data.slug === 'string') slug = front.data.slug;
    } catch {
      // A file the site cannot read keeps its name's slug.
    }
    slugs.set(slug, relative);
  }
  return slugs;
}

/**
 * What a new subscriber's history says when the export has none of its own: where and when they
 * subscribed (or that the export did not say when), and that they left, if they had.
 */
function consentFor(
  source: ImportSource,
  subscriber: MovedSubscriber,
  since: string | null,
  now: string,
) {
  if (subscriber.consents.length > 0) return subscriber.consents;
  const when = since ? `on ${since}` : `(${source}'s export gives no date)`;
  const consents: MovedSubscriber['consents'] = [
    {
      action: 'subscribe',
      source: importedConsentSource(source),
      consentText: `Subscribed on ${source} ${when}; imported ${now.slice(0, 10)} without re-confirmation.`,
      recordedAt: since ?? now,
    },
  ];
  if (subscriber.state !== 'active') {
    consents.push({
      action: 'withdraw',
      source: importedConsentSource(source),
      consentText:
        subscriber.state === 'bounced'
          ? `The address bounced on ${source}; not mailed.`
          : `Unsubscribed on ${source}; not mailed.`,
      recordedAt: subscriber.endedAt ?? now,
    });
  }
  return consents;
}

/** A Markdown file for an item (its text converted), its images pointed at their copies. */
function fileOf(
  item: ImportBundle['items'][number],
  markdown: string,
  category: string,
  imageOf: (src: string) => string,
): string {
  const body = markdown.replace(
    /!\[([^\]]*)\]\(([^)\s]+)\)/g,
    (_m, alt: string, src: string) => `![${alt}](${imageOf(src)})`,
  );
  const featured = item.featuredImage ? imageOf(item.featuredImage) : null;
  const front: Record<string, unknown> = {
    title: item.title,
    slug: item.slug,
    date: item.date,
    ...(item.kind === 'post' ? { category } : {}),
    ...(item.status === 'draft' ? { status: 'draft' } : {}),
    ...(item.excerpt ? { excerpt: item.excerpt } : {}),
    ...(item.tags.length ? { tags: item.tags } : {}),
    ...(item.kind === 'post' && featured && /^(https:\/\/|\/content\/images\/)/.test(featured)
      ? { featured_image: featured }
      : {}),
  };
  return `---\n${stringify(front).trimEnd()}\n---\n\n${body}`;
}

/** `text` URL-decoded, or as it is when it is not valid percent-encoding. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const imageName = (src: string) =>
  (decoded(src.split(/[?#]/)[0]!.split('/').pop() ?? '') || 'image')
    .replace(/[^\w.-]+/g, '-')
    .slice(-80);

/**
 * The file of the export an image address names: by its path inside the export (Ghost writes
 * `__GHOST_URL__/content/images/…`), or by its file name when only one file has it.
 */
function fileInExport(files: ExportFiles, address: string): string | undefined {
  const wanted = decoded(address.split(/[?#]/)[0]!)
    .replace(/^__GHOST_URL__\//, '')
    .replace(/^(?:\.\.?\/|\/)+/, '');
  if (files.names.includes(wanted)) return wanted;
  const suffix = files.names.filter((name) => name.endsWith(`/${wanted}`));
  if (suffix.length === 1) return suffix[0];
  const base = wanted.split('/').pop();
  const named = files.names.filter((name) => name.split('/').pop() === base);
  return named.length === 1 ? named[0] : undefined;
}

export async function runImport(
  deps: Deps,
  source: ImportSource,
  bundle: ImportBundle,
  files: ExportFiles,
  options: ImportOptions,
): Promise<ImportReport> {
  const { db, contentDir, now } = deps;
  const report: ImportReport = {
    source,
    dryRun: options.dryRun,
    at: now,
    created: {
      posts: 0,
      drafts: 0,
      pages: 0,
      subscribers: 0,
      unsubscribed: 0,
      bounced: 0,
      members: 0,
      files: 0,
      images: 0,
    },
    kept: [],
    refused: [...bundle.problems],
    remoteImages: [],
    reportFile: null,
  };
  const staged = new Map<string, Buffer>(); // path in the content folder -> bytes

  // Items: one file each, unless the slug is taken (and --overwrite is not given).
  const category = slugify(options.category) || 'write';
  const images = new Map<string, string>(); // address as written -> address in the site
  const seen = {
    post: existingSlugs(contentDir, 'posts'),
    page: existingSlugs(contentDir, 'pages'),
  };
  const wanted: Array<{
    item: ImportBundle['items'][number];
    relative: string;
    converted: ConvertedHtml;
  }> = [];
  const inThisRun = { post: new Set<string>(), page: new Set<string>() };
  for (const found of bundle.items) {
    // Two items of one export with one slug (titles that read alike): the later gets -2, -3…
    let item = found;
    for (let n = 2; inThisRun[item.kind].has(item.slug); n += 1) {
      item = { ...found, slug: `${found.slug}-${n}` };
    }
    inThisRun[item.kind].add(item.slug);
    const name = `${FOLDERS[item.kind]}/${item.date.slice(0, 10)}-${item.slug}.md`;
    const existing =
      seen[item.kind].get(item.slug) ??
      (fs.existsSync(path.join(contentDir, ...name.split('/'))) ? name : undefined);
    if (existing && !options.overwrite) {
      report.kept.push({
        where: item.origin,
        message: `${existing} already has the slug ${item.slug}.`,
      });
      continue;
    }
    wanted.push({ item, relative: existing ?? name, converted: htmlToMarkdown(item.html) });
  }

  // Images: those the export holds are copied; remote ones fetched when allowed (not in a dry
  // run, which reads and writes nothing).
  const addresses = new Set(
    wanted.flatMap(({ item, converted }) => [
      ...converted.images,
      ...(item.featuredImage ? [item.featuredImage] : []),
    ]),
  );
  for (const address of addresses) {
    const remote = /^https?:\/\//.test(address);
    const local = remote ? undefined : fileInExport(files, address);
    let bytes: Buffer | null = local ? files.read(local) : null;
    if (remote && options.fetchImages && !options.dryRun && deps.fetchImage) {
      bytes = await deps.fetchImage(address);
    }
    if (!bytes) {
      if (/^https?:\/\//.test(address)) report.remoteImages.push(address);
      continue;
    }
    // Named by its address too: two posts' `image.png` stay two files, and a second run of the
    // same import writes the same names.
    const hash = createHash('sha256').update(address).digest('hex').slice(0, 8);
    const target = `${IMAGE_FOLDER}/${source}/${hash}-${imageName(address)}`;
    staged.set(target, bytes);
    images.set(address, `/content/${target}`);
    report.created.images += 1;
  }
  for (const { item, relative, converted } of wanted) {
    const text = fileOf(item, converted.markdown, category, (src) => images.get(src) ?? src);
    const check = FRONT_MATTER_BY_KIND[item.kind].safeParse(parseFrontMatter(relative, text).data);
    if (!check.success) {
      report.refused.push({
        where: item.origin,
        message: check.error.issues[0]?.message ?? 'invalid',
      });
      continue;
    }
    staged.set(relative, Buffer.from(text));
    if (item.kind === 'page') report.created.pages += 1;
    else if (item.status === 'draft') report.created.drafts += 1;
    else report.created.posts += 1;
  }
  for (const file of bundle.contentFiles) {
    const existing = fs.existsSync(path.join(contentDir, file.path));
    if (existing && !options.overwrite) continue;
    staged.set(file.path, file.bytes);
    report.created.files += 1;
  }

  // Subscribers: checked by the canonical-address rules, kept if already listed.
  const subscribers: Array<{ subscriber: MovedSubscriber; existingId?: number }> = [];
  const inThisImport = new Set<string>();
  for (const row of bundle.subscribers) {
    const email = emailSchema.safeParse(row.email);
    if (!email.success) {
      report.refused.push({
        where: row.origin,
        message: `${row.email || '(empty)'}: ${email.error.issues[0]?.message}`,
      });
      continue;
    }
    const key = email.data.toLowerCase();
    if (inThisImport.has(key)) {
      report.kept.push({
        where: row.origin,
        message: `${email.data} is listed twice; the first row counts.`,
      });
      continue;
    }
    inThisImport.add(key);
    const name = nameSchema.safeParse(row.name ?? undefined);
    const existingId = subscriberIdByEmail(db, email.data);
    if (existingId !== undefined && !options.overwrite) {
      report.kept.push({ where: row.origin, message: `${email.data} is already on the list.` });
      continue;
    }
    const subscriber: MovedSubscriber = {
      ...row,
      email: email.data,
      name: name.success ? (name.data ?? null) : null,
      subscribedAt: row.subscribedAt || now,
    };
    // A subscriber already here keeps the history they have; the export's own (an archive's)
    // joins it. A new one gets the record of where they came from.
    const consents =
      existingId === undefined
        ? consentFor(source, subscriber, row.subscribedAt || null, now)
        : subscriber.consents;
    subscribers.push({ subscriber: { ...subscriber, consents }, existingId });
    report.created[subscriber.state === 'active' ? 'subscribers' : subscriber.state] += 1;
  }

  // Members (this site's archive): kept when the site has them already.
  const members = bundle.members.filter((member) => {
    if (!isMemberHere(db, member)) return true;
    report.kept.push({
      where: `member ${member.email ?? member.name ?? '(no address)'}`,
      message: 'Already a member here.',
    });
    return false;
  });
  report.created.members = members.length;

  if (!options.dryRun) {
    const staging = path.join(contentDir, `.import-${process.pid}-${Date.now()}`);
    try {
      for (const [relative, bytes] of staged) {
        const file = path.join(staging, ...relative.split('/'));
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, bytes);
      }
      // Every folder the files go to exists and takes writes before the database commits, so
      // moving them in afterwards cannot fail for want of one.
      for (const relative of staged.keys()) {
        const folder = path.dirname(path.join(contentDir, ...relative.split('/')));
        fs.mkdirSync(folder, { recursive: true });
        fs.accessSync(folder, fs.constants.W_OK);
      }
      inTransaction(db, () => {
        for (const { subscriber, existingId } of subscribers) {
          writeMovedSubscriber(db, subscriber, now, existingId);
        }
        for (const member of members) restoreMember(db, member, now);
      });
      for (const relative of staged.keys()) {
        const target = path.join(contentDir, ...relative.split('/'));
        fs.renameSync(path.join(staging, ...relative.split('/')), target);
      }
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
    fs.mkdirSync(deps.reportsDir, { recursive: true });
    report.reportFile = path.join(deps.reportsDir, `${now.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(report.reportFile, `${JSON.stringify(report, null, 2)}\n`);
  }
  return report;
}
