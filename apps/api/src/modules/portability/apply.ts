/**
 * An import, planned and carried out (issue 27). The plan is the dry run: what would be created,
 * kept (already here) and refused, per kind, each with its line or item, every path it would
 * write, every member's role, and an archive's fediverse keys, handles, followers and blocks. Carrying it out writes the files into a staging folder beside
 * the database, then, in one database transaction, the subscribers and members, and only then
 * moves the files into place: a failure before the moves leaves the site as it was, and one
 * during them (a kill) is finished by running the same import again. Nobody is mailed: imported
 * subscribers are active on the strength of the consent they gave before, which their consent
 * history records.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  emailSchema,
  importedConsentSource,
  FRONT_MATTER_BY_KIND,
  levelFromRole,
  nameSchema,
  type AssignableRole,
  type ImportReport,
  type ImportSource,
  type RoleGrant,
  slugOf,
} from '@quillpost/domain';
import { stringify } from 'yaml';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/statements.js';
import type { Logger } from '../../logger.js';
import { isMemberHere, restoreMember, type MovedMember } from '../auth/index.js';
import { hasRemoteReply, restoreRemoteReplies } from '../discussions/index.js';
import { planFediverseRestore, restoreFediverse } from '../fediverse/index.js';
import { restoreWebmentions } from '../webmention/index.js';
import { parseFrontMatter, slugify } from '../content/index.js';
import { recordSentElsewhere, type SentElsewhere } from '../newsletter/index.js';
import {
  subscriberIdByEmail,
  writeMovedSubscriber,
  type MovedSubscriber,
} from '../subscriptions/index.js';
import type { ImportBundle } from './bundle.js';
import { htmlToMarkdown, type ConvertedHtml } from './html-to-markdown.js';
import { STAGED_FILES, stagingFolder, temporaryBeside, TEMPORARY_STAGING } from './staging.js';
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
  /** The roles above member the owner confirmed for an archive's people; none by default. */
  grants?: readonly RoleGrant[];
}

interface Deps {
  db: Db;
  contentDir: string;
  /** Where reports go: data/imports. */
  reportsDir: string;
  /**
   * Where files wait until the database has committed: the server and the CLI give the data
   * folder's, swept at their start; the system's temporary folder otherwise.
   */
  stagingDir?: string;
  /**
   * Reads the content folder into the database once the files are in (the server and the CLI
   * give syncContent): replies from other servers go back under posts only the sync makes.
   */
  sync?: () => void;
  /** The server's or the CLI's log, told when an import starts and finishes. */
  logger?: Logger;
  now: string;
  /** Fetches a remote image; null when it cannot. */
  fetchImage?: (url: string) => Promise<Buffer | null>;
}

const FOLDERS = { post: 'posts', page: 'pages' } as const;
/** The platforms as their owners call them, for the report's words. */
const SOURCE_NAMES: Record<ImportSource, string> = {
  substack: 'Substack',
  ghost: 'Ghost',
  wordpress: 'WordPress',
  csv: 'the list’s platform',
  archive: 'the archived site',
};
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

/**
 * The role an archive's member is restored with: theirs when it is member or below; a higher one
 * only when the owner confirmed that very role for that address, as a file anyone can write
 * could make anyone an admin. Otherwise member, with the reason.
 */
function restoredRole(
  member: MovedMember,
  grants: readonly RoleGrant[],
): { role: AssignableRole; grant?: RoleGrant; refusal?: string } {
  const asked = levelFromRole(member.role);
  if (asked === 'subscriber' || asked === 'member') return { role: asked };
  const address = member.email?.trim().toLowerCase();
  const grant = grants.find((given) => given.email === address && given.role === asked);
  if (grant) return { role: grant.role, grant };
  return {
    role: 'member',
    refusal: address
      ? `The archive makes them ${asked}, which was not confirmed for this address: restored as a member.`
      : `The archive makes them ${asked}, and without an address it cannot be confirmed: restored as a member.`,
  };
}

/**
 * Moves a staged file over its target: a rename, or, from another disk (a container's data and
 * content volumes), a copy beside the target renamed over it, so a file is never half there.
 */
function moveIn(staged: string, target: string, staging: string): void {
  try {
    fs.renameSync(staged, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    const temporary = temporaryBeside(target, staging);
    fs.copyFileSync(staged, temporary);
    fs.renameSync(temporary, target);
    fs.rmSync(staged);
  }
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
    notes: [...bundle.notes],
    remoteImages: [],
    paths: [],
    roles: [],
    fediverse: null,
    reportFile: null,
  };
  // Path in the content folder -> its bytes, or the export's file to copy them from.
  const staged = new Map<string, { bytes: Buffer } | { exportFile: string }>();

  // Items: one file each, unless the slug is taken (and --overwrite is not given).
  const category = slugOf(options.category, { fallback: 'write' });
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
    const fetched =
      remote && options.fetchImages && !options.dryRun && deps.fetchImage
        ? await deps.fetchImage(address)
        : null;
    const from = local ? { exportFile: local } : fetched ? { bytes: fetched } : null;
    if (!from) {
      if (remote) report.remoteImages.push(address);
      continue;
    }
    // Named by its address too: two posts' `image.png` stay two files, and a second run of the
    // same import writes the same names.
    const hash = createHash('sha256').update(address).digest('hex').slice(0, 8);
    const target = `${IMAGE_FOLDER}/${source}/${hash}-${imageName(address)}`;
    staged.set(target, from);
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
    staged.set(relative, { bytes: Buffer.from(text) });
    if (item.kind === 'page') report.created.pages += 1;
    else if (item.status === 'draft') report.created.drafts += 1;
    else report.created.posts += 1;
  }
  for (const file of bundle.contentFiles) {
    const existing = fs.existsSync(path.join(contentDir, file.path));
    if (existing && !options.overwrite) {
      report.kept.push({ where: file.name, message: 'Already in the content folder.' });
      continue;
    }
    staged.set(file.path, { exportFile: file.name });
    report.created.files += 1;
  }
  report.paths = [...staged.keys()].sort();

  // Posts the other platform mailed are marked sent, here or already here (the same slug): the
  // New issue picker does not offer them again.
  const mailed: SentElsewhere[] = [];
  const mailedFrom = new Map<string, number>();
  for (const item of bundle.items) {
    if (item.kind !== 'post' || !item.mailedAt) continue;
    mailed.push({ kind: 'post', slug: item.slug, platform: source, sentAt: item.mailedAt });
    const file = item.origin.replace(/ line \d+$/, '');
    mailedFrom.set(file, (mailedFrom.get(file) ?? 0) + 1);
  }
  for (const [file, count] of mailedFrom) {
    report.notes.push({
      where: file,
      message: `${count === 1 ? '1 post was' : `${count} posts were`} sent as email on ${SOURCE_NAMES[source]}: marked as sent here, so ${count === 1 ? 'it is' : 'they are'} not offered for a new issue.`,
    });
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

  // Members (this site's archive): kept when the site has them already; roles above member only
  // as the owner confirmed them.
  const grants = options.grants ?? [];
  const confirmed = new Set<RoleGrant>();
  const members: Array<{ member: MovedMember; role: AssignableRole }> = [];
  for (const member of bundle.members) {
    const where = `member ${member.email ?? member.name ?? '(no address)'}`;
    const { role, grant, refusal } = restoredRole(member, grants);
    if (grant) confirmed.add(grant);
    if (isMemberHere(db, member)) {
      report.kept.push({ where, message: 'Already a member here.' });
      continue;
    }
    if (refusal) report.refused.push({ where, message: refusal });
    members.push({ member, role });
    report.roles.push({
      member: member.email ?? member.name ?? '(no address)',
      role,
      signIn: member.signInMethods.map((method) => method.provider),
    });
  }
  for (const grant of grants.filter((given) => !confirmed.has(given))) {
    report.refused.push({
      where: `${grant.role}:${grant.email}`,
      message: `No member of the archive has this address and the role ${grant.role}: nothing given.`,
    });
  }
  report.created.members = members.length;

  // The fediverse account (this site's archive): the same keys, handles and followers, so those
  // who follow it keep following it here.
  const fediverse = bundle.fediverse
    ? planFediverseRestore(db, bundle.fediverse, { overwrite: options.overwrite })
    : null;
  const replies = bundle.remoteReplies.filter((reply) => !hasRemoteReply(db, reply.objectId));
  if (fediverse) {
    if (fediverse.keysKept)
      report.kept.push({ where: 'fediverse.json keys', message: fediverse.keysKept });
    for (const actorId of fediverse.followersHere) {
      report.kept.push({ where: `follower ${actorId}`, message: 'Already follows the site here.' });
    }
    report.fediverse = {
      keys: fediverse.keys.map((key) => key.algorithm),
      handles: fediverse.handles.map((handle) => handle.handle),
      followers: fediverse.followers.map((follower) => follower.actorId),
      blocks: fediverse.blocks.map((block) => `${block.kind} ${block.value}`),
      replies: replies.map((reply) => `${reply.post}: ${reply.author.name}`),
    };
  }

  if (!options.dryRun) {
    // Before the first write: should the process die during the moves, the log says an import
    // was under way, and running it again finishes it.
    deps.logger?.info(
      {
        source,
        files: staged.size,
        subscribers: subscribers.length,
        members: members.length,
      },
      'import started',
    );
    const staging = stagingFolder(deps.stagingDir ?? TEMPORARY_STAGING);
    const stagedFile = (relative: string) =>
      path.join(staging, STAGED_FILES, ...relative.split('/'));
    try {
      for (const [relative, from] of staged) {
        const file = stagedFile(relative);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        if ('bytes' in from) fs.writeFileSync(file, from.bytes);
        else files.copy(from.exportFile, file);
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
        for (const { member, role } of members) restoreMember(db, member, role, now);
        for (const sent of mailed) recordSentElsewhere(db, sent);
        if (fediverse) restoreFediverse(db, fediverse, now);
      });
      for (const relative of staged.keys()) {
        moveIn(stagedFile(relative), path.join(contentDir, ...relative.split('/')), staging);
      }
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
    deps.sync?.();
    // Under the posts the sync just made; one whose post is not here is said so.
    if (replies.length) report.refused.push(...restoreRemoteReplies(db, replies, now).left);
    // Beside the replies they came as, so their pages still change them here.
    restoreWebmentions(db, bundle.webmentions);
    fs.mkdirSync(deps.reportsDir, { recursive: true });
    report.reportFile = path.join(deps.reportsDir, `${now.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(report.reportFile, `${JSON.stringify(report, null, 2)}\n`);
    deps.logger?.info({ source, report: report.reportFile }, 'import finished');
  }
  return report;
}
