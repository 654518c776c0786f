/**
 * What every reader makes of an export (issue 27), whichever platform wrote it: items to become
 * Markdown files, subscribers with the consent they gave, members (this site's own archive), the
 * images the export holds, and every problem with the line or item it was found at.
 */
import type { MovedMember } from '../auth/index.js';
import type { ArchivedRemoteReply } from '../discussions/index.js';
import type { FediverseArchive } from '../fediverse/index.js';
import type { ArchivedWebmention } from '../webmention/index.js';
import { slugOf } from '@quillpost/domain';
import type { MovedSubscriber } from '../subscriptions/index.js';

export { IMPORT_SOURCES, type ImportSource } from '@quillpost/domain';

/** A post or page as the export had it: HTML (to convert) or Markdown (this site's own). */
export interface ImportedItem {
  kind: 'post' | 'page';
  /** Where it came from, for the report: `posts.csv line 4`, `item "About"`. */
  origin: string;
  slug: string;
  title: string;
  /** ISO instant. */
  date: string;
  status: 'published' | 'draft';
  excerpt: string | null;
  /** The platform's tags and categories; the site's category is the import's --category. */
  tags: string[];
  /** An image address as the export has it (a URL, or a path inside the export). */
  featuredImage: string | null;
  html: string;
  /** When the other platform sent it as email, if it did: it is not offered for sending again. */
  mailedAt?: string | null;
}

/** A subscriber before their address is checked: the canonical-address rules come later. */
export type ImportedSubscriber = Omit<MovedSubscriber, 'email'> & {
  origin: string;
  email: string;
};

/**
 * A subscriber as another platform's list has them: what the list says, since when (null: it
 * does not say), and any notes it holds that this site has no column for.
 */
export function listedSubscriber(
  row: Pick<ImportedSubscriber, 'origin' | 'email' | 'name' | 'state'> & {
    since: string | null;
    confirmedAt?: string | null;
    endedAt?: string | null;
    bounceReason?: string | null;
    notes?: string[];
  },
): ImportedSubscriber {
  const { since, notes = [], ...listed } = row;
  return {
    confirmedAt: since,
    endedAt: null,
    bounceReason: null,
    ...listed,
    subscribedAt: since ?? '',
    note: notes.filter(Boolean).join('; ') || null,
    preferences: null,
    consents: [],
  };
}

/** A file of this site's own archive, written back as it was (content, site.yml). */
export interface ArchivedFile {
  /** Its path in the content folder. */
  path: string;
  /** Its name in the export, copied from there when written. */
  name: string;
}

export interface Problem {
  /** The line or item: `email_list.csv line 12`, `posts/123.html`. */
  where: string;
  message: string;
}

export interface ImportBundle {
  items: ImportedItem[];
  subscribers: ImportedSubscriber[];
  members: MovedMember[];
  /** Only from this site's archive: the content folder's files it may write back, byte for byte. */
  contentFiles: ArchivedFile[];
  /** Only from this site's archive: its fediverse account (keys, handles, followers). */
  fediverse: FediverseArchive | null;
  /** Only from this site's archive: replies from other servers, with the posts they answer. */
  remoteReplies: ArchivedRemoteReply[];
  /** Only from this site's archive: the Webmentions those replies came by. */
  webmentions: ArchivedWebmention[];
  problems: Problem[];
  /** What the reader made of the export, for the owner (the report's notes). */
  notes: Problem[];
}

export const emptyBundle = (): ImportBundle => ({
  items: [],
  subscribers: [],
  members: [],
  contentFiles: [],
  fediverse: null,
  remoteReplies: [],
  webmentions: [],
  problems: [],
  notes: [],
});

/**
 * A slug for an item: from its own slug or title, or `fallback` (the platform's id) when neither
 * has a letter or digit the site's slugs keep (a title in Cyrillic or Chinese, say).
 */
export function itemSlug(text: string, fallback: string): string {
  return slugOf(text, { fallback: slugOf(fallback, { fallback: 'item' }) });
}

/** Bad input: nothing is written, and the message says where. */
export class ImportError extends Error {}
