/**
 * Moving in and out (issue 27): the console's import (the export's bytes, a dry run first) and
 * its report, the same the CLI prints.
 */
import { z } from 'zod';

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
});

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
  remoteImages: z.array(z.string()),
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
