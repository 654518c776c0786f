/** Small pieces every community module uses: deps, time, transactions and people. */
import { levelFromRole, type Person, type RoleLevel } from '@quillpost/domain';
import type { Request } from 'express';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import { currentUser, type SessionUser } from '../auth/index.js';

export type CommunityDeps = Pick<AppDeps, 'db' | 'clock' | 'env' | 'logger'>;

/** The signed-in user of a route mounted through the route table (requirePermission ran). */
export function viewerOf(req: Request): SessionUser {
  const user = currentUser(req);
  if (!user) throw new AppError(401, 'UNAUTHORIZED');
  return user;
}

/** The columns a person is built from, selected with a prefix: `u.id AS p_id, ...`. */
export function personColumns(alias: string, prefix: string): string {
  return `${alias}.id AS ${prefix}_id, ${alias}.name AS ${prefix}_name,
    ${alias}.avatar_url AS ${prefix}_avatar, ${alias}.deleted_at AS ${prefix}_deleted,
    ${alias}.role AS ${prefix}_role`;
}

type Row = Record<string, unknown>;

/** A person from prefixed columns; null when the join found nobody. A deleted account keeps its
 * id (the log points at it) but has no name or avatar. */
export function personFrom(row: Row, prefix: string): Person | null {
  const id = row[`${prefix}_id`];
  if (typeof id !== 'number') return null;
  const deleted = row[`${prefix}_deleted`] !== null && row[`${prefix}_deleted`] !== undefined;
  return {
    id,
    name: deleted ? null : ((row[`${prefix}_name`] as string | null) ?? null),
    avatarUrl: deleted ? null : ((row[`${prefix}_avatar`] as string | null) ?? null),
  };
}

export function levelFrom(row: Row, prefix: string): RoleLevel {
  return levelFromRole(row[`${prefix}_role`] as string | null);
}

/** A post readers may see now (004's rules without drafts or scheduled ones); `c` is content_items
 * and `@now` the current instant. */
export const VISIBLE_POST = `c.kind = 'post' AND c.removed_at IS NULL AND c.status = 'published'
  AND c.published_at <= @now`;

/** The shortest excerpt a post has. */
export const POST_EXCERPT = `COALESCE(NULLIF(c.excerpt_short, ''), NULLIF(c.excerpt_medium, ''), c.excerpt_long)`;
