import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../../security/secrets.js';

/**
 * The status token the subscribe answer hands to the browser that subscribed, so that browser
 * (and only it) can ask whether the address was confirmed since — spec: 'Refresh verification
 * status'. `<issued at, base36 ms>.<HMAC-SHA256 of the address and that time>`.
 *
 * It proves only that its holder submitted the form for the address at that time, which anyone
 * can do for any address, so it must reveal nothing older: the answer says "verified" only for a
 * confirmation made after the token was issued (see statusFor in routes.ts).
 */
export const STATUS_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;

function signature(secret: string, email: string, issuedAt: number): string {
  return createHmac('sha256', secret)
    .update(`subscription-status:v1:${issuedAt}:${email}`)
    .digest('base64url');
}

export function signStatusToken(secret: string, email: string, issuedAt: number): string {
  return `${issuedAt.toString(36)}.${signature(secret, email, issuedAt)}`;
}

/** When a token for `email` was issued, if it is genuine and not expired; else null. */
export function statusTokenIssuedAt(
  secret: string,
  token: unknown,
  email: string,
  now: number,
): number | null {
  if (typeof token !== 'string' || token.length > 80) return null;
  const match = /^([0-9a-z]{1,11})\.[A-Za-z0-9_-]{43}$/.exec(token);
  if (!match?.[1]) return null;
  const issuedAt = Number.parseInt(match[1], 36);
  if (!(issuedAt <= now && now - issuedAt < STATUS_TOKEN_TTL_MS)) return null;
  return constantTimeEqual(signStatusToken(secret, email, issuedAt), token) ? issuedAt : null;
}
