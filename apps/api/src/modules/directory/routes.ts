import { type DirectoryEntry } from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import { readSettings } from '../settings/index.js';
import type { MountEndpoint } from '../../http/endpoints.js';
import { isoNow } from '../../clock.js';
import type { CommunityDeps } from '../../deps.js';

/** Members who chose to appear (off by default), live and not banned, by name. */
export function directoryEntries(db: Db, q: string, now: string): DirectoryEntry[] {
  const rows = db
    .prepare(
      `SELECT u.id, u.name, u.avatar_url, u.created_at, p.bio
       FROM member_profiles p JOIN users u ON u.id = p.user_id
       WHERE p.show_in_directory = 1 AND u.deleted_at IS NULL
         AND (u.banned_at IS NULL OR (u.banned_until IS NOT NULL AND u.banned_until <= @now))
         AND (@q = '' OR u.name LIKE '%' || @q || '%' ESCAPE '\\' OR p.bio LIKE '%' || @q || '%' ESCAPE '\\')
       ORDER BY u.name IS NULL, u.name COLLATE NOCASE, u.id LIMIT 500`,
    )
    .all({ now, q: q.replace(/[\\%_]/g, (char) => `\\${char}`) }) as Array<{
    id: number;
    name: string | null;
    avatar_url: string | null;
    created_at: string;
    bio: string;
  }>;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    avatarUrl: row.avatar_url,
    bio: row.bio,
    memberSince: row.created_at,
  }));
}

export function directoryRoutes(deps: CommunityDeps, mount: MountEndpoint): void {
  const { db } = deps;
  mount('directory', (req, res, { query }) => {
    const { q } = query;
    const open = readSettings(db).directoryOpen;
    res.json({
      success: true,
      open,
      members: open ? directoryEntries(db, q, isoNow(deps.clock)) : [],
    });
  });
}
