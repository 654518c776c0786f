import path from 'node:path';
import { canonicalEmail } from '@quillpost/domain';
import { z } from 'zod';

/** The repository root, so the default paths work from `src/` (tsx) and `dist/` (node) alike. */
const repoRoot = path.resolve(import.meta.dirname, '../../..');

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.url().optional());

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

type ProviderVariables<P extends string> = {
  [K in `OAUTH_${P}_CLIENT_ID` | `OAUTH_${P}_CLIENT_SECRET`]: typeof optionalText;
} & {
  [
    K in `OAUTH_${P}_AUTHORIZE_URL` | `OAUTH_${P}_TOKEN_URL` | `OAUTH_${P}_USERINFO_URL`
  ]: z.ZodDefault<z.ZodURL>;
};

function providerVariables<P extends string>(
  provider: P,
  defaults: { authorize: string; token: string; userinfo: string },
): ProviderVariables<P> {
  return {
    [`OAUTH_${provider}_CLIENT_ID`]: optionalText,
    [`OAUTH_${provider}_CLIENT_SECRET`]: optionalText,
    [`OAUTH_${provider}_AUTHORIZE_URL`]: z.url().default(defaults.authorize),
    [`OAUTH_${provider}_TOKEN_URL`]: z.url().default(defaults.token),
    [`OAUTH_${provider}_USERINFO_URL`]: z.url().default(defaults.userinfo),
  } as ProviderVariables<P>;
}

const envFields = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_PATH: z.string().default(path.join(repoRoot, 'data', 'site.db')),
  // Snapshots of the database (pnpm backup, the server's schedule, before new migrations).
  BACKUP_DIR: z.string().default(path.join(repoRoot, 'data', 'backups')),
  BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).default(14),
  // Where `pnpm <command>` was typed (pnpm runs package scripts from the package's folder), so
  // a command's relative paths mean what the person typing it meant.
  INIT_CWD: optionalText,
  CONTENT_DIR: z.string().default(path.join(repoRoot, 'content')),
  // Publishing without a restart: re-sync when a file under CONTENT_DIR changes ("false" to stop).
  CONTENT_WATCH: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  // Cookieless page-view counts (decision 0019): "off" sends no beacon and counts nothing.
  ANALYTICS: z
    .enum(['on', 'off'])
    .default('on')
    .transform((value) => value === 'on'),
  // Days raw page views are kept before only their daily sums remain.
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(366).default(30),
  // The social web (issue 38, decision 0025): "off" removes every ActivityPub route and delivery.
  FEDERATION: z
    .enum(['on', 'off'])
    .default('on')
    .transform((value) => value === 'on'),
  // Lets remote fetches (actors, keys) reach private and loopback addresses: tests and local
  // development only. The server says so loudly at start.
  FEDERATION_ALLOW_PRIVATE_ADDRESSES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps', 'web', 'dist')),
  // Required in production (below): a forgotten value would put localhost in every mail and feed.
  WEB_ORIGIN: optionalUrl,
  PUBLIC_URL: optionalUrl,
  // The site's name is content/site.yml's `title` now: a deployment that still sets this learns
  // where it went instead of seeing its setting ignored.
  SITE_NAME: z
    .never({
      error:
        'is no longer read: the site is named by `title` in content/site.yml (or Console → Site)',
    })
    .optional(),
  SMTP_URL: optionalUrl,
  // The address mail comes from; its display name is site.yml's newsletter.from_name.
  MAIL_FROM: z.string().default('newsletter@localhost'),
  DKIM_DOMAIN: optionalText,
  DKIM_SELECTOR: optionalText,
  DKIM_PRIVATE_KEY: optionalText,
  // The resolvers the deliverability check asks (host or host:port, comma-separated); the
  // system's when unset.
  DNS_SERVERS: optionalText,
  SESSION_SECRET: optionalText,
  // Canonical forms, compared with the canonical address a sign-in proved.
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((list, ctx) =>
      list
        .split(',')
        .filter((entry) => entry.trim() !== '')
        .map((entry) => {
          const check = canonicalEmail(entry);
          if (check.ok) return check.email;
          ctx.addIssue({ code: 'custom', message: `not a plain email address: ${entry.trim()}` });
          return '';
        }),
    ),
  // Express's `trust proxy`: true, a hop count, or addresses/subnets/names (loopback,
  // uniquelocal, linklocal) separated by commas. Express would read "2" or "true" as addresses.
  // Relay webhooks (bounces and complaints after delivery): each endpoint answers 404 until its
  // secret is set. See README, "Bounces and complaints".
  MAILGUN_WEBHOOK_SIGNING_KEY: optionalText,
  POSTMARK_WEBHOOK_USER: optionalText,
  POSTMARK_WEBHOOK_PASSWORD: optionalText,
  // Only messages of this SNS topic are believed: anyone can sign messages of a topic of theirs.
  SES_SNS_TOPIC_ARN: optionalText,
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .transform((value): boolean | number | string => {
      const setting = value.trim();
      if (setting === 'true' || setting === 'false') return setting === 'true';
      return /^\d+$/.test(setting) ? Number(setting) : setting;
    }),
  TURNSTILE_SITE_KEY: z.string().default('1x00000000000000000000AA'),
  TURNSTILE_SECRET_KEY: optionalText,
  TURNSTILE_VERIFY_URL: z
    .url()
    .default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  // Abuse limits of the mail-sending routes (subscribe, resend, unsubscribe); benchmarks raise them.
  RATE_LIMIT_IP_MAX: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_IP_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60_000),
  RATE_LIMIT_EMAIL_MAX: z.coerce.number().int().positive().default(3),
  RATE_LIMIT_EMAIL_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60_000),
  // How long the API waits for a sign-in provider's token or profile endpoint.
  OAUTH_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  // Newsletter sends (README "Sending the newsletter"): SMTP connections and messages in flight,
  // messages per second (0: no limit), recipients per batch, attempts per recipient, the first
  // retry delay (doubling), and how many errors in a row pause a send.
  NEWSLETTER_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(5),
  NEWSLETTER_RATE_PER_SECOND: z.coerce.number().min(0).default(50),
  NEWSLETTER_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
  NEWSLETTER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  NEWSLETTER_RETRY_BASE_MS: z.coerce.number().int().min(0).default(60_000),
  NEWSLETTER_PAUSE_AFTER_ERRORS: z.coerce.number().int().min(1).default(20),
  // The mailto half of List-Unsubscribe; defaults to the MAIL_FROM address.
  NEWSLETTER_UNSUBSCRIBE_MAILTO: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...providerVariables('GOOGLE', {
    authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
  }),
  ...providerVariables('GITHUB', {
    authorize: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    userinfo: 'https://api.github.com/user',
  }),
  ...providerVariables('DISCORD', {
    authorize: 'https://discord.com/oauth2/authorize',
    token: 'https://discord.com/api/oauth2/token',
    userinfo: 'https://discord.com/api/users/@me',
  }),
  ...providerVariables('FACEBOOK', {
    authorize: 'https://www.facebook.com/v19.0/dialog/oauth',
    token: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfo: 'https://graph.facebook.com/me?fields=id,name,email,picture',
  }),
});

/**
 * Cloudflare's published Turnstile test keys (always pass, always block, always challenge;
 * visible and invisible). Paired with each other they make a working test setup; beside a real
 * key they break every form: a test site key makes every browser send the same dummy token, which
 * a real secret refuses (or accepts once, then "already spent" for everyone), and a test secret
 * passes anything a real widget sends.
 */
const TURNSTILE_TEST_SITE_KEYS = new Set([
  '1x00000000000000000000AA',
  '2x00000000000000000000AB',
  '1x00000000000000000000BB',
  '2x00000000000000000000BB',
  '3x00000000000000000000FF',
]);
const TURNSTILE_TEST_SECRET_KEYS = new Set([
  '1x0000000000000000000000000000000AA',
  '2x0000000000000000000000000000000AA',
  '3x0000000000000000000000000000000AA',
]);

const envSchema = envFields.superRefine((env, ctx) => {
  if (env.NODE_ENV !== 'production') return;
  if (env.TURNSTILE_SECRET_KEY) {
    const testSite = TURNSTILE_TEST_SITE_KEYS.has(env.TURNSTILE_SITE_KEY);
    const testSecret = TURNSTILE_TEST_SECRET_KEYS.has(env.TURNSTILE_SECRET_KEY);
    if (testSite && !testSecret) {
      ctx.addIssue({
        code: 'custom',
        path: ['TURNSTILE_SITE_KEY'],
        message: `is Cloudflare's test site key (${env.TURNSTILE_SITE_KEY}) beside a real secret key: every browser would send the same test token and every subscribe after the first would fail. Set the site key of your Turnstile widget`,
      });
    }
    if (testSecret && !testSite) {
      ctx.addIssue({
        code: 'custom',
        path: ['TURNSTILE_SECRET_KEY'],
        message: `is one of Cloudflare's test secret keys beside a real site key: the check would pass or refuse everyone alike. Set the secret key of your Turnstile widget`,
      });
    }
  }
  for (const name of [
    'SMTP_URL',
    'SESSION_SECRET',
    'TURNSTILE_SECRET_KEY',
    'PUBLIC_URL',
    'WEB_ORIGIN',
  ] as const) {
    if (!env[name])
      ctx.addIssue({ code: 'custom', path: [name], message: 'is required in production' });
  }
  if (env.SESSION_SECRET && env.SESSION_SECRET.length < 32) {
    ctx.addIssue({
      code: 'custom',
      path: ['SESSION_SECRET'],
      message: 'must be at least 32 characters',
    });
  }
});

export type Env = z.output<typeof envSchema> & {
  /** Signs manage links and OAuth state; required in production, a fixed development value elsewhere. */
  SESSION_SECRET: string;
  /** Where the web app is (links in mail, allowed Origins); required in production. */
  WEB_ORIGIN: string;
  /** Where the site is public (no trailing slash): canonical URLs, feeds, OAuth callbacks. */
  PUBLIC_URL: string;
};

/**
 * What `pnpm backup` and `pnpm restore` need, and nothing secret: a cron job or an operator's
 * shell can take and put back snapshots without the server's SMTP, session or Turnstile settings.
 */
const storageSchema = envFields.pick({
  DATABASE_PATH: true,
  BACKUP_DIR: true,
  BACKUP_KEEP: true,
  INIT_CWD: true,
});

export type StorageEnv = z.output<typeof storageSchema>;

function parsed<S extends z.ZodType>(schema: S, source: Record<string, string | undefined>) {
  const result = schema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  }
  return result.data as z.output<S>;
}

export function loadStorageEnv(
  source: Record<string, string | undefined> = process.env,
): StorageEnv {
  return parsed(storageSchema, source);
}

/** Validates configuration once; throws an error that names every bad or missing variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const data = parsed(envSchema, source);
  return {
    ...data,
    SESSION_SECRET: data.SESSION_SECRET ?? DEVELOPMENT_SECRET,
    // The development defaults: `pnpm dev` serves both ports (apps/api/src/dev.ts).
    WEB_ORIGIN: data.WEB_ORIGIN ?? 'http://localhost:5173',
    // Without a trailing slash, so `${PUBLIC_URL}/path` is always one slash.
    PUBLIC_URL: (data.PUBLIC_URL ?? 'http://localhost:8787').replace(/\/+$/, ''),
  };
}

// Production refuses to boot without a real secret, so this value never signs anything that matters.
const DEVELOPMENT_SECRET = 'development-only-secret-do-not-use-in-production';
