/**
 * What comes back from the social web (issue 38 items 4 to 6, decision 0033): replies written on
 * other servers (fediverse notes, webmentions), held for the owner until approved, and the
 * accounts and domains the owner blocks.
 */
import { z } from 'zod';
import { type Ctx, coded, idParam } from './member-fields.js';

// The WHATWG URL parser exists in every runtime this package runs in; the domain compiles
// without DOM or Node types (as member-fields.ts says).
declare const URL: new (input: string) => { hostname: string; href: string };

export const REMOTE_REPLY_SOURCES = ['fediverse', 'webmention'] as const;
export type RemoteReplySource = (typeof REMOTE_REPLY_SOURCES)[number];
/** How a reply came, in words after "a reply": for the moderators' screens and their log. */
export const REMOTE_REPLY_SOURCE_WORDS: Record<RemoteReplySource, string> = {
  fediverse: 'from the fediverse',
  webmention: 'by Webmention',
};
/** A remote reply waits for the owner (held); only an approved one is shown under its post. */
export const REMOTE_REPLY_STATUSES = ['held', 'approved', 'rejected'] as const;
export type RemoteReplyStatus = (typeof REMOTE_REPLY_STATUSES)[number];

/** Someone who replied from another server. Names are text; the avatar is served by us. */
export const remoteAuthorSchema = z.object({
  name: z.string(),
  /** `@user@host` on the fediverse; null for a webmention's author. */
  handle: z.string().nullable(),
  /** Their profile. */
  url: z.string(),
  /** Our own address for their avatar, so no reader's browser asks their server. */
  avatarUrl: z.string().nullable(),
});
export type RemoteAuthor = z.output<typeof remoteAuthorSchema>;

/**
 * Where a remote author's avatar is served from our origin (the fediverse module fetches it once
 * through the address guard), so no reader's browser asks their server.
 */
export const remoteAvatarPath = (authorId: number) => `/fediverse/avatars/${authorId}`;

export const remoteReplySchema = z.object({
  id: z.number(),
  source: z.enum(REMOTE_REPLY_SOURCES),
  status: z.enum(REMOTE_REPLY_STATUSES),
  /** The post it is under, and that post's path on this site. */
  post: z.object({ title: z.string(), path: z.string() }),
  author: remoteAuthorSchema,
  /** Plain text: the incoming HTML sanitized down to what the conversation shows. */
  text: z.string(),
  /** The original, on the author's server. */
  url: z.string(),
  receivedAt: z.string(),
});
export type RemoteReply = z.output<typeof remoteReplySchema>;

/** GET /api/admin/fediverse/replies?status=held */
export const remoteReplyListQuerySchema = z.object({
  status: z.enum(REMOTE_REPLY_STATUSES).optional(),
});
export const remoteReplyListResponseSchema = z.object({ items: z.array(remoteReplySchema) });
export const remoteReplyIdParamsSchema = z.object({ replyId: idParam });

// Blocks

export const FEDIVERSE_BLOCK_KINDS = ['account', 'domain'] as const;
export type FediverseBlockKind = (typeof FEDIVERSE_BLOCK_KINDS)[number];
export const FEDIVERSE_BLOCK_VALUE_MAX_LENGTH = 500;

const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const HANDLE = /^@?([^@\s/]+)@([^@\s/]+)$/;

/** A host written alone or as the host of an address: `example.social`, `https://example.social/`. */
function hostOf(raw: string): string | null {
  const written = raw.trim().toLowerCase();
  let host = written;
  if (/^https?:\/\//.test(written)) {
    try {
      host = new URL(written).hostname;
    } catch {
      return null;
    }
  }
  return HOST_NAME.test(host) ? host : null;
}

/**
 * An account as the owner writes it: a handle (`@user@host`, kept as `@user@host`, the host
 * lower-cased) or its actor's address (an https URL, kept as written).
 */
function accountOf(raw: string): string | null {
  const written = raw.trim();
  const handle = HANDLE.exec(written);
  if (handle) {
    const host = hostOf(handle[2]!);
    return host ? `@${handle[1]}@${host}` : null;
  }
  if (!/^https?:\/\//i.test(written)) return null;
  try {
    return new URL(written).href;
  } catch {
    return null;
  }
}

/** The one rule for what a block names, used by the owner's form and by the API. */
export function normalizeBlockValue(kind: FediverseBlockKind, raw: string): string | null {
  if (raw.length > FEDIVERSE_BLOCK_VALUE_MAX_LENGTH) return null;
  return kind === 'domain' ? hostOf(raw) : accountOf(raw);
}

/** Where the Follow box's form goes: a redirect to the reader's own server (issue 38 item 2). */
export const FOLLOW_FROM_SERVER_PATH = '/fediverse/follow';

/**
 * The server a reader names in "Follow from your server": its name, its address, or their own
 * handle on it; null when it is none of these.
 */
export function followServerOf(raw: string): string | null {
  if (raw.length > FEDIVERSE_BLOCK_VALUE_MAX_LENGTH) return null;
  const handle = HANDLE.exec(raw.trim());
  return hostOf(handle ? handle[2]! : raw);
}

/**
 * Where the reader's server asks them to confirm following `account`: Mastodon's remote
 * interaction page, which Pixelfed, GoToSocial and Akkoma answer too.
 */
export const remoteFollowUrl = (server: string, account: string): string =>
  `https://${server}/authorize_interaction?uri=${encodeURIComponent(account)}`;

/** POST /api/admin/fediverse/blocks */
export const fediverseBlockCreateSchema = z
  .object({ kind: z.enum(FEDIVERSE_BLOCK_KINDS), value: z.string() })
  .superRefine((block, ctx: Ctx) => {
    if (normalizeBlockValue(block.kind, block.value) === null) {
      coded(
        ctx,
        block.kind === 'domain'
          ? 'FEDIVERSE_BLOCK_DOMAIN_INVALID'
          : 'FEDIVERSE_BLOCK_ACCOUNT_INVALID',
        block.value,
      );
    }
  })
  .transform((block) => ({
    kind: block.kind,
    value: normalizeBlockValue(block.kind, block.value)!,
  }));
export type FediverseBlockCreate = z.input<typeof fediverseBlockCreateSchema>;

export const fediverseBlockSchema = z.object({
  id: z.number(),
  kind: z.enum(FEDIVERSE_BLOCK_KINDS),
  value: z.string(),
  createdAt: z.string(),
});
export type FediverseBlock = z.output<typeof fediverseBlockSchema>;
export const fediverseBlockListResponseSchema = z.object({ items: z.array(fediverseBlockSchema) });
export const fediverseBlockIdParamsSchema = z.object({ blockId: idParam });
