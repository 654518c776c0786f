/**
 * This site's own archive (`pnpm data export`): the content folder byte for byte, subscribers
 * with their consent history, members with their sign-in methods, and the fediverse account.
 */
import {
  archivedMembersSchema,
  contentFilePathSchema,
  NEWSLETTER_SECTIONS,
  type NewsletterPreferences,
} from '@quillpost/domain';
import type { z } from 'zod';
import { AUTHORS_FILE, SITE_FILE } from '../../content/index.js';
import { archivedRemoteRepliesSchema } from '../../discussions/index.js';
import { fediverseArchiveSchema } from '../../fediverse/index.js';
import { archivedWebmentionsSchema } from '../../webmention/index.js';
import { isRasterImage, SERVED_AS_THEY_ARE } from '../../images/index.js';
import { OWN_FAVICON } from '../../site/index.js';
import type { MovedConsent } from '../../subscriptions/index.js';
import { emptyBundle, ImportError, type ImportBundle } from '../bundle.js';
import type { ExportFiles } from '../unpack.js';
import { csvRows, instant } from './tables.js';

export const ARCHIVE_FILES = {
  readme: 'README.md',
  subscribers: 'subscribers.csv',
  consents: 'consent-history.csv',
  members: 'members.json',
  comments: 'comments.json',
  bookmarks: 'bookmarks.json',
  events: 'events.json',
  moderationLog: 'moderation-log.json',
  fediverse: 'fediverse.json',
  remoteReplies: 'remote-replies.json',
  webmentions: 'webmentions.json',
} as const;

export const SUBSCRIBER_COLUMNS = [
  'email',
  'name',
  'state',
  'subscribed_at',
  'confirmed_at',
  'ended_at',
  'bounce_reason',
  'note',
  'sections',
  'start_path',
] as const;
export const CONSENT_COLUMNS = [
  'email',
  'action',
  'source',
  'consent_text',
  'recorded_at',
] as const;

const CONTENT = 'content/';

/**
 * Dots a name may show without being one (one and two dot leaders, the ellipsis, fullwidth,
 * small and ideographic full stops, middle dots), and characters that show nothing or turn the
 * text around: a folder named `‥` reads as `..` in a listing. Characters that stand for others
 * (fullwidth letters) are caught by normalizing.
 */
const LOOK_ALIKE =
  /[\p{Cc}\p{Cf}\u00B7\u0701\u0702\u2024-\u2027\u2E31\u2E33\u3002\uFE52\uFF0E\uFF61]/u;

/**
 * Why a file of the archive's content folder is not written back, or null when it is one the
 * site itself keeps there: a kind's Markdown, site.yml and authors.yml, and the images it serves.
 * Nothing else: not `.git/config` (whose fsmonitor is a command the next `git status` runs), not
 * a folder of look-alike dots, not the site's icon.
 */
function refusalOf(relative: string): string | null {
  const parts = relative.split('/');
  if (
    parts.some((part) => LOOK_ALIKE.test(part) || part.normalize('NFKC') !== part.normalize('NFC'))
  ) {
    return 'A name with look-alike or invisible characters: refused.';
  }
  if (parts.some((part) => part.startsWith('.') || part.startsWith('_'))) {
    return 'A hidden or private name (starting with . or _), which the site never writes: refused.';
  }
  if (relative.toLowerCase() === OWN_FAVICON) {
    return "The site's icon is not replaced by an import: if it is yours, copy it into the content folder yourself.";
  }
  const image =
    parts[0] === 'images' &&
    parts.length > 1 &&
    (isRasterImage(relative) || SERVED_AS_THEY_ARE.test(relative));
  if (
    relative === SITE_FILE ||
    relative === AUTHORS_FILE ||
    image ||
    contentFilePathSchema.safeParse(relative).success
  ) {
    return null;
  }
  return 'Not a file the site keeps in its content folder (Markdown in its folders, site.yml, authors.yml, images): refused.';
}

export function readArchive(files: ExportFiles): ImportBundle {
  if (
    !files.names.includes(ARCHIVE_FILES.subscribers) ||
    !files.names.includes(ARCHIVE_FILES.readme)
  ) {
    throw new ImportError(
      'This is not an archive of this site (no README.md and subscribers.csv).',
    );
  }
  const bundle = emptyBundle();
  for (const name of files.names.filter((file) => file.startsWith(CONTENT))) {
    const relative = name.slice(CONTENT.length);
    const refusal = refusalOf(relative);
    if (refusal) bundle.problems.push({ where: name, message: refusal });
    else bundle.contentFiles.push({ path: relative, name });
  }

  const consents = new Map<string, MovedConsent[]>();
  if (files.names.includes(ARCHIVE_FILES.consents)) {
    const history = csvRows(ARCHIVE_FILES.consents, files.read(ARCHIVE_FILES.consents), {
      unguard: true,
    });
    for (const row of history.rows) {
      const email = row.get('email').toLowerCase();
      const action = row.get('action');
      const recordedAt = instant(row.get('recorded_at'));
      if (
        (action !== 'subscribe' && action !== 'confirm' && action !== 'withdraw') ||
        !recordedAt
      ) {
        bundle.problems.push({ where: row.where, message: 'Not a consent event: left out.' });
        continue;
      }
      consents.set(email, [
        ...(consents.get(email) ?? []),
        {
          action,
          source: row.get('source'),
          consentText: row.get('consent_text'),
          recordedAt,
        },
      ]);
    }
  }
  const list = csvRows(ARCHIVE_FILES.subscribers, files.read(ARCHIVE_FILES.subscribers), {
    unguard: true,
  });
  for (const row of list.rows) {
    const state = row.get('state');
    const subscribedAt = instant(row.get('subscribed_at'));
    if ((state !== 'active' && state !== 'unsubscribed' && state !== 'bounced') || !subscribedAt) {
      bundle.problems.push({
        where: row.where,
        message: `Not a subscriber this archive writes (state "${state}"): left out.`,
      });
      continue;
    }
    const sections = new Set(row.get('sections').split(/\s+/).filter(Boolean));
    bundle.subscribers.push({
      origin: row.where,
      email: row.get('email'),
      name: row.get('name') || null,
      state,
      subscribedAt,
      confirmedAt: instant(row.get('confirmed_at')),
      endedAt: instant(row.get('ended_at')),
      bounceReason: row.get('bounce_reason') || null,
      note: row.get('note') || null,
      preferences: Object.fromEntries(
        NEWSLETTER_SECTIONS.map((section) => [section, sections.has(section)]),
      ) as NewsletterPreferences,
      consents: consents.get(row.get('email').toLowerCase()) ?? [],
    });
  }
  if (files.names.includes(ARCHIVE_FILES.members)) {
    bundle.members = checkedJson(files, ARCHIVE_FILES.members, archivedMembersSchema);
  }
  if (files.names.includes(ARCHIVE_FILES.fediverse)) {
    bundle.fediverse = checkedJson(files, ARCHIVE_FILES.fediverse, fediverseArchiveSchema);
  }
  if (files.names.includes(ARCHIVE_FILES.remoteReplies)) {
    bundle.remoteReplies = checkedJson(
      files,
      ARCHIVE_FILES.remoteReplies,
      archivedRemoteRepliesSchema,
    );
  }
  if (files.names.includes(ARCHIVE_FILES.webmentions)) {
    bundle.webmentions = checkedJson(files, ARCHIVE_FILES.webmentions, archivedWebmentionsSchema);
  }
  return bundle;
}

/** A JSON file of the archive, checked whole: a file that is not what the site wrote stops it. */
function checkedJson<T>(
  files: ExportFiles,
  name: string,
  schema: { safeParse(value: unknown): z.ZodSafeParseResult<T> },
): T {
  let value: unknown;
  try {
    value = JSON.parse(files.read(name).toString('utf8'));
  } catch (error) {
    throw new ImportError(`${name} is not valid JSON: ${(error as Error).message}`);
  }
  const checked = schema.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new ImportError(`${name} at ${issue?.path.join('.') || 'the top'}: ${issue?.message}`);
  }
  return checked.data;
}
