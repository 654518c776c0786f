import type { Db } from '../../../db/connection.js';
import { statement } from '../../../db/statements.js';

/**
 * Remote authors' avatars as fetched (avatars.ts), in the module's key–value table beside
 * Fedify's own entries, under a prefix Fedify never lists: the image, or null for one that could
 * not be fetched, until it expires.
 */
export interface StoredAvatar {
  type: string;
  /** The image's bytes, base64. */
  data: string;
}

const keyOf = (actorId: string, source: string) =>
  JSON.stringify(['quillpost', 'remote-avatar', actorId, source]);

/** The stored avatar, null for a failed fetch, undefined when there is none or it expired. */
export function storedAvatar(
  db: Db,
  avatar: { actorId: string; source: string },
  now: string,
): StoredAvatar | null | undefined {
  const row = statement(
    db,
    'SELECT value FROM fediverse_kv WHERE key = ? AND (expires_at IS NULL OR expires_at > ?)',
  ).get(keyOf(avatar.actorId, avatar.source), now) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as StoredAvatar | null) : undefined;
}

export function keepAvatar(
  db: Db,
  avatar: { actorId: string; source: string },
  image: StoredAvatar | null,
  expiresAt: string,
): void {
  statement(
    db,
    `INSERT INTO fediverse_kv (key, value, expires_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`,
  ).run(keyOf(avatar.actorId, avatar.source), JSON.stringify(image), expiresAt);
}
