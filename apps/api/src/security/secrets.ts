import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An opaque bearer secret: 32 random bytes (256 bits), base64url. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A short random id for naming things in URLs (not a secret). */
export function newPublicId(): string {
  return randomBytes(12).toString('base64url');
}

/** A uniformly random 6-digit code, leading zeros kept. */
export function newSixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** How a high-entropy secret is stored: SHA-256 is enough when the input cannot be guessed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Keyed hash for low-entropy values (codes, IPs) that a plain hash would not protect. */
export function keyedHash(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}\0${value}`).digest('hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A bearer link token naming a row: `<id base36>.<HMAC-SHA256 of message, base64url>`. The
 * message says what the token is for and about which row (and anything that revokes it), so one
 * purpose's token never passes for another's. It never expires; revoke by changing the message.
 */
export function signIdToken(secret: string, id: number, message: string): string {
  return `${id.toString(36)}.${createHmac('sha256', secret).update(message).digest('base64url')}`;
}

/** The row id an id token claims, before its signature is checked; null when malformed. */
export function idOfToken(token: unknown): number | null {
  if (typeof token !== 'string' || token.length > 100) return null;
  const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1]) return null;
  const id = Number.parseInt(match[1], 36);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
