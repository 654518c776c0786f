import { parseCookie } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';
import type { Env } from '../../env.js';

const isProduction = (env: Pick<Env, 'NODE_ENV'>) => env.NODE_ENV === 'production';

/**
 * In production the `__Host-` prefix makes the browser refuse the cookie unless it is Secure,
 * host-only and Path=/, so a sibling subdomain or a plain-http page cannot plant or shadow it.
 */
export function cookieName(env: Pick<Env, 'NODE_ENV'>, base: string): string {
  return isProduction(env) ? `__Host-${base}` : base;
}

/** HttpOnly, SameSite=Lax, Path=/, Secure in production; `maxAgeMs` undefined = browser session. */
export function cookieOptions(env: Pick<Env, 'NODE_ENV'>, maxAgeMs?: number): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    // The cookie's scope (every path of the site), not a page.
    // eslint-disable-next-line page-paths/no-page-path-literal
    path: '/',
    secure: isProduction(env),
    ...(maxAgeMs === undefined ? {} : { maxAge: maxAgeMs }),
  };
}

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  return parseCookie(header)[name];
}

export function setCookie(
  res: Response,
  env: Pick<Env, 'NODE_ENV'>,
  base: string,
  value: string,
  maxAgeMs?: number,
) {
  res.cookie(cookieName(env, base), value, cookieOptions(env, maxAgeMs));
}

export function clearCookie(res: Response, env: Pick<Env, 'NODE_ENV'>, base: string) {
  res.clearCookie(cookieName(env, base), cookieOptions(env));
}
