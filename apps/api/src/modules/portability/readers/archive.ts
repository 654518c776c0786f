/**
 * This site's own archive (`pnpm data export`): the content folder byte for byte, subscribers
 * with their consent history, and members with their sign-in methods.
 */
import {
  archivedMembersSchema,
  NEWSLETTER_SECTIONS,
  type NewsletterPreferences,
} from '@quillpost/domain';
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
  bundle.contentFiles = files.names
    .filter((name) => name.startsWith('content/'))
    .map((name) => ({ path: name.slice('content/'.length), bytes: files.read(name) }));

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
    let members: unknown;
    try {
      members = JSON.parse(files.read(ARCHIVE_FILES.members).toString('utf8'));
    } catch (error) {
      throw new ImportError(
        `${ARCHIVE_FILES.members} is not valid JSON: ${(error as Error).message}`,
      );
    }
    const checked = archivedMembersSchema.safeParse(members);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw new ImportError(
        `${ARCHIVE_FILES.members} at ${issue?.path.join('.') || 'the top'}: ${issue?.message}`,
      );
    }
    bundle.members = checked.data;
  }
  return bundle;
}
