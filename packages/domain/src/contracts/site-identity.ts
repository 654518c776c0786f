/**
 * Who the site is, in one file the owner writes (content/site.yml) or edits in the console: its
 * name and words, its language and time zone, its owner, the home page's introduction, its
 * accent colour, the owner's profiles and the newsletter's name. The API reads the file and
 * every page, feed and mail follows it; nothing in the source spells an owner's name.
 */
import { z } from 'zod';
import { SOCIAL_NETWORKS, type SocialNetwork } from '../navigation.js';
import {
  DEFAULT_HUB_COPY,
  DEFAULT_SUBSCRIBE_COPY,
  HUB_NAMES,
  type HubCopy,
  type HubName,
  type SubscribeCopy,
} from '../site-copy.js';

/**
 * '' (none) or an https address on a named host, without spaces, and without the characters an
 * address never holds unescaped and that would end an HTML attribute or open a tag (" < > ` \).
 */
const PROFILE_URL = /^https:\/\/[^\s/?#@"<>`\\]+\.[^\s/?#@"<>`\\]+([/?#][^\s"<>`\\]*)?$/;

function isLanguageTag(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A fediverse account's name on its server (Mastodon's rule): `@<handle>@<host of the site>`. */
export const FEDIVERSE_HANDLE = /^[A-Za-z0-9_]{1,30}$/;

/**
 * The handle a site has until its owner picks one: the owner's name in plain lower-case letters
 * and digits ("Zoë Ó Briain" → "zoeobriain"), or "site" when nothing of it is Latin.
 */
export function defaultFediverseHandle(ownerName: string): string {
  const plain = ownerName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 30);
  return plain || 'site';
}

const text = (max: number) => z.string().trim().max(max, `must be ${max} characters or fewer`);
const optionalText = (max: number) =>
  z.preprocess((value) => (value === null ? undefined : value), text(max).default(''));

/** The file's shape: keys as the owner writes them (snake_case), most of them optional. */
export const siteFileSchema = z
  .object({
    title: text(80).min(1, 'is required'),
    tagline: optionalText(160),
    description: optionalText(300),
    language: z
      .string()
      .trim()
      .refine(isLanguageTag, 'must be a language tag such as en, en-GB or pt-BR')
      .default('en'),
    timezone: z
      .string()
      .trim()
      .refine(isTimeZone, 'must be a time zone such as Europe/London or America/New_York')
      .default('UTC'),
    owner: z
      .object({
        name: text(100).min(1, 'is required'),
        bio: optionalText(500),
        /** An image in content/images/, as `images/me.jpg`. */
        avatar: z
          .string()
          .trim()
          .regex(/^images\/[\w./-]+$/, 'must be a file in content/images/, as images/me.jpg')
          .refine((value) => !value.includes('..'), 'must stay inside content/images/')
          .optional(),
        email: z.email('must be an email address').optional(),
      })
      .strict(),
    intro: optionalText(4000),
    accent: z
      .string()
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb')
      .transform((value) => value.toLowerCase())
      .default('#8c3a1f'),
    social: z
      .object(
        Object.fromEntries(
          SOCIAL_NETWORKS.map((network) => [
            network,
            z
              .string()
              .trim()
              .regex(PROFILE_URL, 'must be an https address')
              .max(300, 'must be 300 characters or fewer')
              .optional(),
          ]),
        ) as Record<SocialNetwork, z.ZodOptional<z.ZodString>>,
      )
      .strict()
      .default({}),
    newsletter: z
      .object({ name: text(100).optional(), from_name: text(100).optional() })
      .strict()
      .default({}),
    /** The site as an account people on Mastodon and elsewhere follow. */
    fediverse: z
      .object({
        handle: z
          .string()
          .trim()
          .regex(FEDIVERSE_HANDLE, 'must be letters, digits or _, 30 at most')
          .optional(),
      })
      .strict()
      .default({}),
    /** What each hub page says about itself (site-copy.ts has the defaults). */
    hubs: z
      .object(
        Object.fromEntries(
          HUB_NAMES.map((hub) => [
            hub,
            z
              .object({
                eyebrow: text(100).optional(),
                intro: text(1000).optional(),
                summary: text(200).optional(),
              })
              .strict()
              .optional(),
          ]),
        ) as Record<
          HubName,
          z.ZodOptional<z.ZodObject<Record<keyof HubCopy, z.ZodOptional<z.ZodString>>>>
        >,
      )
      .strict()
      .default({}),
    /** How the newsletter invites readers. */
    subscribe: z
      .object({
        title: text(100).optional(),
        text: text(400).optional(),
        after_post: z
          .object({ title: text(100).optional(), text: text(400).optional() })
          .strict()
          .optional(),
        dialog: text(200).optional(),
      })
      .strict()
      .default({}),
  })
  .strict();

export type SiteFile = z.input<typeof siteFileSchema>;

/** The identity the site runs with: every default filled in. */
export interface SiteIdentity {
  title: string;
  tagline: string;
  description: string;
  language: string;
  timezone: string;
  owner: { name: string; bio: string; avatar: string | null; email: string | null };
  /** The home page's introduction, Markdown. */
  intro: string;
  accent: string;
  social: Partial<Record<SocialNetwork, string>>;
  newsletter: { name: string; fromName: string };
  /** The site's fediverse account is `@<handle>@<host of PUBLIC_URL>`. */
  fediverse: { handle: string };
  hubs: Record<HubName, HubCopy>;
  subscribe: SubscribeCopy;
}

/** The identity a valid file describes. */
export function siteIdentityOf(file: z.output<typeof siteFileSchema>): SiteIdentity {
  return {
    title: file.title,
    tagline: file.tagline,
    description: file.description || file.tagline || file.title,
    language: Intl.getCanonicalLocales(file.language)[0]!,
    timezone: file.timezone,
    owner: {
      name: file.owner.name,
      bio: file.owner.bio,
      avatar: file.owner.avatar ?? null,
      email: file.owner.email ?? null,
    },
    intro: file.intro,
    accent: file.accent,
    social: Object.fromEntries(Object.entries(file.social).filter(([, url]) => url)),
    newsletter: {
      name: file.newsletter.name ?? file.title,
      fromName: file.newsletter.from_name ?? file.owner.name,
    },
    fediverse: { handle: file.fediverse.handle ?? defaultFediverseHandle(file.owner.name) },
    hubs: Object.fromEntries(
      HUB_NAMES.map((hub) => [hub, { ...DEFAULT_HUB_COPY[hub], ...file.hubs[hub] }]),
    ) as Record<HubName, HubCopy>,
    subscribe: {
      title: file.subscribe.title ?? DEFAULT_SUBSCRIBE_COPY.title,
      text: file.subscribe.text ?? DEFAULT_SUBSCRIBE_COPY.text,
      afterPostTitle: file.subscribe.after_post?.title ?? DEFAULT_SUBSCRIBE_COPY.afterPostTitle,
      afterPostText: file.subscribe.after_post?.text ?? DEFAULT_SUBSCRIBE_COPY.afterPostText,
      dialog: file.subscribe.dialog ?? DEFAULT_SUBSCRIBE_COPY.dialog,
    },
  };
}

/**
 * A site that has not said who it is yet (no content/site.yml was ever read): plain words the
 * owner replaces, never someone else's name.
 */
export const UNNAMED_SITE: SiteIdentity = siteIdentityOf(
  siteFileSchema.parse({ title: 'My site', owner: { name: 'The owner' } }),
);

/** The file's keys with every default filled in, as the console's Site section edits them. */
export type SiteFileValues = z.output<typeof siteFileSchema>;

/**
 * GET and PUT /api/admin/site: the identity as the file says it. PUT takes the same keys and is
 * checked by the same schema as the file.
 */
export const siteFileResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  site: siteFileSchema,
});
