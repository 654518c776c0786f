/** People as the members area shows them: built from `users` columns selected with a prefix. */
import { levelFromRole, type Person, type RoleLevel } from '@quillpost/domain';

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
