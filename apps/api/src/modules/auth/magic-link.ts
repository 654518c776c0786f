import { inTransaction } from '../../db/statements.js';
import { siteIdentity } from '../site/index.js';
import { MAGIC_CODE_MAX_ATTEMPTS, MAGIC_LINK_TTL_MS, type MessageCode } from '@quillpost/domain';
import type { AppDeps } from '../../deps.js';
import { enqueueMail } from '../../mail/outbox.js';
import { renderEmail } from '../../mail/templates.js';
import {
  consumeMagicLink,
  findAccount,
  findMagicLinkByToken,
  findOpenMagicLink,
  findUserById,
  findUserByVerifiedEmail,
  insertMagicLink,
  pruneMagicLinks,
  recordWrongCode,
  type MagicLinkRow,
  type UserRow,
} from './store.js';
import { iso } from '../../clock.js';
import {
  constantTimeEqual,
  hashToken,
  keyedHash,
  newSecretToken,
  newSixDigitCode,
} from '../../security/secrets.js';
import { canSignIn } from './session.js';
import { userForEmail } from './service.js';

export type MagicLinkDeps = Pick<AppDeps, 'db' | 'clock' | 'env'>;

export type Checked<T> = { ok: true; value: T } | { ok: false; code: MessageCode };

/** Used, replaced or expired links are kept a day (for support questions), then deleted. */
const PRUNE_AFTER_MS = 24 * 60 * 60_000;

const fail = <T>(code: MessageCode): Checked<T> => ({ ok: false, code });

function codeHash(deps: MagicLinkDeps, tokenHash: string, code: string): string {
  // Keyed and bound to the link: the same code on another link hashes differently.
  return keyedHash(deps.env.SESSION_SECRET, 'magic-link-code', `${tokenHash}:${code}`);
}

/** The live user an address signs in as today, if any (for the "do not mail banned users" rule). */
function existingUser(deps: MagicLinkDeps, email: string): UserRow | undefined {
  const account = findAccount(deps.db, 'email', email);
  const viaAccount = account ? findUserById(deps.db, account.user_id) : undefined;
  return viaAccount ?? findUserByVerifiedEmail(deps.db, email);
}

export function magicLinkUrl(
  deps: Pick<MagicLinkDeps, 'env'>,
  token: string,
  returnUrl: string,
): string {
  const url = new URL('/api/auth/magic-link/verify', deps.env.PUBLIC_URL);
  url.searchParams.set('token', token);
  url.searchParams.set('returnUrl', returnUrl);
  return url.href;
}

/**
 * Issues a link and code for an address and queues the mail in the same transaction. Older
 * open links of the address are cancelled. A banned user gets no mail; the caller answers the
 * same either way, so the response never tells whether an address has an account.
 */
export function requestMagicLink(
  deps: MagicLinkDeps,
  request: { email: string; returnUrl: string; ipHash: string | null; startPath: string | null },
): void {
  const { db, clock } = deps;
  inTransaction(db, () => {
    const user = existingUser(deps, request.email);
    if (user && !canSignIn(user, clock.now())) return;
    const now = clock.now();
    pruneMagicLinks(db, iso(now - PRUNE_AFTER_MS));
    const token = newSecretToken();
    const code = newSixDigitCode();
    const tokenHash = hashToken(token);
    insertMagicLink(db, {
      email: request.email,
      user_id: user?.id ?? null,
      token_hash: tokenHash,
      code_hash: codeHash(deps, tokenHash, code),
      return_url: request.returnUrl,
      start_path: request.startPath,
      created_at: iso(now),
      expires_at: iso(now + MAGIC_LINK_TTL_MS),
      ip_hash: request.ipHash,
    });
    const minutes = Math.round(MAGIC_LINK_TTL_MS / 60_000);
    const url = magicLinkUrl(deps, token, request.returnUrl);
    const site = siteIdentity(db);
    const rendered = renderEmail({
      site,
      preheader: `Your sign-in code is ${code}`,
      heading: `Sign in to ${site.title}`,
      paragraphs: ['Use the button below to sign in. The link works once.'],
      button: { label: 'Sign in', url },
      notes: [
        `Reading this on another device? Enter this code in the sign-in window instead: ${code}`,
        `The link and the code expire in ${minutes} minutes. If you did not ask to sign in, you can ignore this email.`,
      ],
      reason: `You are receiving this because someone asked to sign in to ${siteIdentity(db).title} with this address.`,
    });
    enqueueMail(deps, {
      kind: 'magic-link',
      to: request.email,
      subject: `Your sign-in link for ${siteIdentity(db).title}`,
      html: rendered.html,
      text: rendered.text,
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
  });
}

function isOpen(link: MagicLinkRow, nowMs: number): boolean {
  return (
    link.consumed_at === null && link.cancelled_at === null && Date.parse(link.expires_at) > nowMs
  );
}

/**
 * Looks a link up without using it, for the confirm page. Mail scanners that open the link
 * therefore consume nothing.
 */
export function inspectMagicLink(deps: MagicLinkDeps, token: string): Checked<MagicLinkRow> {
  const link = findMagicLinkByToken(deps.db, hashToken(token));
  if (!link || !isOpen(link, deps.clock.now())) return fail('TOKEN_INVALID');
  if (link.user_id !== null && !findUserById(deps.db, link.user_id)) return fail('TOKEN_INVALID');
  return { ok: true, value: link };
}

export interface MagicSignIn {
  user: UserRow;
  returnUrl: string;
}

function signInWith(deps: MagicLinkDeps, link: MagicLinkRow): Checked<MagicSignIn> {
  const consumed = consumeMagicLink(deps.db, link.id, iso(deps.clock.now()));
  if (!consumed) return fail('TOKEN_INVALID');
  if (consumed.user_id !== null) {
    // Issued to an account that has since been deleted: the link dies with it.
    const owner = findUserById(deps.db, consumed.user_id);
    if (!owner || owner.deleted_at !== null) return fail('TOKEN_INVALID');
  }
  const outcome = userForEmail(deps, consumed.email, consumed.start_path);
  if (!outcome.ok) return fail(outcome.code);
  return { ok: true, value: { user: outcome.user, returnUrl: consumed.return_url } };
}

/**
 * Uses a link: single use is enforced by a conditional UPDATE. Run it inside the transaction
 * that also starts the session, so a refused sign-in (banned) leaves the link unused.
 */
export function redeemMagicLink(deps: MagicLinkDeps, token: string): Checked<MagicSignIn> {
  const link = findMagicLinkByToken(deps.db, hashToken(token));
  if (!link) return fail('TOKEN_INVALID');
  return signInWith(deps, link);
}

/**
 * Signs in with the 6-digit code of the newest open link of an address. Wrong codes count
 * against the link; after MAGIC_CODE_MAX_ATTEMPTS the code is locked (the link still works).
 * Returns `wrong: true` when a guess was wrong, so the caller can count it per IP.
 */
export function redeemMagicCode(
  deps: MagicLinkDeps,
  email: string,
  code: string,
): Checked<MagicSignIn> & { wrong?: boolean } {
  const link = findOpenMagicLink(deps.db, email);
  if (!link || !isOpen(link, deps.clock.now())) return { ...fail('TOKEN_INVALID'), wrong: true };
  if (link.code_attempts >= MAGIC_CODE_MAX_ATTEMPTS) return fail('CODE_LOCKED');
  if (!constantTimeEqual(codeHash(deps, link.token_hash, code), link.code_hash)) {
    const attempts = recordWrongCode(deps.db, link.id);
    return {
      ...fail(attempts >= MAGIC_CODE_MAX_ATTEMPTS ? 'CODE_LOCKED' : 'CODE_INVALID'),
      wrong: true,
    };
  }
  return signInWith(deps, link);
}
