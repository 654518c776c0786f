import { canonicalEmail } from '@quillpost/domain';
import { z } from 'zod';
import type { ProviderProfile } from '../auth/index.js';

/**
 * Each provider's profile, as its API really answers, turned into one ProviderProfile. The
 * verified flag is only ever true when the provider itself says so.
 */

const id = z.union([z.string().min(1), z.number().int()]).transform(String);
const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value?.trim() ? value.trim() : null));

/** The address in its canonical form, or null when it is not a plain one. */
function cleanEmail(value: unknown): string | null {
  const check = canonicalEmail(value);
  return check.ok ? check.email : null;
}

function httpsUrl(value: string | null): string | null {
  return value && URL.parse(value)?.protocol === 'https:' ? value : null;
}

/** Google OIDC userinfo (sub, email, email_verified, name, picture). */
const googleUserinfo = z.object({
  sub: z.string().min(1),
  email: z.string().nullish(),
  // Booleans per OIDC, but some Google answers have carried the string "true".
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).nullish(),
  name: optionalText,
  picture: optionalText,
});

export function googleProfile(body: unknown): ProviderProfile {
  const data = googleUserinfo.parse(body);
  const email = cleanEmail(data.email);
  return {
    provider: 'google',
    id: data.sub,
    email,
    emailVerified:
      email !== null && (data.email_verified === true || data.email_verified === 'true'),
    name: data.name,
    avatarUrl: httpsUrl(data.picture),
  };
}

/** GitHub GET /user: the public email may be null or unverified. */
const githubUser = z.object({
  id,
  login: z.string(),
  name: optionalText,
  email: z.string().nullish(),
  avatar_url: optionalText,
});

/** GitHub GET /user/emails: where the primary and verified flags live. */
export const githubEmails = z.array(
  z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }).loose(),
);

export function githubProfile(userBody: unknown, emailsBody: unknown | undefined): ProviderProfile {
  const user = githubUser.parse(userBody);
  const emails = emailsBody === undefined ? [] : githubEmails.parse(emailsBody);
  const primary = emails.find((entry) => entry.primary);
  let email: string | null;
  let emailVerified: boolean;
  if (primary) {
    email = cleanEmail(primary.email);
    emailVerified = primary.verified;
  } else {
    // No emails list (scope not granted): the public address, verified only if listed as such.
    email = cleanEmail(user.email);
    emailVerified = emails.some((entry) => entry.verified && cleanEmail(entry.email) === email);
  }
  return {
    provider: 'github',
    id: user.id,
    email,
    emailVerified: email !== null && emailVerified,
    name: user.name ?? user.login,
    avatarUrl: httpsUrl(user.avatar_url),
  };
}

/** Discord GET /users/@me (identify + email scopes). */
const discordUser = z.object({
  id: z.string().regex(/^\d+$/),
  username: z.string(),
  global_name: optionalText,
  avatar: optionalText,
  email: z.string().nullish(),
  verified: z.boolean().nullish(),
});

export function discordProfile(body: unknown): ProviderProfile {
  const data = discordUser.parse(body);
  const email = cleanEmail(data.email);
  const avatar = data.avatar && /^(a_)?[0-9a-f]+$/i.test(data.avatar) ? data.avatar : null;
  return {
    provider: 'discord',
    id: data.id,
    email,
    emailVerified: email !== null && data.verified === true,
    name: data.global_name ?? data.username,
    avatarUrl: avatar ? `https://cdn.discordapp.com/avatars/${data.id}/${avatar}.png` : null,
  };
}

/** Facebook Graph GET /me?fields=id,name,email,picture: there is no verified flag at all. */
const facebookUser = z.object({
  id,
  name: optionalText,
  email: z.string().nullish(),
  picture: z
    .object({ data: z.object({ url: optionalText }).loose() })
    .loose()
    .nullish(),
});

export function facebookProfile(body: unknown): ProviderProfile {
  const data = facebookUser.parse(body);
  return {
    provider: 'facebook',
    id: data.id,
    email: cleanEmail(data.email),
    // Facebook says nothing about verification, so the address is only a claim.
    emailVerified: false,
    name: data.name,
    avatarUrl: httpsUrl(data.picture?.data.url ?? null),
  };
}
