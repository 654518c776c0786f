/**
 * Moving in and out (issue 27): the console's import (the export's bytes, a dry run first) and
 * its report, the same the CLI prints.
 */
import { z } from 'zod';
import { canonicalEmail } from '../email-address.js';

const okSchema = z.object({ success: z.literal(true) });

export const IMPORT_SOURCES = ['substack', 'ghost', 'wordpress', 'csv', 'archive'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** The biggest export the console takes; a larger one goes through `pnpm data import`. */
export const IMPORT_UPLOAD_MAX_BYTES = 64 * 1024 * 1024;

const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');

/** POST /api/admin/import?source=…&name=…&dryRun=true: the body is the file itself. */
export const importQuerySchema = z.object({
  source: z.enum(IMPORT_SOURCES),
  /** The file's name: a CSV, JSON or XML is read by its extension. */
  name: z.string().trim().min(1).max(200),
  dryRun: flag,
  overwrite: flag,
  category: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .default('write'),
  /** The roles above member the owner confirms for an archive's people (readRoleGrants). */
  grantRoles: z.string().max(4000).default(''),
});

/** The roles above member an archive's people may keep, each only when the owner confirms it. */
export const IMPORT_GRANTABLE_ROLES = ['moderator', 'admin'] as const;
export type ImportGrantableRole = (typeof IMPORT_GRANTABLE_ROLES)[number];
export interface RoleGrant {
  role: ImportGrantableRole;
  /** Canonical, as members are looked up. */
  email: string;
}

/**
 * The owner's confirmations, `admin:ada@example.com` each: one per `--grant-role` of
 * `pnpm data import`, or comma-separated in the console's `grantRoles`. An archive is a file
 * anyone can write, so its roles above member count only when confirmed here, address by address.
 */
export function readRoleGrants(
  entries: readonly string[],
): { ok: true; grants: RoleGrant[] } | { ok: false; message: string } {
  const grants: RoleGrant[] = [];
  for (const entry of entries.flatMap((text) => text.split(',')).map((text) => text.trim())) {
    if (!entry) continue;
    const colon = entry.indexOf(':');
    const role = entry.slice(0, colon);
    const email = canonicalEmail(entry.slice(colon + 1));
    if (colon < 0 || !(IMPORT_GRANTABLE_ROLES as readonly string[]).includes(role) || !email.ok) {
      return {
        ok: false,
        message: `"${entry}" is not a role to confirm: write role:address, the role moderator or admin (admin:ada@example.com).`,
      };
    }
    grants.push({ role: role as ImportGrantableRole, email: email.email });
  }
  return { ok: true, grants };
}

const problemSchema = z.object({ where: z.string(), message: z.string() });

export const importReportSchema = z.object({
  source: z.enum(IMPORT_SOURCES),
  dryRun: z.boolean(),
  at: z.string(),
  created: z.object({
    posts: z.number(),
    drafts: z.number(),
    pages: z.number(),
    subscribers: z.number(),
    unsubscribed: z.number(),
    bounced: z.number(),
    members: z.number(),
    files: z.number(),
    images: z.number(),
  }),
  kept: z.array(problemSchema),
  refused: z.array(problemSchema),
  /**
   * What the import made of the export, in the owner's words: which file was read as the
   * subscriber list (or that none was found), how many people it keeps unsubscribed and why,
   * which posts the other platform had already mailed.
   */
  notes: z.array(problemSchema).default([]),
  remoteImages: z.array(z.string()),
  /** Every file written (in a dry run: to be written), by its path in the content folder. */
  paths: z.array(z.string()).default([]),
  /** Every member restored (in a dry run: to be), with the role they get and how they sign in. */
  roles: z
    .array(z.object({ member: z.string(), role: z.string(), signIn: z.array(z.string()) }))
    .default([]),
  /**
   * An archive's fediverse account, restored (in a dry run: to be) so that the same actor keeps
   * its followers: the key pairs written, by algorithm, the earlier handles it answers to, every
   * follower, by their account's address, and the accounts and domains blocked.
   */
  fediverse: z
    .object({
      keys: z.array(z.string()),
      handles: z.array(z.string()),
      followers: z.array(z.string()),
      blocks: z.array(z.string()).default([]),
      /** Replies from other servers put back under their posts: `/posts/x: their author`. */
      replies: z.array(z.string()).default([]),
    })
    .nullable()
    .default(null),
  reportFile: z.string().nullable(),
});
export type ImportReport = z.output<typeof importReportSchema>;

export const importResponseSchema = okSchema.extend({ report: importReportSchema });

/** members.json of the site's archive: each member and the ways they sign in, no secrets. */
export const archivedMembersSchema = z.array(
  z.object({
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    name: z.string().nullable(),
    role: z.enum(['subscriber', 'member', 'moderator', 'admin']),
    avatarUrl: z.string().nullable(),
    createdAt: z.string(),
    signInMethods: z.array(
      z.object({
        provider: z.enum(['email', 'google', 'github', 'discord', 'facebook']),
        providerAccountId: z.string().min(1),
        email: z.string().nullable(),
        emailVerified: z.boolean(),
        displayName: z.string().nullable(),
        primary: z.boolean(),
        linkedAt: z.string(),
      }),
    ),
  }),
);
