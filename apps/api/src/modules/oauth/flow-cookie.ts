import { createHmac } from 'node:crypto';
import { OAUTH_PROVIDERS, type OAuthMode } from '@quillpost/domain';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { Env } from '../../env.js';
import { constantTimeEqual } from '../../security/secrets.js';
import { clearCookie, cookieName, readCookie, setCookie } from '../auth/index.js';

/**
 * One sign-in attempt, remembered in this browser between /authorize and /callback: the state,
 * the PKCE verifier and the nonce never leave the server except in this HttpOnly cookie, and
 * the HMAC means the browser cannot change them. It lives 10 minutes and is cleared at callback.
 */

export const FLOW_COOKIE = 'qp_oauth';
export const FLOW_TTL_MS = 10 * 60_000;

const flowSchema = z.object({
  provider: z.enum(OAUTH_PROVIDERS),
  state: z.string().min(1),
  codeVerifier: z.string().min(43),
  nonce: z.string().nullable(),
  mode: z.enum(['popup', 'redirect', 'link']),
  returnUrl: z.string(),
  /** The page of the site the sign-in started on, for a new account's record (issue 25). */
  startPath: z.string().nullable().default(null),
  /** mode=link: the user and session that started it; the callback must come from the same. */
  linkUserId: z.number().int().nullable(),
  linkSessionId: z.string().nullable(),
  expiresAt: z.number(),
});
export type Flow = z.output<typeof flowSchema> & { mode: OAuthMode };

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`oauth-flow\0${payload}`).digest('base64url');
}

/** `payload.signature`; exported so tests can build a validly signed but doctored flow. */
export function encodeFlow(secret: string, flow: Flow): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export function decodeFlowUnchecked(value: string): unknown {
  return JSON.parse(Buffer.from(value.split('.')[0] ?? '', 'base64url').toString('utf8'));
}

export function writeFlowCookie(res: Response, env: Env, flow: Flow): void {
  setCookie(res, env, FLOW_COOKIE, encodeFlow(env.SESSION_SECRET, flow), FLOW_TTL_MS);
}

/** The flow of this browser, if its cookie is present, untampered and not expired. */
export function readFlowCookie(req: Request, env: Env, nowMs: number): Flow | null {
  const value = readCookie(req, cookieName(env, FLOW_COOKIE));
  if (!value || value.length > 4096) return null;
  const [payload, signature, extra] = value.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  if (!constantTimeEqual(signature, sign(env.SESSION_SECRET, payload))) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = flowSchema.safeParse(json);
  if (!parsed.success || parsed.data.expiresAt <= nowMs) return null;
  return parsed.data;
}

export function clearFlowCookie(res: Response, env: Env): void {
  clearCookie(res, env, FLOW_COOKIE);
}
